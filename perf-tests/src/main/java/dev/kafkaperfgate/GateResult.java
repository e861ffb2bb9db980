package dev.kafkaperfgate;

import java.nio.file.Path;
import java.util.List;

/**
 * What a gate run decided, and every verdict behind it: the typed form of {@code summary.json}.
 * The decision is made once, here in Java; {@code scripts/gate.sh} and the workflows read it
 * from {@code summary.json}'s {@code decision} block.
 *
 * <pre>{@code
 * GateResult result = PerfGate.run(PerfGateOptions.builder().suite("pr").build());
 * result.outcome();     // PASS, REGRESSION, INCOMPLETE or NOT_JUDGED
 * result.exitCode();    // 0, 1, 2 or 2, as scripts/gate.sh exits
 * result.headline();    // "confirmed regression: orders-publish (cpuNsPerRecord +194.1%)"
 * }</pre>
 *
 * @param outcome     the run's decision
 * @param exitCode    0 pass, 1 confirmed regression (or no usable baseline when one is required), 2 incomplete run
 *                    or a run that judged nothing
 * @param headline    one line saying the decision and why, for a console, a check run or a comment's title
 * @param judged      whether at least one metric was compared with a baseline; {@code false} means every
 *                    verdict was NEW or MISMATCH: the outcome is NOT_JUDGED, or a PASS that says nothing about
 *                    performance when {@code -Dperf.allow.unjudged=true} asked for one
 * @param summaryFile the run's summary.json
 * @param scenarios   each selected scenario that started, in run order
 */
public record GateResult(Outcome outcome, int exitCode, String headline, boolean judged, Path summaryFile,
                         List<ScenarioResult> scenarios) {

    public GateResult {
        scenarios = List.copyOf(scenarios);
    }

    /** A run's decision. */
    public enum Outcome {
        /** Every scenario ran; none regressed beyond doubt. */
        PASS(0),
        /** A regression was flagged and confirmed by a re-run (or a baseline was required and missing). */
        REGRESSION(1),
        /** A scenario could not run, or the suite did not reach its end: no decision about performance. */
        INCOMPLETE(2),
        /**
         * Every scenario ran, but no metric had a baseline to be compared with (every verdict NEW or
         * MISMATCH): no decision about performance, so not a pass. A renamed profile, a new machine
         * class or a deleted baseline must not turn the gate off unnoticed.
         */
        NOT_JUDGED(2);

        private final int exitCode;

        Outcome(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    /**
     * One scenario's end.
     *
     * @param outcome  passed, regression, no-baseline, failed (its own problem) or error (the broker's)
     * @param verdict  the overall verdict (REGRESSION, MISMATCH, INCONCLUSIVE, IMPROVEMENT, NEW, OK), {@code null} when it did not run
     * @param changes  what the run's subject changed against the baseline, e.g. {@code producer.linger.ms: 0 → 5}
     * @param message  why it failed or what was decided, {@code null} when there is nothing to add
     * @param metrics  each metric's verdict; the confirmation re-run's when there was one
     */
    public record ScenarioResult(String name, String outcome, String verdict, List<String> changes, String message,
                                 List<MetricResult> metrics) {

        public ScenarioResult {
            changes = List.copyOf(changes);
            metrics = List.copyOf(metrics);
        }
    }

    /**
     * One metric's verdict.
     *
     * @param metric       its key: throughput, p99Us, cpuNsPerRecord, allocBytesPerRecord, wireBytesPerRecord, recordsPerRequest
     * @param verdict      REGRESSION, IMPROVEMENT, OK, INCONCLUSIVE, NEW or MISMATCH
     * @param baseline     the baseline's centre in the metric's unit, NaN without one
     * @param current      this run's value
     * @param deltaPercent the change in percent, NaN without a baseline
     * @param line         the console line, e.g. {@code throughput OK: 1999 → 1999 records/s (+0.0%, ...)}
     */
    public record MetricResult(String metric, String verdict, double baseline, double current, double deltaPercent, String line) {
    }
}
