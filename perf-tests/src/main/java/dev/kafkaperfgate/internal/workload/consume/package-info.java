/**
 * The consume workload: a pre-loaded topic read by a new group per trial, every offset read once,
 * the console lines of {@code kafka-consumer-perf-test}. It may use {@code produce} (for the pre-
 * load), {@code send}, {@code payload} and the workload package.
 */
package dev.kafkaperfgate.internal.workload.consume;
