/**
 * Brokers behind one interface ({@code KafkaBroker}): their settings, an external cluster, a pool
 * that hands scenarios the cluster size they ask for, the gate's own topics, cluster probes, and
 * the bounded waits and clean stops of what the gate started. The process and container brokers
 * are in subpackages, and {@code select} picks one; this package uses none of them. It may use
 * {@code environment} and nothing else of the gate.
 */
package dev.kafkaperfgate.internal.broker;
