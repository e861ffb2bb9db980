package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.result.RunSummary;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The typed result's enums are the public face of the engine's own: every internal value has its
 * public twin by name (the result maps one onto the other), and the metric keys are the ones
 * summary.json and the console use.
 */
@Tag("unit")
class GateResultTest {

    private static List<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toList();
    }

    @Test
    void everyInternalVerdictOutcomeAndMetricHasItsPublicTwin() {
        assertEquals(names(dev.kafkaperfgate.internal.verdict.Verdict.values()), names(GateResult.Verdict.values()));
        assertEquals(names(RunSummary.Outcome.values()), names(GateResult.ScenarioOutcome.values()));
        // Every metric a verdict can name; the service time's p99 is only ever the p99's basis, and the I/O thread's
        // allocation the part of the allocation held at the base's, never a verdict's subject.
        List<dev.kafkaperfgate.internal.figures.Metric> judged = Arrays.stream(dev.kafkaperfgate.internal.figures.Metric.values())
                .filter(metric -> metric != dev.kafkaperfgate.internal.figures.Metric.SERVICE_P99
                        && metric != dev.kafkaperfgate.internal.figures.Metric.IO_ALLOC_PER_RECORD).toList();
        assertEquals(judged.stream().map(Enum::name).toList(), names(GateResult.Metric.values()));
        for (dev.kafkaperfgate.internal.figures.Metric metric : judged) {
            assertEquals(metric.key(), GateResult.Metric.valueOf(metric.name()).key(), metric.name());
        }
    }

    /**
     * Each run outcome's exit code and word, decided here once (issue 73): the shell, jq and the
     * comment print them from summary.json and keep no table of their own.
     */
    @Test
    void eachOutcomeHasOneExitCodeAndOneWord() {
        java.util.Map<GateResult.Outcome, String> expected = new java.util.EnumMap<>(java.util.Map.of(
                GateResult.Outcome.PASS, "0 pass", GateResult.Outcome.REGRESSION, "1 fail", GateResult.Outcome.ACCEPTED, "0 accepted",
                GateResult.Outcome.INCOMPLETE, "2 incomplete", GateResult.Outcome.NOT_JUDGED, "2 not-judged"));
        assertEquals(expected.keySet(), java.util.Set.of(GateResult.Outcome.values()));
        expected.forEach((outcome, codeAndWord) -> assertEquals(codeAndWord, outcome.exitCode() + " " + outcome.status(), outcome.name()));
    }
}
