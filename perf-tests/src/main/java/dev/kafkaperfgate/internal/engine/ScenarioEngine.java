package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.io.PrintStream;
import java.util.List;

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
 * Decision<Measured> decision = engine.decide("orders-publish", measurer);
 * if (decision.regressed()) { ... decision.regressionMessage() ... }
 * }</pre>
 */
public final class ScenarioEngine {

    private final GatePolicy policy;
    private final Referee referee;
    private final PrintStream console;

    public ScenarioEngine(GatePolicy policy, PrintStream console) {
        this.policy = policy;
        this.referee = new Referee(policy);
        this.console = console;
    }

    /** Measures and judges {@code scenario}, confirming a flagged regression. */
    public <M> Decision<M> decide(String scenario, Measurer<M> measurer) {
        Referee judge = measurer.maxLooks() == 1 ? referee : new Referee(policy.withLooks(measurer.maxLooks()));
        Measured<M> measuredFirst = measureUntilDecided(scenario, measurer, judge, false);
        M first = measuredFirst.measurement();
        ScenarioVerdict verdict = measuredFirst.verdict();
        print(scenario, "verdict", verdict);
        if (!verdict.has(Verdict.REGRESSION)) {
            ScenarioVerdict settled = Outcomes.once(verdict);
            printChanged(scenario, verdict, settled);
            return new Decision<>(first, settled, null, null, List.of(), measurer.confirmationWay());
        }
        console.printf("[%s] regression flagged: measuring again, by %s, to confirm%n", scenario, measurer.confirmationWay());
        measurer.freshen();
        Measured<M> measuredSecond = measureUntilDecided(scenario, measurer, judge, true);
        M second = measuredSecond.measurement();
        ScenarioVerdict measuredAgain = measuredSecond.verdict();
        print(scenario, "confirmation", measuredAgain);
        ScenarioVerdict again = Outcomes.twice(verdict, measuredAgain);
        printChanged(scenario, measuredAgain, again);
        Decision<M> decision = new Decision<>(first, verdict, second, again, Decision.confirmedIn(verdict, measuredAgain),
                measurer.confirmationWay());
        if (!decision.regressed()) {
            console.printf("[%s] not confirmed: the second measurement did not regress; passes%n", scenario);
        }
        return decision;
    }

    private record Measured<M>(M measurement, ScenarioVerdict verdict) {
    }

    /**
     * Measures, and while a metric is INCONCLUSIVE and nothing regressed, measures more and judges
     * again, up to the measurer's looks. A look that finds a regression stops: the confirmation
     * decides it.
     */
    private <M> Measured<M> measureUntilDecided(String scenario, Measurer<M> measurer, Referee judge, boolean confirmation) {
        M measurement = measurer.measure(confirmation);
        ScenarioVerdict verdict = judge.judge(measurer.evidence(measurement));
        for (int look = 2; look <= measurer.maxLooks() && verdict.has(Verdict.INCONCLUSIVE) && !verdict.has(Verdict.REGRESSION); look++) {
            console.printf("[%s] inconclusive: %s; measuring more (look %d of %d, each at α/%d)%n", scenario,
                    String.join(", ", verdict.with(Verdict.INCONCLUSIVE).stream().map(MetricVerdict::subject).toList()), look, measurer.maxLooks(), measurer.maxLooks());
            measurement = measurer.extend(measurement);
            verdict = judge.judge(measurer.evidence(measurement));
        }
        return new Measured<>(measurement, verdict);
    }

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
