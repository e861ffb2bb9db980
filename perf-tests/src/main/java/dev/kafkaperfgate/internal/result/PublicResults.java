package dev.kafkaperfgate.internal.result;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.util.List;

/**
 * The internal verdicts in the public API's words: {@link GateResult} owns its enums, and each
 * internal value is mapped here, by case, so that renaming either side fails to compile instead of
 * failing at run time.
 */
final class PublicResults {

    private PublicResults() {
    }

    static List<GateResult.MetricResult> metrics(ScenarioVerdict verdict) {
        return verdict.metrics().stream().map(metric -> new GateResult.MetricResult(metric(metric.metric()),
                verdict(metric.verdict()), metric.baseline(), metric.current(), metric.deltaPercent(), metric.line(),
                metric.component())).toList();
    }

    static GateResult.Verdict verdict(Verdict verdict) {
        return switch (verdict) {
            case REGRESSION -> GateResult.Verdict.REGRESSION;
            case WARNING -> GateResult.Verdict.WARNING;
            case IMPROVEMENT -> GateResult.Verdict.IMPROVEMENT;
            case BETTER -> GateResult.Verdict.BETTER;
            case OK -> GateResult.Verdict.OK;
            case INCONCLUSIVE -> GateResult.Verdict.INCONCLUSIVE;
            case NEW -> GateResult.Verdict.NEW;
            case MISMATCH -> GateResult.Verdict.MISMATCH;
        };
    }

    static GateResult.ScenarioOutcome outcome(RunSummary.Outcome outcome) {
        return switch (outcome) {
            case PASSED -> GateResult.ScenarioOutcome.PASSED;
            case REGRESSION -> GateResult.ScenarioOutcome.REGRESSION;
            case NO_BASELINE -> GateResult.ScenarioOutcome.NO_BASELINE;
            case FAILED -> GateResult.ScenarioOutcome.FAILED;
            case ERROR -> GateResult.ScenarioOutcome.ERROR;
            case UNCHANGED -> GateResult.ScenarioOutcome.UNCHANGED;
        };
    }

    static GateResult.Metric metric(dev.kafkaperfgate.internal.figures.Metric metric) {
        return switch (metric) {
            case THROUGHPUT -> GateResult.Metric.THROUGHPUT;
            case P99 -> GateResult.Metric.P99;
            // Never a verdict's metric: the p99's verdict is P99 on whichever basis it took.
            case SERVICE_P99 -> throw new IllegalArgumentException("serviceP99Us is judged only as the p99's basis, never alone");
            case CPU_PER_RECORD -> GateResult.Metric.CPU_PER_RECORD;
            case ALLOC_PER_RECORD -> GateResult.Metric.ALLOC_PER_RECORD;
            // Never a verdict's metric: the allocation's verdict holds it at the base's.
            case IO_ALLOC_PER_RECORD -> throw new IllegalArgumentException("ioAllocBytesPerRecord is held at the base's in the allocation's verdict, never judged alone");
            case WIRE_BYTES_PER_RECORD -> GateResult.Metric.WIRE_BYTES_PER_RECORD;
            case RECORDS_PER_REQUEST -> GateResult.Metric.RECORDS_PER_REQUEST;
            case FAILOVER -> GateResult.Metric.FAILOVER;
            case BROKER_CPU_PER_RECORD -> GateResult.Metric.BROKER_CPU_PER_RECORD;
            case BROKER_PRODUCE_TIME -> GateResult.Metric.BROKER_PRODUCE_TIME;
            case COMPONENT_CPU_NS_PER_OP -> GateResult.Metric.COMPONENT_CPU_NS_PER_OP;
            case COMPONENT_NS_PER_OP -> GateResult.Metric.COMPONENT_NS_PER_OP;
            case COMPONENT_BYTES_PER_OP -> GateResult.Metric.COMPONENT_BYTES_PER_OP;
        };
    }
}
