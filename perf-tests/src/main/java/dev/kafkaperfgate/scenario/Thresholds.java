package dev.kafkaperfgate.scenario;

/**
 * How large a change must be before the verdict may call it a regression: the practical
 * significance half of the verdict (the statistical half comes from the measurements).
 *
 * @param throughputDropPercent a throughput drop beyond this many percent, e.g. 10 for -10%
 * @param p99RisePercent        a p99 latency rise beyond this many percent, e.g. 25 for +25%
 */
public record Thresholds(double throughputDropPercent, double p99RisePercent) {

    /** -10% throughput, +25% p99: beyond the run-to-run noise measured on shared 2-core runners. */
    public static final Thresholds DEFAULT = new Thresholds(10, 25);
}
