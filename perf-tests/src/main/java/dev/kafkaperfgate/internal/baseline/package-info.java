/**
 * Baseline files: the strict reader, the one writer, profiles and machine classes, and the
 * environment fingerprint a baseline must match. It may use {@code figures}, {@code metrics} and
 * {@code broker} (for the broker's identity) and {@code history} (the nightly history read beside each baseline); never the engine ({@code workload}, {@code run}).
 */
package dev.kafkaperfgate.internal.baseline;
