/**
 * The process broker: Kafka's broker from the packed Maven Central jars in a JVM of its own (KRaft
 * combined mode), one per node for a cluster, on free localhost ports with a fresh data directory;
 * stopped by pid with its data removed, on close, on JVM shutdown, and by a watchdog when the test
 * JVM is killed outright. It may use the broker package and {@code environment}.
 */
package dev.kafkaperfgate.internal.broker.process;
