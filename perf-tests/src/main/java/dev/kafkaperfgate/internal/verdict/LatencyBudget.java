package dev.kafkaperfgate.internal.verdict;

import java.util.Locale;

/**
 * A p99 judged against the team's latency budget (issue 82: {@code latency: {p99.max: 5ms}}), as
 * teams think of latency: "p99 under 5 ms at 5,000/s", not "+10% of the base's". The head's p99
 * interval (the base's centre times the ratio's interval) against the budget decides where it can:
 * wholly over it, with the base within it, is a REGRESSION (confirmed like any other); wholly under
 * it is OK, unless the relative threshold found a REGRESSION or a WARNING, which a budget never
 * takes back. A base already over the budget is judged by the relative threshold alone: the pull
 * request did not put it there. The relative
 * threshold decides only where this runner resolves it (its MDE below the threshold); a relative
 * change it cannot resolve is said once, with its MDE, and counts as INCONCLUSIVE only when the
 * budget does not decide either (the interval reaches across it).
 */
public final class LatencyBudget {

    private LatencyBudget() {
    }

    /** {@code relative}, the p99's verdict by the relative threshold, judged again against {@code budgetMicros}. */
    public static MetricVerdict apply(MetricVerdict relative, double budgetMicros) {
        RunToRunInterval.Comparison comparison = relative.comparison();
        if (comparison == null || !Double.isFinite(budgetMicros)) {
            return relative;
        }
        double low = comparison.baselineCenter() * comparison.low();
        double high = comparison.baselineCenter() * comparison.high();
        boolean resolvable = comparison.mdeLog() <= Math.abs(Math.log(1 + relative.thresholdPercent() / 100));
        String head = String.format(Locale.ROOT, "the head's p99 %s (interval %s .. %s) against the team's %s budget",
                time(relative.current()), time(low), time(high), time(budgetMicros));
        String unresolved = resolvable ? "" : String.format(Locale.ROOT, "; the relative change is not resolvable here (MDE %+.0f%%)",
                (Math.exp(comparison.mdeLog()) - 1) * 100);
        if (comparison.baselineCenter() > budgetMicros) {
            // Over budget before this change: the pull request did not put it there; the relative threshold judges what it adds.
            return relative.noted(String.format(Locale.ROOT, "the base's p99 %s is over the team's %s budget already: judged by the "
                    + "relative threshold", time(comparison.baselineCenter()), time(budgetMicros)));
        }
        if (low > budgetMicros) {
            return decided(relative, Verdict.REGRESSION, "over budget: " + head + unresolved);
        }
        if (relative.verdict() == Verdict.REGRESSION || relative.verdict() == Verdict.WARNING
                || resolvable && relative.verdict() != Verdict.INCONCLUSIVE) {
            // A budget never takes back a cost the relative threshold found (a noisy head must not buy a pass with its noise).
            return relative.noted(head + (high <= budgetMicros ? ": within it" : ": reaching past it"));
        }
        if (high <= budgetMicros) {
            return decided(relative, Verdict.OK, "within budget: " + head + unresolved);
        }
        return decided(relative, Verdict.INCONCLUSIVE, "the budget does not decide: " + head + " reaches across it" + unresolved
                + "; what would resolve it: more blocks (-Dperf.paired.blocks), a quieter runner, or a lower rate");
    }

    /** The budget's verdict and reason in place of the relative one's: the line says what decided. */
    private static MetricVerdict decided(MetricVerdict relative, Verdict verdict, String reason) {
        return new MetricVerdict(relative.metric(), verdict, relative.baseline(), relative.current(), relative.thresholdPercent(),
                relative.comparison(), reason, relative.component());
    }

    private static String time(double micros) {
        return micros >= 1000 ? String.format(Locale.ROOT, "%.2f ms", micros / 1000) : String.format(Locale.ROOT, "%.0f µs", micros);
    }
}
