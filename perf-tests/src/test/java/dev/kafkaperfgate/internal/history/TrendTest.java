package dev.kafkaperfgate.internal.history;

import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The nightly trend on synthetic histories with the run-to-run noise measured here: the spread
 * of each metric's run values across the stored baselines' runs (amd-epyc, 4 runs each; the
 * largest of the PR suite's scenarios per metric).
 */
@Tag("unit")
class TrendTest {

    /** Run-to-run SD of the log run value, per metric, as measured in baselines/linux-amd64-2c/amd-epyc. */
    private static final Map<Metric, Double> NOISE = Map.of(Metric.THROUGHPUT, 0.078, Metric.P99, 0.134, Metric.CPU_PER_RECORD, 0.071,
            Metric.ALLOC_PER_RECORD, 0.031, Metric.WIRE_BYTES_PER_RECORD, 0.002, Metric.RECORDS_PER_REQUEST, 0.042);
    private static final Map<Metric, Double> LEVEL = Map.of(Metric.THROUGHPUT, 20_000.0, Metric.P99, 4_000.0, Metric.CPU_PER_RECORD, 7_000.0,
            Metric.ALLOC_PER_RECORD, 1_250.0, Metric.WIRE_BYTES_PER_RECORD, 1_041.0, Metric.RECORDS_PER_REQUEST, 1.1);
    /** The stored mode's default thresholds. */
    private static final Map<Metric, Double> THRESHOLDS = Map.of(Metric.THROUGHPUT, 10.0, Metric.P99, 25.0, Metric.CPU_PER_RECORD, 10.0,
            Metric.ALLOC_PER_RECORD, 10.0, Metric.WIRE_BYTES_PER_RECORD, 10.0, Metric.RECORDS_PER_REQUEST, 10.0);

    @Test
    void aStepInjectedThreeNightsBackIsFlaggedWithItsFirstCommit() {
        Random random = new Random(3);
        // Allocation per record +25% from night 28 of 30: two nights in the history and tonight at the new level.
        List<NightlyHistory.Night> history = nights(random, 29, "sha-a", 27, Metric.ALLOC_PER_RECORD, 1.25);
        Trend trend = Trend.of(history, "sha-a", "c-tonight", tonight(random, Metric.ALLOC_PER_RECORD, 1.25), THRESHOLDS);
        assertEquals(30, trend.nights());
        assertEquals(1, trend.flagged().size(), trend.steps().toString());
        Trend.Step step = trend.flagged().get(0);
        assertEquals(Metric.ALLOC_PER_RECORD, step.metric());
        assertEquals(3, step.nightsSince());
        assertEquals("c27", step.commit());
        assertTrue(step.changePercent() > 15 && step.changePercent() < 35, step.describe());
        assertTrue(step.describe().startsWith("allocBytesPerRecord +"), step.describe());
    }

    @Test
    void anAaHistoryOfTheSameNoiseFlagsNothing() {
        int flagged = 0;
        int found = 0;
        List<String> flags = new ArrayList<>();
        for (int seed = 0; seed < 100; seed++) {
            Random random = new Random(1000 + seed);
            Trend trend = Trend.of(nights(random, 29, "sha-a", Integer.MAX_VALUE, null, 1), "sha-a", "c-tonight", tonight(random, null, 1),
                    THRESHOLDS);
            flagged += trend.flagged().size();
            trend.flagged().forEach(step -> flags.add(step.describe()));
            found += trend.steps().size();
        }
        assertEquals(0, flagged, "100 A/A histories of 30 nights, 6 metrics each: " + flags);
        // Not a detector that finds nothing at all: the same histories with a step are flagged (above); change points that are
        // not flagged may still appear in A/A, and are only reported.
        assertTrue(found < 60, "change points in 600 A/A series: " + found);
    }

    @Test
    void tonightAloneIsAnOutlierUntilTheNextNightRepeatsIt() {
        Random random = new Random(5);
        Trend trend = Trend.of(nights(random, 29, "sha-a", Integer.MAX_VALUE, null, 1), "sha-a", "c-tonight",
                tonight(random, Metric.CPU_PER_RECORD, 2.0), THRESHOLDS);
        assertTrue(trend.flagged().isEmpty(), trend.steps().toString());
    }

    @Test
    void anImprovementIsReportedNotFlagged() {
        Random random = new Random(7);
        Trend trend = Trend.of(nights(random, 29, "sha-a", 26, Metric.THROUGHPUT, 1.5), "sha-a", "c-tonight",
                tonight(random, Metric.THROUGHPUT, 1.5), THRESHOLDS);
        assertTrue(trend.flagged().isEmpty(), trend.steps().toString());
        assertTrue(trend.steps().stream().anyMatch(step -> step.metric() == Metric.THROUGHPUT && step.changePercent() > 30), trend.steps().toString());
    }

    @Test
    void aChangedDefinitionStartsTheSeriesAgain() {
        Random random = new Random(9);
        List<NightlyHistory.Night> history = new ArrayList<>(nights(random, 20, "sha-old", Integer.MAX_VALUE, null, 1));
        // The definition changed (accepted): its nights run at twice the CPU, which is not a step of the new series.
        for (NightlyHistory.Night night : nights(random, 9, "sha-new", 0, Metric.CPU_PER_RECORD, 2.0)) {
            history.add(night);
        }
        Trend trend = Trend.of(history, "sha-new", "c-tonight", tonight(random, Metric.CPU_PER_RECORD, 2.0), THRESHOLDS);
        assertEquals(10, trend.nights());
        assertTrue(trend.flagged().isEmpty(), trend.steps().toString());
    }

    @Test
    void tooFewNightsLookForNothing() {
        Random random = new Random(11);
        Trend trend = Trend.of(nights(random, 3, "sha-a", 1, Metric.CPU_PER_RECORD, 3.0), "sha-a", "c", tonight(random, Metric.CPU_PER_RECORD, 3.0),
                THRESHOLDS);
        assertEquals(4, trend.nights());
        assertTrue(trend.steps().isEmpty());
    }

    /** {@code count} nights; from night {@code stepAt} on, {@code stepped} is {@code factor} times its level. */
    static List<NightlyHistory.Night> nights(Random random, int count, String definition, int stepAt, Metric stepped, double factor) {
        List<NightlyHistory.Night> nights = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nights.add(new NightlyHistory.Night("c" + i, "2026-10-" + String.format("%02d", 1 + i % 28) + "T03:17:00Z", "run-" + i, definition,
                    values(random, i >= stepAt ? stepped : null, factor)));
        }
        return nights;
    }

    static Map<Metric, Double> tonight(Random random, Metric stepped, double factor) {
        return values(random, stepped, factor);
    }

    private static Map<Metric, Double> values(Random random, Metric stepped, double factor) {
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        // In the enum's order, not Map.of's (which changes from JVM to JVM): the same seed draws the same nights.
        for (Metric metric : Metric.values()) {
            if (LEVEL.containsKey(metric)) {
                double value = LEVEL.get(metric) * Math.exp(random.nextGaussian() * NOISE.get(metric));
                values.put(metric, metric == stepped ? value * factor : value);
            }
        }
        return values;
    }
}
