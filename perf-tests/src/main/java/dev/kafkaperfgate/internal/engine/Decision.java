package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One scenario, decided: its first measurement and verdict, and when a regression was flagged,
 * the confirming measurement, its verdict and the regressions both agree on.
 *
 * @param second    {@code null} unless the first verdict flagged a regression
 * @param again     {@code null} unless the first verdict flagged a regression
 * @param confirmed the metrics that regressed in both; empty when none did
 * @param confirmationWay how the second measurement was made, for the reader
 */
public record Decision<M>(M first, ScenarioVerdict verdict, M second, ScenarioVerdict again, List<MetricVerdict> confirmed,
                          String confirmationWay) {

    public Decision {
        confirmed = List.copyOf(confirmed);
    }

    /** The first verdict flagged a regression (or, for a stage that confirms it, a worse metric within its threshold), so the scenario was measured again. */
    public boolean flagged() {
        return second != null;
    }

    /** A regression both measurements agree on: the build fails. */
    public boolean regressed() {
        return !confirmed.isEmpty();
    }

    /** Why a flagged scenario passed, for summary.json; {@code null} when nothing was flagged or it regressed. */
    public String notConfirmedMessage() {
        return flagged() && !regressed() && verdict.has(Verdict.REGRESSION) ? "the regression flagged by the first measurement was not confirmed by " + confirmationWay : null;
    }

    /** The one line a confirmed regression fails with; {@code null} when none was confirmed. */
    public String regressionMessage() {
        if (!regressed()) {
            return null;
        }
        return verdict.scenario() + ": " + oneLine(verdict.with(Verdict.REGRESSION)) + "; confirmed by " + confirmationWay + ": "
                + oneLine(confirmed);
    }

    /**
     * One scenario's decisions (the whole client's, then each component's) as one: every metric's
     * first verdict; for the confirmation, a flagged part's second verdict and an unflagged part's
     * first, so that it shows the whole scenario; the regressions any part confirmed.
     */
    public static Decision<List<Object>> combine(List<? extends Decision<?>> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("nothing to combine");
        }
        ScenarioVerdict head = parts.get(0).verdict();
        List<Decision<?>> flagged = new java.util.ArrayList<>();
        parts.stream().filter(Decision::flagged).forEach(flagged::add);
        ScenarioVerdict verdict = new ScenarioVerdict(head.scenario(),
                parts.stream().flatMap(part -> part.verdict().metrics().stream()).toList(), head.changes());
        ScenarioVerdict again = flagged.isEmpty() ? null : new ScenarioVerdict(head.scenario(), parts.stream()
                .flatMap(part -> (part.flagged() ? part.again() : part.verdict()).metrics().stream()).toList(), head.changes());
        String ways = flagged.stream().map(Decision::confirmationWay).distinct().collect(Collectors.joining(" and "));
        return new Decision<>(parts.stream().map(part -> (Object) part.first()).toList(), verdict,
                flagged.isEmpty() ? null : flagged.stream().map(part -> (Object) part.second()).toList(), again,
                parts.stream().flatMap(part -> part.confirmed().stream()).toList(),
                ways.isEmpty() ? parts.get(0).confirmationWay() : ways);
    }

    /**
     * The metrics that regressed in both verdicts. A metric is the same when its metric and its
     * subject (the scenario, or a component) are.
     */
    static List<MetricVerdict> confirmedIn(ScenarioVerdict first, ScenarioVerdict again) {
        return again.with(Verdict.REGRESSION).stream()
                .filter(metric -> first.with(Verdict.REGRESSION).stream().anyMatch(flagged -> flagged.sameAs(metric)))
                .toList();
    }

    private static String oneLine(List<MetricVerdict> metrics) {
        return metrics.stream().map(MetricVerdict::line).collect(Collectors.joining("; "));
    }
}
