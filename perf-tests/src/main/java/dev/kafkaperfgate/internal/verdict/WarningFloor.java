package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.figures.Metric;

import java.util.Map;

/**
 * The least change a WARNING names (issue 82). A WARNING is a cost worth a reviewer's time: it needs
 * statistical evidence (its interval wholly on the worse side) and a practical size, both. The size
 * is a quarter of the metric's threshold, and never less than the largest offset measured between
 * two JVMs running the same code (allocation per record: −1.1..+0.2% in six forced A/A runs of
 * the Spring adopter, 2026-12-08; −0.29..+0.07% in November's sixty; docs/verdicts.md). A component's duels run both sides in
 * one JVM, where 40 A/A runs warned none (docs/power.md): a quarter of its threshold, 2.5% at +10%,
 * still names a +4% cost. Below the floor a worse interval is a JVM pair's offset or a cost too small
 * to act on: its verdict stays, with its figure shown.
 */
public final class WarningFloor {

    /** The largest offsets measured between two JVMs of the same code, in percent, where they are larger than zero. */
    private static final Map<Metric, Double> JVM_PAIR_OFFSET = Map.of(Metric.ALLOC_PER_RECORD, 1.1);

    private WarningFloor() {
    }

    /** The floor in percent (positive) for {@code metric} under a threshold of {@code thresholdPercent} (either sign). */
    public static double percent(Metric metric, double thresholdPercent) {
        return Math.max(JVM_PAIR_OFFSET.getOrDefault(metric, 0.0), Math.abs(thresholdPercent) / 4);
    }

    /** Whether {@code metric}'s change is at least its floor. */
    public static boolean reached(MetricVerdict metric) {
        return Math.abs(metric.deltaPercent()) >= percent(metric.metric(), metric.thresholdPercent());
    }
}
