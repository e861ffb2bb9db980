package dev.kafkaperfgate.internal.figures;

import java.util.List;

/**
 * What the warm-up did; never part of the measured figures.
 *
 * @param records       records sent during warm-up
 * @param durationNanos its length, nanoseconds
 * @param steady        whether the windows agreed before the maximum warm-up time
 * @param windowFigure  what {@code windows} hold: "records/s" (no target rate) or "median latency µs" (target rate)
 * @param windows       one figure per window, oldest first
 */
public record WarmupSummary(long records, long durationNanos, boolean steady, String windowFigure, List<Double> windows) {
}
