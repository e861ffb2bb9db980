/**
 * The benchmarks of the harness: this harness against Kafka's own {@code ProducerPerformance}
 * ({@code bench}), the gate's power in stored mode ({@code power stored}), and how long warm-up
 * must be ({@code warmup}). Each is a picocli command of the tools' command line.
 */
package dev.kafkaperfgate.tools.bench;
