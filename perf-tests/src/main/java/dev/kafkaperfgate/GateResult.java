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
 * result.outcome();     // PASS, REGRESSION, ACCEPTED, INCOMPLETE or NOT_JUDGED
 * result.exitCode();    // 0, 1, 2 or 2, as scripts/gate.sh exits
 * result.headline();    // "confirmed regression: orders-publish (cpuNsPerRecord +194.1%)"
 * }</pre>
 *
 * @param outcome     the run's decision
 * @param exitCode    0 pass (or an accepted regression), 1 confirmed regression (or no usable baseline when one is required), 2 incomplete run
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
        /**
         * A confirmed regression that a maintainer accepted as an intended cost: the pull request
         * carries the accept label (set by someone with triage rights; {@code perf.accepted.by}). Passes.
         */
        ACCEPTED(0),
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

        /**
         * The outcome as one lower-case word, as the gate action's {@code status} output and the
         * comment print it: {@code pass}, {@code fail} (a REGRESSION), {@code accepted},
         * {@code incomplete}, {@code not-judged}. Written into summary.json, never worked out again.
         */
        public String status() {
            return this == REGRESSION ? "fail" : name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /**
         * The outcome as {@code scripts/gate.sh}'s last line names it, before the headline:
         * {@code PASS}, {@code FAIL}, {@code ACCEPTED (passes)}, {@code INCOMPLETE}, {@code NOT JUDGED}.
         */
        public String consoleWord() {
            return switch (this) {
                case PASS -> "PASS";
                case REGRESSION -> "FAIL";
                case ACCEPTED -> "ACCEPTED (passes)";
                case INCOMPLETE -> "INCOMPLETE";
                case NOT_JUDGED -> "NOT JUDGED";
            };
        }
    }

    /** How one scenario ended. */
    public enum ScenarioOutcome {
        /** Ran; no confirmed regression. */
        PASSED,
        /** Ran; a regression was flagged and confirmed by a second measurement: the build fails. */
        REGRESSION,
        /** Ran, but had no usable baseline (NEW or MISMATCH) while {@code perf.baseline.required} is true. */
        NO_BASELINE,
        /** Could not run for a reason of its own (a refused topic, a lost record). */
        FAILED,
        /** Could not run for a reason of the infrastructure (broker, Docker, a worker). */
        ERROR,
        /** Not measured: nothing its clients run differs between base and head; passes. */
        UNCHANGED
    }

    /** The gate's word on one metric, or a scenario's overall word (its worst metric's). */
    public enum Verdict {
        /** Worse beyond the threshold, and beyond the noise. */
        REGRESSION,
        /** Worse beyond the noise and beyond its floor, within the threshold: shown, never fails. */
        WARNING,
        /** Better beyond the threshold and beyond the noise, in both measurements. */
        IMPROVEMENT,
        /** Better beyond the threshold and beyond the noise in one measurement, not measured again: better, not confirmed. */
        BETTER,
        /** No change the comparison could resolve, and it could have resolved one of the threshold's size. */
        OK,
        /** The noise is too large to resolve the threshold; the minimum detectable effect says how large. */
        INCONCLUSIVE,
        /** No baseline to compare with (stored mode). */
        NEW,
        /** The baseline was measured with another experiment or on another environment. */
        MISMATCH
    }

    /** What a verdict is about, with the key summary.json and the console use. */
    public enum Metric {
        THROUGHPUT("throughput"), P99("p99Us"), CPU_PER_RECORD("cpuNsPerRecord"), ALLOC_PER_RECORD("allocBytesPerRecord"),
        WIRE_BYTES_PER_RECORD("wireBytesPerRecord"), RECORDS_PER_REQUEST("recordsPerRequest"), FAILOVER("maxAckGapMs"),
        /** The broker's CPU per record it received; judged only where a scenario's thresholds name {@code broker.cpu}. */
        BROKER_CPU_PER_RECORD("brokerCpuNsPerRecord"),
        /** The broker's mean produce request time; judged only where a scenario's thresholds name {@code broker.produce.time}. */
        BROKER_PRODUCE_TIME("brokerProduceTimeMs"),
        /** A team component alone (paired mode's component stage): CPU ns per call; {@link MetricResult#component()} names it. */
        COMPONENT_CPU_NS_PER_OP("cpuNsPerOp"),
        /** A team component alone: wall-clock ns per call, recorded and never judged. */
        COMPONENT_NS_PER_OP("nsPerOp"),
        /** A team component alone: bytes allocated per call. */
        COMPONENT_BYTES_PER_OP("bytesPerOp");

        private final String key;

        Metric(String key) {
            this.key = key;
        }

        /** The key in summary.json and the console, e.g. {@code cpuNsPerRecord}. */
        public String key() {
            return key;
        }
    }

    /**
     * One scenario's end.
     *
     * @param verdict  the overall verdict, {@code null} when it did not run
     * @param changes  what the run's subject changed against the baseline, e.g. {@code producer.linger.ms: 0 → 5}
     * @param message  why it failed or what was decided, {@code null} when there is nothing to add
     * @param metrics  each metric's verdict; the second measurement's when there was one
     */
    public record ScenarioResult(String name, ScenarioOutcome outcome, Verdict verdict, List<String> changes, String message,
                                 List<MetricResult> metrics) {

        public ScenarioResult {
            changes = List.copyOf(changes);
            metrics = List.copyOf(metrics);
        }
    }

    /**
     * One metric's verdict.
     *
     * @param baseline     the baseline's centre (stored mode) or the base's (paired mode) in the metric's unit, NaN without one
     * @param current      this run's value (the head's, in paired mode)
     * @param deltaPercent the change in percent, NaN without a baseline
     * @param line         the console line, e.g. {@code throughput OK: 1999 → 1999 records/s (+0.0%, ...)}
     * @param component    the team's component measured alone, e.g. {@code value.serializer com.acme.OrderSerializer};
     *                     empty for a whole-client metric
     */
    public record MetricResult(Metric metric, Verdict verdict, double baseline, double current, double deltaPercent, String line,
                               String component) {
    }
}
