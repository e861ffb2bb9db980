/**
 * The brokers' side of a run, read from their own JMX: a process broker through the Attach API,
 * a container's or an external cluster's through Java's remote connector; a cluster's nodes read
 * as one. A leaf: it uses nothing else of the gate, and every broker kind reaches it.
 */
package dev.kafkaperfgate.internal.jmx;
