package dev.kafkaperfgate.internal.result;

import dev.kafkaperfgate.internal.acceptance.Acceptance;
import dev.kafkaperfgate.GateResult;

/**
 * The title a reader sees first in the pull request's comment, for a run's decision: worded once,
 * here, and written into summary.json's decision block; the comment action prints it (issue 73).
 *
 * @param outcome      the run's decision
 * @param judged       whether any metric was compared with anything
 * @param confirmed    scenarios with a confirmed regression
 * @param notRun       scenarios that failed or errored
 * @param noBaseline   scenarios without a usable baseline while one is required
 * @param allUnchanged every scenario was left unmeasured because nothing its clients reach changed
 * @param warnings     scenarios whose final verdict is WARNING
 * @param inconclusive scenarios whose final verdict is INCONCLUSIVE
 * @param acceptedBy   who accepted a confirmed regression, or {@code null}
 * @param label        the label they set, or {@code null}
 */
record DecisionTitle(GateResult.Outcome outcome, boolean judged, long confirmed, long notRun, long noBaseline, boolean allUnchanged,
                     long warnings, long inconclusive, String acceptedBy, String label) {

    /** The title of a run's decision, from its scenarios' outcomes, its verdict counts and its acceptance ({@code null}: none). */
    static String of(GateResult result, com.fasterxml.jackson.databind.JsonNode counts, java.util.List<RunSummary.Outcome> outcomes,
                     Acceptance acceptance) {
        java.util.function.ToLongFunction<RunSummary.Outcome> count = outcome -> outcomes.stream().filter(outcome::equals).count();
        com.fasterxml.jackson.databind.JsonNode by = acceptance != null && acceptance.refusal() == null ? acceptance.toJson()
                : com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        return new DecisionTitle(result.outcome(), result.judged(), count.applyAsLong(RunSummary.Outcome.REGRESSION),
                count.applyAsLong(RunSummary.Outcome.FAILED) + count.applyAsLong(RunSummary.Outcome.ERROR),
                count.applyAsLong(RunSummary.Outcome.NO_BASELINE),
                !outcomes.isEmpty() && outcomes.size() == count.applyAsLong(RunSummary.Outcome.UNCHANGED), counts.path("WARNING").asLong(),
                counts.path("INCONCLUSIVE").asLong(), by.path("by").asText(null), by.path("label").asText(null)).text();
    }

    String text() {
        return switch (outcome) {
            case REGRESSION -> confirmed > 0
                    ? "❌ kafka-perf-gate: " + plural(confirmed, "confirmed regression", "confirmed regressions")
                    : "❌ kafka-perf-gate: " + plural(noBaseline, "scenario has", "scenarios have") + " no usable baseline (baselines are required)";
            case ACCEPTED -> "☑️ kafka-perf-gate: " + plural(confirmed, "confirmed regression", "confirmed regressions") + ", accepted by "
                    + acceptedBy + " (label " + label + ")";
            case INCOMPLETE -> "💥 kafka-perf-gate: incomplete run, " + plural(notRun, "scenario", "scenarios") + " could not run";
            case NOT_JUDGED -> "⛔ kafka-perf-gate: nothing was judged, so this is not a pass";
            case PASS -> passed();
        };
    }

    private String passed() {
        if (!judged && allUnchanged) {
            return "✅ kafka-perf-gate: nothing the clients run changed (not measured)";
        }
        if (!judged) {
            return "⚪ kafka-perf-gate: passes, but nothing was judged";
        }
        if (warnings > 0) {
            return "🔶 kafka-perf-gate: no regression; " + plural(warnings, "scenario is", "scenarios are")
                    + " worse in both measurements, within the threshold";
        }
        if (inconclusive > 0) {
            return "⚠️ kafka-perf-gate: no regression confirmed, some metrics inconclusive";
        }
        return "✅ kafka-perf-gate: no regression";
    }

    private static String plural(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }
}
