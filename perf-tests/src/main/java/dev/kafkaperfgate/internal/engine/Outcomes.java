package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.verdict.WarningFloor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The final word on each metric, after one measurement or two. A reader sees three kinds of
 * "worse": a REGRESSION (beyond the threshold and the noise in both measurements; fails), a
 * WARNING (beyond the noise in both, but not beyond the threshold in both; shown, never fails),
 * and noise (worse in one measurement only: said so, and not counted). An IMPROVEMENT is claimed
 * only when both measurements show it, like a regression; a first measurement's improvement alone
 * is not claimed, since a run does not measure again for good news.
 */
final class Outcomes {

    private Outcomes() {
    }

    /**
     * One measurement, nothing flagged: an improvement seen once is not claimed, and a metric whose
     * interval at {@code unconfirmedAlpha} (the run's budget split over its comparisons) lies wholly
     * on the worse side is never called OK: it is a WARNING that says it was measured once. One worse
     * only at the first look's looser α keeps its verdict and says so, since its line shows that interval.
     */
    static ScenarioVerdict once(ScenarioVerdict first, double unconfirmedAlpha) {
        List<MetricVerdict> settled = new ArrayList<>();
        for (MetricVerdict metric : first.metrics()) {
            boolean worse = unflagged(metric) && metric.significantlyWorse();
            if (metric.verdict() == Verdict.IMPROVEMENT && !metric.whollyBetterBeyondThreshold()) {
                settled.add(metric.with(metric.unclaimed(), String.format(Locale.ROOT,
                        "better by %+.1f%% in one measurement, its interval not wholly beyond the threshold: not claimed",
                        metric.deltaPercent())));
            } else if (metric.verdict() == Verdict.IMPROVEMENT) {
                // The gate can tell (the interval lies beyond the threshold on the better side): not INCONCLUSIVE (issue 82).
                settled.add(metric.with(Verdict.BETTER, String.format(Locale.ROOT,
                        "better by %+.1f%% in one measurement: not confirmed (a run does not measure again for good news)",
                        metric.deltaPercent())));
            } else if (worse && !WarningFloor.reached(metric)) {
                settled.add(belowFloor(metric));
            } else if (worse && metric.comparison().worseAt(unconfirmedAlpha, metric.metric().higherIsBetter())) {
                settled.add(metric.with(Verdict.WARNING, String.format(Locale.ROOT, "%s (%+.1f%%, worse beyond the noise at α %.4f, "
                        + "measured once)", WORSE_UNCONFIRMED, metric.deltaPercent(), unconfirmedAlpha)));
            } else if (worse) {
                // The interval shown is the first look's, at its looser α; say why a wholly worse one is not a WARNING.
                settled.add(metric.with(metric.verdict(), String.format(Locale.ROOT, "worse (%+.1f%%) at the first look's α only, "
                        + "not at the run's α %.4f split over its comparisons: within the noise a run of this many comparisons shows",
                        metric.deltaPercent(), unconfirmedAlpha)));
            } else {
                settled.add(metric);
            }
        }
        return new ScenarioVerdict(first.scenario(), settled, first.changes());
    }

    /** Worse beyond the noise, but by less than a WARNING's floor: its verdict kept (OK or INCONCLUSIVE), its figure shown. */
    private static MetricVerdict belowFloor(MetricVerdict metric) {
        return metric.with(metric.verdict(), String.format(Locale.ROOT, "worse by %+.1f%%, below a WARNING's floor of %.1f%% (a quarter "
                + "of the threshold, or the most two JVMs of the same code were measured to differ by): not a cost worth a look", metric.deltaPercent(),
                WarningFloor.percent(metric.metric(), metric.thresholdPercent())));
    }

    /** The label of a metric worse within its threshold in one measurement, which no second measured again. */
    static final String WORSE_UNCONFIRMED = "worse, within the threshold (not confirmed)";

    /**
     * Worse beyond the noise but not flagged: judged OK or INCONCLUSIVE although its interval, drawn
     * at {@code alpha} (the WARNING's, looser than a look's), lies on the worse side.
     */
    static boolean worseWithin(MetricVerdict metric, double alpha) {
        return unflagged(metric) && metric.worseAt(alpha);
    }

