/**
 * Brokers behind one interface: a Testcontainers container, a broker process from the packed
 * Maven Central jars, an external cluster; clusters of several, their topics, and the bounded
 * waits and clean stops of what the gate started. It may use {@code environment} (CPU pinning)
 * and nothing else of the gate.
 */
package dev.kafkaperfgate.internal.broker;
