package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.Judge;
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

    public Referee(GatePolicy policy) {
        this.stored = new Judge(policy);
        this.paired = new PairedJudge(policy);
    }

    public ScenarioVerdict judge(Evidence evidence) {
        if (evidence instanceof Evidence.Stored run) {
            return stored.judge(run.run(), run.baseline(), run.thresholds());
        }
        Evidence.Paired pair = (Evidence.Paired) evidence;
        ScenarioVerdict verdict = paired.judge(pair.subject(), pair.blocks(), pair.thresholds(), pair.changes());
        if (pair.component().isEmpty()) {
            return verdict;
        }
        return new ScenarioVerdict(verdict.scenario(), verdict.metrics().stream().map(metric -> metric.of(pair.component())).toList(),
                verdict.changes());
    }
}
