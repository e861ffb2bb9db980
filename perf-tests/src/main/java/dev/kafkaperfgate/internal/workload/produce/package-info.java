/**
 * The produce workload (warm-up, trials, the console lines of {@code kafka-producer-perf-test})
 * and the broker's warm-up. It may use {@code send}, {@code fault}, {@code payload} and the
 * workload package.
 */
package dev.kafkaperfgate.internal.workload.produce;