    private static boolean unflagged(MetricVerdict metric) {
        return metric.verdict() == Verdict.OK || metric.verdict() == Verdict.INCONCLUSIVE;
    }

    /**
     * One measurement whose flagged regressions are not confirmed because the run had already
     * failed: each is INCONCLUSIVE and says so; the rest as {@link #once}.
     */
    static ScenarioVerdict unconfirmed(ScenarioVerdict first, double unconfirmedAlpha) {
        List<MetricVerdict> settled = new ArrayList<>();
        for (MetricVerdict metric : once(first, unconfirmedAlpha).metrics()) {
            settled.add(metric.verdict() == Verdict.REGRESSION ? metric.with(Verdict.INCONCLUSIVE, String.format(Locale.ROOT,
                    "flagged (%+.1f%%), not confirmed: the run had already failed", metric.deltaPercent())) : metric);
        }
        return new ScenarioVerdict(first.scenario(), settled, first.changes());
    }

    /**
     * Two measurements: each metric of the second, settled against the same metric of the first. A
     * metric is worse in a measurement when its interval at {@code warningAlpha} is
     * ({@link dev.kafkaperfgate.internal.verdict.GatePolicy#warningAlpha}).
     */
    static ScenarioVerdict twice(ScenarioVerdict first, ScenarioVerdict again, double warningAlpha) {
        List<MetricVerdict> settled = new ArrayList<>();
        for (MetricVerdict second : again.metrics()) {
            MetricVerdict earlier = first.metrics().stream().filter(metric -> metric.sameAs(second)).findFirst().orElse(null);
            settled.add(earlier == null ? second : settle(earlier, second, warningAlpha));
        }
        return new ScenarioVerdict(again.scenario(), settled, again.changes());
    }

    private static MetricVerdict settle(MetricVerdict first, MetricVerdict second, double warningAlpha) {
        Verdict a = first.verdict();
        Verdict b = second.verdict();
        boolean firstWorse = first.worseAt(warningAlpha);
        boolean secondWorse = second.worseAt(warningAlpha);
        if (a == Verdict.REGRESSION && b == Verdict.REGRESSION) {
            return second;
        }
        if (firstWorse && secondWorse && a != Verdict.REGRESSION && b != Verdict.REGRESSION
                && !(WarningFloor.reached(first) && WarningFloor.reached(second))) {
            return belowFloor(second);
        }
        if (firstWorse && secondWorse) {
            return second.with(Verdict.WARNING, String.format(Locale.ROOT,
                    "worse in both measurements (%+.1f%%, then %+.1f%%; each beyond the noise at α %.4f), beyond the %+.0f%% threshold "
                            + "in at most one: a real cost, too small to fail", first.deltaPercent(), second.deltaPercent(), warningAlpha,
                    second.thresholdPercent()));
        }
        if (a == Verdict.REGRESSION) {
            return second.with(second.unclaimed(), String.format(Locale.ROOT,
                    "the first measurement's %+.1f%% did not repeat: noise", first.deltaPercent()));
        }
        if (b == Verdict.REGRESSION) {
            return second.with(second.unclaimed(), "flagged by the second measurement only: noise");
        }
        if (firstWorse != secondWorse && a != Verdict.IMPROVEMENT && b != Verdict.IMPROVEMENT) {
            // Never a bare OK beside an interval wholly on the worse side: which measurement saw it, and that the other did not.
            return firstWorse
                    ? second.with(second.verdict(), String.format(Locale.ROOT, "worse in the first measurement only (%+.1f%%): noise",
                            first.deltaPercent()))
                    : second.with(second.verdict(), String.format(Locale.ROOT, "worse in the second measurement only (%+.1f%%): noise",
                            second.deltaPercent()));
        }
        if (a == Verdict.IMPROVEMENT && b == Verdict.IMPROVEMENT) {
            return second;
        }
        if (a == Verdict.IMPROVEMENT || b == Verdict.IMPROVEMENT) {
            return second.with(second.unclaimed(), "better in one measurement only: not claimed");
        }
        return second;
    }
}
