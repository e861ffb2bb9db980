package dev.kafkaperfgate.verdict;

import dev.kafkaperfgate.workload.WorkloadKind;

import java.util.List;

/**
 * What the gate compares, with the direction that counts as better. The JSON key is the name
 * used in result files, baselines and summary.json.
 */
public enum Metric {

    /** Median over the run's trials of records/s (consume: fetch records/s). Higher is better. */
    THROUGHPUT("throughput", "records/s", true),
    /**
     * p99 of the run's latency histogram, all trials merged, in microseconds: response time for
     * rate-limited produce scenarios (from the intended send time, so coordinated omission is
     * corrected), service time for unthrottled ones, end-to-end latency for end-to-end ones.
     * Lower is better.
     */
    P99("p99Us", "µs", false);

    private final String key;
    private final String unit;
    private final boolean higherIsBetter;

    Metric(String key, String unit, boolean higherIsBetter) {
        this.key = key;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /** The metrics a workload's runs are compared on: consume scenarios have throughput only (see {@link RunFigures}). */
    public static List<Metric> of(WorkloadKind workload) {
        return workload == WorkloadKind.CONSUME ? List.of(THROUGHPUT) : List.of(THROUGHPUT, P99);
    }

    public String key() {
        return key;
    }

    public String unit() {
        return unit;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }
}
