package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.verdict.GatePolicy;

import java.io.PrintStream;

/**
 * Every decision of one run, in the order the run makes them: each stage of each scenario (a
 * component alone, a whole client, a stored run against its baseline) measured, judged and
 * confirmed by one {@link ScenarioEngine}. The one way to decide: stored mode, paired mode and the
 * power tool all come here, so the run's fail-fast rule is written once. With fail-fast
 * ({@code perf.fail.fast}, paired mode's default), once a regression is confirmed the run's
 * decision is made, and a later stage's flagged regression is shown as flagged, not confirmed;
 * stored mode, which the nightly runs, never skips one.
 *
 * <pre>{@code
 * RunDecisions decisions = new RunDecisions(policy, System.out, true);
 * Decision<PairedMeasurement> serializer = decisions.decide("orders-publish", componentMeasurer);
 * FirstMeasurement<PairedMeasurement> client = decisions.first("orders-publish", clientMeasurer);   // confirmed later:
 * Decision<PairedMeasurement> decided = decisions.conclude(client);                      // after every first measurement
 * }</pre>
 */
public final class RunDecisions {

    private final ScenarioEngine engine;
    private final boolean failFast;
    private boolean runFailed;

    public RunDecisions(GatePolicy policy, PrintStream console, boolean failFast) {
        this.engine = new ScenarioEngine(policy, console);
        this.failFast = failFast;
    }

    /** Measures and judges one stage of {@code scenario}; a flagged regression is confirmed unless the run's decision is made. */
    public <M> Decision<M> decide(String scenario, Measurer<M> stage) {
        return conclude(first(scenario, stage));
    }

    /**
     * Measures and judges one stage of {@code scenario}, its looks included, and leaves its flag
     * to {@link #conclude}: a mode that takes every scenario's first measurement before confirming any
     * confirms the strongest flag first ({@link FirstMeasurement#STRONGEST_FIRST}).
     */
    public <M> FirstMeasurement<M> first(String scenario, Measurer<M> stage) {
        return engine.first(scenario, stage);
    }

    /** Decides a first measurement: a flag is confirmed on an independent measurement unless the run's decision is made by now. */
    public <M> Decision<M> conclude(FirstMeasurement<M> first) {
        Decision<M> decision = engine.conclude(first, !decided());
        runFailed |= decision.regressed();
        return decision;
    }

    /**
     * Whether the run's decision is made: a regression was confirmed and fail-fast is on. More
     * measuring (a confirmation, another look) cannot change it then.
     */
    public boolean decided() {
        return failFast && runFailed;
    }
}
