package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.PairedT;
import dev.kafkaperfgate.internal.verdict.RunToRunInterval;
import org.apache.commons.math3.distribution.TDistribution;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Measures, judges and confirms one scenario, the same way in every mode: measure, judge; when a
 * metric regresses, make the next measurement independent ({@link Measurer#freshen}), measure and
 * judge again, and confirm only the metrics that regressed both times: a noise flag must survive
 * two independent tests before it fails a build. A measurer that can grow ({@link Measurer#maxLooks})
 * is measured more while a metric is INCONCLUSIVE, every look at α / looks. {@link Outcomes}
 * gives each metric its final word: a regression, a warning, noise, or an improvement both
 * measurements show.
 *
 * <pre>{@code
 * ScenarioEngine engine = new ScenarioEngine(policy, System.out);
 * Decision<Measured> decision = engine.conclude(engine.first("orders-publish", measurer), true);
 * if (decision.regressed()) { ... decision.regressionMessage() ... }
 * }</pre>
 * Outside this package a run decides through {@link RunDecisions}, which holds the run's fail-fast.
 */
final class ScenarioEngine {

    private final GatePolicy policy;
    private final Referee referee;
    private final PrintStream console;

    ScenarioEngine(GatePolicy policy, PrintStream console) {
        this.policy = policy;
        this.referee = new Referee(policy);
        this.console = console;
    }

    /** Measures and judges {@code scenario}, its looks included; {@link #conclude} decides its flag. */
    <M> FirstMeasurement<M> first(String scenario, Measurer<M> measurer) {
        Referee judge = measurer.maxLooks() == 1 ? referee : new Referee(policy.withLooks(measurer.maxLooks()));
        Measured<M> measured = measureUntilDecided(scenario, measurer, judge, false);
        print(scenario, "verdict", measured.verdict());
        return new FirstMeasurement<>(scenario, measurer, judge, measured.measurement(), measured.verdict());
    }

    /**
     * The first measurement's decision: settled when nothing regressed; else, with {@code confirm},
     * measured again on an independent measurement. Without it (the run has already failed, and
     * fail-fast is on) a flagged metric is shown as INCONCLUSIVE, "flagged, not confirmed: the run
     * had already failed": a confirmation could not change the run's decision, and nothing
     * unconfirmed fails a build.
     */
    <M> Decision<M> conclude(FirstMeasurement<M> measured, boolean confirm) {
        String scenario = measured.scenario();
        Measurer<M> measurer = measured.measurer();
        M first = measured.measurement();
        ScenarioVerdict verdict = measured.verdict();
        double unconfirmedAlpha = measured.judge().unconfirmedAlpha();
        if (!measured.flagged() && !(measured.worseWithin() && confirm)) {
            ScenarioVerdict settled = Outcomes.once(verdict, unconfirmedAlpha);
            printChanged(scenario, verdict, settled);
            return new Decision<>(first, settled, null, null, List.of(), measurer.confirmationWay());
        }
        if (!confirm) {
            ScenarioVerdict settled = Outcomes.unconfirmed(verdict, unconfirmedAlpha);
            console.printf("[%s] regression flagged, not confirmed: the run had already failed (-Dperf.fail.fast=false confirms it)%n",
                    scenario);
            printChanged(scenario, verdict, settled);
            return new Decision<>(first, settled, null, null, List.of(), measurer.confirmationWay());
        }
        if (measured.flagged()) {
            console.printf("[%s] regression flagged: measuring again, by %s, to confirm%n", scenario, measurer.confirmationWay());
        } else {
            console.printf(Locale.ROOT, "[%s] worse beyond the noise (at α %.4f), within the threshold: measuring again, "
                    + "by %s, to tell a real cost (WARNING) from noise%n", scenario, measured.judge().warningAlpha(), measurer.confirmationWay());
        }
        measurer.freshen();
        Measured<M> measuredSecond = measureUntilDecided(scenario, measurer, measured.judge(), true);
        M second = measuredSecond.measurement();
        ScenarioVerdict measuredAgain = measuredSecond.verdict();
        print(scenario, "confirmation", measuredAgain);
        ScenarioVerdict again = Outcomes.twice(verdict, measuredAgain, measured.judge().warningAlpha());
        printChanged(scenario, measuredAgain, again);
        Decision<M> decision = new Decision<>(first, verdict, second, again, Decision.confirmedIn(verdict, measuredAgain),
                measurer.confirmationWay());
        if (measured.flagged() && !decision.regressed()) {
            console.printf("[%s] not confirmed: the second measurement did not regress; passes%n", scenario);
        }
        return decision;
    }

    private record Measured<M>(M measurement, ScenarioVerdict verdict) {
    }

    /**
     * Measures, and while a metric is INCONCLUSIVE, nothing regressed and more blocks could still
     * decide it, measures more and judges again, up to the measurer's looks (each at α / looks: a
     * group-sequential design with α split equally over its looks, Bonferroni's bound, valid for any
     * stopping). A look that finds a regression stops: the confirmation decides it. A metric whose
     * MDE would still be above its threshold after every look left (the MDE falls as 1/√blocks) is
     * futile, and waits for nothing: the measurement stops when only futile ones are left.
     */
    private <M> Measured<M> measureUntilDecided(String scenario, Measurer<M> measurer, Referee judge, boolean confirmation) {
        M measurement = measurer.measure(confirmation);
        ScenarioVerdict verdict = judge.judge(measurer.evidence(measurement));
        for (int look = 2; look <= measurer.maxLooks() && !verdict.has(Verdict.REGRESSION); look++) {
            List<MetricVerdict> open = decidable(verdict, look - 1, measurer.maxLooks(), judge.alpha(), policy.power());
            if (open.isEmpty()) {
                List<MetricVerdict> futile = verdict.with(Verdict.INCONCLUSIVE);
                if (!futile.isEmpty()) {
                    console.printf("[%s] inconclusive: %s; not measured more: even %d looks would leave the MDE above the threshold%n",
                            scenario, String.join(", ", futile.stream().map(MetricVerdict::subject).toList()), measurer.maxLooks());
                }
                break;
            }
            console.printf("[%s] inconclusive: %s; measuring more (look %d of %d, each at α/%d)%n", scenario,
                    String.join(", ", open.stream().map(MetricVerdict::subject).toList()), look, measurer.maxLooks(), measurer.maxLooks());
            measurement = measurer.extend(measurement);
            verdict = judge.judge(measurer.evidence(measurement));
        }
        return new Measured<>(measurement, verdict);
    }

    /**
     * The INCONCLUSIVE metrics that all the looks left could decide. A metric is futile when its
     * blocks (at least {@link #FUTILITY_MIN_BLOCKS}, so that their spread is known well enough)
     * project, after every look, an MDE above its threshold and an interval too wide to make the
     * change already seen significant: the same spread over all the blocks the looks would measure,
     * with the t quantiles of their degrees of freedom (a signed-rank MDE, whose quantiles are the
     * normal's, shrinks as 1/√blocks).
     */
    static List<MetricVerdict> decidable(ScenarioVerdict verdict, int looks, int maxLooks, double alpha, double power) {
        return verdict.with(Verdict.INCONCLUSIVE).stream().filter(metric -> {
            RunToRunInterval.Comparison comparison = metric.comparison();
            if (comparison == null || comparison.runs() < FUTILITY_MIN_BLOCKS) {
                return true;
            }
            int blocks = comparison.runs() * maxLooks / looks;
            double projected;
            double halfWidth;
            if (PairedT.SAMPLES.equals(comparison.samples())) {
                TDistribution t = new TDistribution(blocks - 1);
                double critical = t.inverseCumulativeProbability(1 - alpha);
                projected = (critical + t.inverseCumulativeProbability(power)) * comparison.runToRunSd() / Math.sqrt(blocks);
                halfWidth = critical * comparison.runToRunSd() / Math.sqrt(blocks);
            } else {
                projected = comparison.mdeLog() * Math.sqrt((double) comparison.runs() / blocks);
                halfWidth = projected / 2;
            }
            double threshold = Math.abs(Math.log(1 + metric.thresholdPercent() / 100));
            double observed = Math.abs(Math.log(comparison.ratio()));
            // Decidable when more blocks could show it OK (the MDE within the threshold), or show the change already
            // seen beyond the threshold to be significant (a large effect is decided long before its MDE is small).
            return projected <= threshold || (observed > threshold && halfWidth < observed);
        }).toList();
    }

    /** Fewer blocks than this say too little about their spread to call a metric futile. */
    static final int FUTILITY_MIN_BLOCKS = 8;

    /** The metrics whose final word differs from what their last measurement said: a warning, noise, an unclaimed improvement. */
    private void printChanged(String scenario, ScenarioVerdict measured, ScenarioVerdict settled) {
        for (int i = 0; i < settled.metrics().size(); i++) {
            if (settled.metrics().get(i).verdict() != measured.metrics().get(i).verdict()) {
                console.printf("[%s] decided: %s%n", scenario, settled.metrics().get(i).line());
            }
        }
    }

    private void print(String scenario, String label, ScenarioVerdict verdict) {
        if (!verdict.changes().isEmpty()) {
            console.printf("[%s] %s: judged with the change: %s%n", scenario, label, String.join(", ", verdict.changes()));
        }
        verdict.metrics().forEach(metric -> console.printf("[%s] %s: %s%n", scenario, label, metric.line()));
    }
}
