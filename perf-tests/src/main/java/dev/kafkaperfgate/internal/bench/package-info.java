/**
 * The mains of the benchmark scripts: the harness against Kafka's own {@code
 * ProducerPerformance}, the gate's power in stored mode, the warm-up probe. Measurement tools,
 * not the gate: nothing of the gate may use them. They may use any internal package.
 */
package dev.kafkaperfgate.internal.bench;
