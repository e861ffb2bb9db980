package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.Judge;
import dev.kafkaperfgate.internal.verdict.MissingFigureException;
import dev.kafkaperfgate.internal.verdict.PairedJudge;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;

/**
 * Judges evidence with the run's policy (its α after the correction for the run's comparisons).
 * The only caller of the judges: a mode hands evidence over and gets verdicts back, so a rule
 * about judging is changed here once.
 */
public final class Referee {

    private final Judge stored;
    private final PairedJudge paired;

    private final GatePolicy policy;

    public Referee(GatePolicy policy) {
        this.policy = policy;
        this.stored = new Judge(policy);
        this.paired = new PairedJudge(policy);
    }

    /** The one-sided α each comparison is judged at. */
    double alpha() {
        return policy.alpha();
    }

    /** The α at which one measurement, confirmed by none, calls a metric worse within its threshold. */
    double unconfirmedAlpha() {
        return policy.unconfirmedAlpha();
    }

    /** The α at which each of two measurements must show a metric worse for a WARNING. */
    double warningAlpha() {
        return policy.warningAlpha();
    }

    /**
     * @throws MissingFigureException when the scenario gates a broker figure a whole client's
     *                                measurement lacks: not judged, never passed
     */
    public ScenarioVerdict judge(Evidence evidence) {
        if (evidence instanceof Evidence.Stored run) {
            MissingFigureException.requireGated(run.run().figures().metrics().keySet(), run.thresholds(), run.run().scenario());
            return stored.judge(run.run(), run.baseline(), run.thresholds());
        }
        Evidence.Paired pair = (Evidence.Paired) evidence;
        if (pair.component().isEmpty()) {
            MissingFigureException.requireGated(pair.blocks().keySet(), pair.thresholds(), pair.subject());
            return paired.judge(pair.subject(), pair.blocks(), pair.thresholds(), pair.changes());
        }
        // A component's duels run both sides at once, batch by batch: the machine moving under them
        // (measured here: the same code at 600 and at 1100 ns/op within one duel) falls on both
        // alike, so the base's own control would judge the machine, not the comparison.
        ScenarioVerdict verdict = paired.judge(pair.subject(), pair.blocks(), pair.thresholds(), pair.changes(), false);
        return new ScenarioVerdict(verdict.scenario(), verdict.metrics().stream().map(metric -> metric.of(pair.component())).toList(),
                verdict.changes());
    }
}
