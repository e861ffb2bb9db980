package dev.kafkaperfgate.internal.result;

import dev.kafkaperfgate.GateResult.Outcome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The comment's title for each decision, worded here once (issue 73): the comment action prints
 * summary.json's {@code decision.title} and words nothing of its own. A run that judged nothing
 * never reads as a pass, and an accepted regression names who accepted it.
 */
@Tag("unit")
class DecisionTitleTest {

    private static String title(Outcome outcome, boolean judged, long confirmed, long notRun, long noBaseline, boolean allUnchanged,
                                long warnings, long inconclusive) {
        return new DecisionTitle(outcome, judged, confirmed, notRun, noBaseline, allUnchanged, warnings, inconclusive, "maint-1",
                "perf-accepted").text();
    }

    @Test
    void eachDecisionHasItsTitle() {
        assertEquals("❌ kafka-perf-gate: 2 confirmed regressions", title(Outcome.REGRESSION, true, 2, 0, 0, false, 0, 0));
        assertEquals("❌ kafka-perf-gate: 1 scenario has no usable baseline (baselines are required)",
                title(Outcome.REGRESSION, true, 0, 0, 1, false, 0, 0));
        assertEquals("☑️ kafka-perf-gate: 1 confirmed regression, accepted by maint-1 (label perf-accepted)",
                title(Outcome.ACCEPTED, true, 1, 0, 0, false, 0, 0));
        assertEquals("💥 kafka-perf-gate: incomplete run, 1 scenario could not run", title(Outcome.INCOMPLETE, true, 1, 1, 0, false, 0, 0));
        assertEquals("⛔ kafka-perf-gate: nothing was judged, so this is not a pass", title(Outcome.NOT_JUDGED, false, 0, 0, 0, false, 0, 0));
    }

    @Test
    void aPassSaysWhatKindOfPass() {
        assertEquals("✅ kafka-perf-gate: nothing the clients run changed (not measured)", title(Outcome.PASS, false, 0, 0, 0, true, 0, 0));
        assertEquals("⚪ kafka-perf-gate: passes, but nothing was judged", title(Outcome.PASS, false, 0, 0, 0, false, 0, 0));
        assertEquals("🔶 kafka-perf-gate: no regression; 2 scenarios are worse in both measurements, within the threshold",
                title(Outcome.PASS, true, 0, 0, 0, false, 2, 1));
        assertEquals("⚠️ kafka-perf-gate: no regression confirmed, some metrics inconclusive", title(Outcome.PASS, true, 0, 0, 0, false, 0, 3));
        assertEquals("✅ kafka-perf-gate: no regression", title(Outcome.PASS, true, 0, 0, 0, false, 0, 0));
    }
}
