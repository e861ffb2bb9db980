/**
 * Which broker a run gets: {@code -Dperf.broker} (auto, container, process, external) turned into a
 * started broker or cluster, with the choice and its reason printed. It may use every broker
 * package; nothing in the broker packages uses it.
 */
package dev.kafkaperfgate.internal.broker.select;
