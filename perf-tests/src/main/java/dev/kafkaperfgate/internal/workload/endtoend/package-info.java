/**
 * The end-to-end workload: a producer and a reader in one JVM, the latency from send to read for
 * every record. It may use {@code produce}, {@code send} and the workload package.
 */
package dev.kafkaperfgate.internal.workload.endtoend;
