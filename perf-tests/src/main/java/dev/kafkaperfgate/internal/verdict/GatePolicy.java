package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.Defaults;

/**
 * How strict the verdict is, for one run of a suite. The false-alarm budget is for the whole run,
 * not per comparison: a PR suite of 4 scenarios makes 7 comparisons, and 2% each would fail one
 * clean PR in seven. A build fails only when a comparison flags a regression and its
 * confirmation re-run flags it again, so with {@code m} comparisons each tested at {@code α} per
 * stage the run's false-alarm probability is at most {@code m·α²} when the two stages are
 * independent: {@code α = √(budget / m)} spends the budget exactly (Bonferroni over the two-stage
 * test). The stages are not fully independent on a shared machine (a slow hour slows both), which
 * is what the drift ruler and {@code scripts/gate-power.sh} measure.
 *
 * @param suiteFalseAlarmRate the run's false-alarm budget, in (0, 1); see {@link Defaults#SUITE_FALSE_ALARM_RATE}
 * @param comparisons         metric comparisons in the run (scenarios × their metrics), at least 1
 * @param alpha               one-sided false-alarm probability per comparison and stage
 * @param power               the power the minimum detectable effect is reported at; see {@link Defaults#VERDICT_POWER}
 * @param minBaselineRuns     fewer baseline runs than this give INCONCLUSIVE; see {@link Defaults#MIN_BASELINE_RUNS}
 * @param baselineRequired    whether NEW and MISMATCH fail the build ({@code -Dperf.baseline.required=true})
 * @param allowUnjudged       whether a run that judged nothing at all (every verdict NEW or MISMATCH) may pass
 *                            ({@code -Dperf.allow.unjudged=true}: the nightly's first recording, a first adoption);
 *                            otherwise it ends NOT_JUDGED, exit 2, because a missing baseline must not read as a pass
 * @param looks               how many times a growing measurement is judged ({@link #withLooks}); 1 for one look
 */
public record GatePolicy(double suiteFalseAlarmRate, int comparisons, double alpha, double power, int minBaselineRuns,
                         boolean baselineRequired, boolean allowUnjudged, int looks) {

    /**
     * This policy for a measurement that may be judged up to {@code looks} times as it grows (a
     * verdict that keeps measuring while it is INCONCLUSIVE): each look at α / looks, so that
     * looking more often cannot raise the false-alarm rate (Bonferroni over the looks).
     */
    public GatePolicy withLooks(int looks) {
        if (looks < 1) {
            throw new IllegalArgumentException("at least one look, got " + looks);
        }
        return new GatePolicy(suiteFalseAlarmRate, comparisons, alpha / looks, power, minBaselineRuns, baselineRequired, allowUnjudged,
                this.looks * looks);
    }

    /** As {@link #forSuite}'s, judged at one look. */
    public GatePolicy(double suiteFalseAlarmRate, int comparisons, double alpha, double power, int minBaselineRuns,
                      boolean baselineRequired, boolean allowUnjudged) {
        this(suiteFalseAlarmRate, comparisons, alpha, power, minBaselineRuns, baselineRequired, allowUnjudged, 1);
    }

    /**
     * The one-sided α at which one measurement, not confirmed by a second, is called worse within
     * the threshold: the run's budget split over its comparisons and looks (Bonferroni), not the
     * first stage's α, which only a confirmation makes strict. An A/A run shows such a line with
     * probability at most the budget.
     */
    public double unconfirmedAlpha() {
        return suiteFalseAlarmRate / comparisons / looks;
    }

    /**
     * The one-sided α at which each of two independent measurements must show a metric worse for
     * a WARNING: the stage's α before its split over the looks. The split guards a REGRESSION,
     * which fails a build on one flag confirmed once; a WARNING fails nothing and needs both
     * measurements worse, so an A/A shows one with probability at most {@code (looks · α)²} per
     * comparison (each measurement stops at one of its looks), 0.7% at the gate's 3 looks and α
     * 0.028. Judged at α / looks instead, with four duels a look (3 degrees of freedom, t 4.9
     * against 3.0), a +5% component change showed in each set too rarely to be seen twice: 11 of 20
     * (issue 61).
     */
    public double warningAlpha() {
        return alpha * looks;
    }

    public static GatePolicy forSuite(int comparisons, GateSettings settings) {
        double rate = settings.falseAlarmRate();
        if (comparisons < 1) {
            throw new IllegalArgumentException("a run compares at least one metric, got " + comparisons);
        }
        boolean required = settings.baselineRequired();
        boolean allowUnjudged = settings.allowUnjudged();
        return new GatePolicy(rate, comparisons, Math.min(0.25, Math.sqrt(rate / comparisons)), Defaults.VERDICT_POWER,
                Defaults.MIN_BASELINE_RUNS, required, allowUnjudged);
    }
}
