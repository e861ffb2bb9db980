package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.HdrHistogram.Histogram;

import java.util.function.Function;

/**
 * Which latency a produce-side scenario's p99 is judged on: the one place that decides it, for the
 * verdict, the sweep table, the report and the PR comment alike.
 *
 * <ul>
 *   <li>A read on the far side (end-to-end, mirror) is what the scenario exists to measure.</li>
 *   <li>At a fixed rate, response time: measured from the intended send, so a stalled producer's
 *       queue counts (no coordinated omission).</li>
 *   <li>Unthrottled, service time: there is no intended send time.</li>
 * </ul>
 */
public enum GatedLatency {
    SERVICE("service time", TrialFigures::service),
    RESPONSE("response time", TrialFigures::response),
    END_TO_END("end-to-end latency", TrialFigures::endToEnd),
    MIRROR_LAG("mirror lag", TrialFigures::endToEnd);

    private final String label;
    private final Function<TrialFigures, Histogram> histogram;

    GatedLatency(String label, Function<TrialFigures, Histogram> histogram) {
        this.label = label;
        this.histogram = histogram;
    }

    public static GatedLatency of(ProduceResult result) {
        if (result.workload() == WorkloadKind.MIRROR) {
            return MIRROR_LAG;
        }
        if (result.workload() == WorkloadKind.END_TO_END) {
            return END_TO_END;
        }
        return result.scenario().isRateLimited() ? RESPONSE : SERVICE;
    }

    /** As console lines, the report and the comment name it: "mirror lag". */
    public String label() {
        return label;
    }

    /** The trial's histogram of this latency, microseconds. */
    public Histogram of(TrialFigures trial) {
        return histogram.apply(trial);
    }
}
