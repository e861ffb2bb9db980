package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.result.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The typed result's enums are the public face of the engine's own: every internal value has its
 * public twin by name (the result maps one onto the other), and the metric keys are the ones
 * summary.json and the console use.
 */
class GateResultTest {

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    @Test
    void everyInternalVerdictOutcomeAndMetricHasItsPublicTwin() {
        assertEquals(names(dev.kafkaperfgate.internal.verdict.Verdict.values()), names(GateResult.Verdict.values()));
        assertEquals(names(RunSummary.Outcome.values()), names(GateResult.ScenarioOutcome.values()));
        assertEquals(names(dev.kafkaperfgate.internal.figures.Metric.values()), names(GateResult.Metric.values()));
        for (dev.kafkaperfgate.internal.figures.Metric metric : dev.kafkaperfgate.internal.figures.Metric.values()) {
            assertEquals(metric.key(), GateResult.Metric.valueOf(metric.name()).key(), metric.name());
        }
    }
}
