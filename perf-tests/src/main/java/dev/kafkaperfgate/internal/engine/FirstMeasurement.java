package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.util.Comparator;

/**
 * One stage measured and judged, its looks included, its confirmation not yet decided:
 * {@link RunDecisions#first} makes it, {@link RunDecisions#conclude} confirms it (or not, once the
 * run has failed). Kept apart so that a mode can take every scenario's first measurement before any
 * confirmation, and confirm the strongest flag first: once one regression is confirmed, the
 * other confirmations cannot change the run's decision, and fail-fast skips them.
 *
 * @param <M> what one measurement holds
 */
public final class FirstMeasurement<M> {

    /** The strongest flag first ({@link #strength}); ties keep their order. */
    public static final Comparator<FirstMeasurement<?>> STRONGEST_FIRST = Comparator.comparingDouble((FirstMeasurement<?> first) -> first.strength())
            .reversed();

    private final String scenario;
    private final Measurer<M> measurer;
    private final Referee judge;
    private final M measurement;
    private final ScenarioVerdict verdict;

    FirstMeasurement(String scenario, Measurer<M> measurer, Referee judge, M measurement, ScenarioVerdict verdict) {
        this.scenario = scenario;
        this.measurer = measurer;
        this.judge = judge;
        this.measurement = measurement;
        this.verdict = verdict;
    }

    /** A metric regressed: a confirmation on an independent measurement decides whether the build fails. */
    public boolean flagged() {
        return verdict.has(Verdict.REGRESSION);
    }

    /**
     * Nothing regressed, but a metric is worse beyond the noise within its threshold (at the
     * WARNING's α, {@link dev.kafkaperfgate.internal.verdict.GatePolicy#warningAlpha}), and the
     * measurer measures such a metric again ({@link Measurer#confirmsWorse}): both measurements
     * worse makes it a WARNING, one alone noise.
     */
    public boolean worseWithin() {
        return !flagged() && measurer.confirmsWorse()
                && verdict.metrics().stream().anyMatch(metric -> Outcomes.worseWithin(metric, judge.warningAlpha()));
    }

    /**
     * How far the flag stands out of the noise: the largest flagged change in units of its MDE
     * ({@code |ln ratio| / MDE}); 0 when nothing is flagged. A change of twice its MDE is likelier
     * to repeat than one just past it, so its confirmation goes first.
     */
    public double strength() {
        return verdict.with(Verdict.REGRESSION).stream().mapToDouble(FirstMeasurement::strength).max().orElse(0);
    }

    private static double strength(MetricVerdict metric) {
        if (metric.comparison() == null || !(metric.comparison().mdeLog() > 0)) {
            return 0;
        }
        return Math.abs(Math.log(metric.comparison().ratio())) / metric.comparison().mdeLog();
    }

    public String scenario() {
        return scenario;
    }

    Measurer<M> measurer() {
        return measurer;
    }

    Referee judge() {
        return judge;
    }

    M measurement() {
        return measurement;
    }

    /** The first measurement's verdict, its looks included, before any confirmation. */
    public ScenarioVerdict verdict() {
        return verdict;
    }
}
