package dev.kafkaperfgate.internal.scenario;

/**
 * How large a change must be before the verdict may call it a regression: the practical
 * significance half of the verdict (the statistical half comes from the measurements). Each is
 * a percentage in the metric's bad direction, e.g. 10 for −10% throughput or +10% CPU.
 *
 * @param throughputDropPercent     a throughput drop beyond this
 * @param p99RisePercent            a p99 latency rise beyond this
 * @param cpuRisePercent            a rise of the client's CPU time per record beyond this
 * @param allocRisePercent          a rise of the bytes the client allocates per record beyond this
 * @param wireBytesRisePercent      a rise of the bytes on the wire per record beyond this
 * @param recordsPerRequestDropPercent a drop of the records per request beyond this
 */
public record Thresholds(double throughputDropPercent, double p99RisePercent, double cpuRisePercent,
                         double allocRisePercent, double wireBytesRisePercent, double recordsPerRequestDropPercent) {

    /**
     * −10% throughput and +25% p99: beyond the run-to-run noise measured on shared 2-core runners.
     * +10% for the per-record costs and −10% records per request: a serializer or wrapper that costs
     * a tenth more per record is worth a look, and these move little with a noisy neighbour.
     */
    public static final Thresholds DEFAULT = new Thresholds(10, 25, 10, 10, 10, 10);
}
