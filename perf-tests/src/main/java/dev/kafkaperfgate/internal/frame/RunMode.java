package dev.kafkaperfgate.internal.frame;

import dev.kafkaperfgate.GateResult;

import java.util.List;

/**
 * One way to measure a run's scenarios (stored baselines, or the base and the head side by side),
 * driven by the session through the same steps: {@link #start}, {@link #run} for each scenario in
 * order, {@link #finish}, {@link #close}. What is common to every mode (summary.json, the policy,
 * the ruler, the decisions, the report) is the {@link RunFrame} a mode opens in {@code start};
 * how a scenario is measured is the mode's own.
 */
public interface RunMode extends AutoCloseable {

    /** Starts what the mode measures on (the broker, its workers) and opens the run's frame through {@link RunFrame#open}. */
    RunFrame start();

    /** The names of the scenarios the run measures, in run order. */
    List<String> scenarios();

    /**
     * Measures and judges the scenario at {@code index} of {@link #scenarios()}, and records its
     * end in the frame's summary, whatever it was (a regression, a scenario that could not run).
     *
     * @throws RuntimeException only when the run cannot go on (a worker gone, an infrastructure failure)
     */
    void run(int index);

    /** After the last scenario: what the mode writes beside summary.json, then the frame's {@link RunFrame#finish}. */
    GateResult finish();

    /** Stops what the mode started. */
    @Override
    void close();
}
