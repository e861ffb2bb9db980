package dev.kafkaperfgate.internal.spec;

/**
 * How large a change must be before the verdict may call it a regression: the practical
 * significance half of the verdict (the statistical half comes from the measurements). Each is
 * a percentage in the metric's bad direction, e.g. 10 for −10% throughput or +10% CPU; NaN where
 * the scenario file left it to the mode's default ({@link #DEFAULT} stored, {@link #PAIRED} paired).
 *
 * @param throughputDropPercent     a throughput drop beyond this
 * @param p99RisePercent            a p99 latency rise beyond this
 * @param cpuRisePercent            a rise of the client's CPU time per record beyond this
 * @param allocRisePercent          a rise of the bytes the client allocates per record beyond this
 * @param wireBytesRisePercent      a rise of the bytes on the wire per record beyond this
 * @param recordsPerRequestDropPercent a drop of the records per request beyond this
 * @param failoverRisePercent       a rise of a fault scenario's unavailability window beyond this
 * @param brokerCpuRisePercent      a rise of the broker's CPU time per record it received beyond this; NaN in
 *                                  every mode's defaults: the broker's figures are gated only where a scenario asks
 * @param brokerProduceTimeRisePercent a rise of the broker's mean produce request time ({@code TotalTimeMs}) beyond
 *                                  this; NaN by default, as the broker's CPU
 * @param p99MaxMicros              the team's latency budget, {@code latency: {p99.max: 5ms}}: the head's p99 over it,
 *                                  confirmed, is a regression whatever the base's (issue 82); NaN when the file sets none
 */
public record Thresholds(double throughputDropPercent, double p99RisePercent, double cpuRisePercent,
                         double allocRisePercent, double wireBytesRisePercent, double recordsPerRequestDropPercent,
                         double failoverRisePercent, double brokerCpuRisePercent, double brokerProduceTimeRisePercent,
                         double p99MaxMicros) {

    /** As before the budget: none. */
    public Thresholds(double throughputDropPercent, double p99RisePercent, double cpuRisePercent, double allocRisePercent,
                      double wireBytesRisePercent, double recordsPerRequestDropPercent, double failoverRisePercent,
                      double brokerCpuRisePercent, double brokerProduceTimeRisePercent) {
        this(throughputDropPercent, p99RisePercent, cpuRisePercent, allocRisePercent, wireBytesRisePercent, recordsPerRequestDropPercent,
                failoverRisePercent, brokerCpuRisePercent, brokerProduceTimeRisePercent, Double.NaN);
    }

    /** These thresholds with the latency budget {@code p99MaxMicros}. */
    public Thresholds withP99Max(double p99MaxMicros) {
        return new Thresholds(throughputDropPercent, p99RisePercent, cpuRisePercent, allocRisePercent, wireBytesRisePercent,
                recordsPerRequestDropPercent, failoverRisePercent, brokerCpuRisePercent, brokerProduceTimeRisePercent, p99MaxMicros);
    }

    /**
     * −10% throughput and +25% p99: beyond the run-to-run noise measured on shared 2-core runners.
     * +10% for the per-record costs and −10% records per request: a serializer or wrapper that costs
     * a tenth more per record is worth a look, and these move little with a noisy neighbour. +25%
     * for a fault scenario's unavailability window, as for p99: it is a latency too.
     */
    public static final Thresholds DEFAULT = new Thresholds(10, 25, 10, 10, 10, 10, 25, Double.NaN, Double.NaN);

    /**
     * Defaults of the paired mode, where base and head are measured side by side: −3% throughput,
     * +10% p99 and +5% per-record costs. A practical bar must sit below the effect the gate is
     * asked to catch with 95% power (−10% throughput, +10% CPU and allocation, +25% p99) and 80%
     * power (−5% throughput), or an effect exactly that size would pass half the time; the
     * statistical half of the verdict keeps noise out. −3% is where Dekaf's A-B-A gate draws it.
     */
    public static final Thresholds PAIRED = new Thresholds(3, 10, 5, 5, 5, 5, 25, Double.NaN, Double.NaN);

    /** The scenario file's key that gates the broker's CPU per record; no mode gates it by default. */
    public static final String BROKER_CPU_KEY = "broker.cpu";

    /** The scenario file's key that gates the broker's produce request time; no mode gates it by default. */
    public static final String BROKER_PRODUCE_TIME_KEY = "broker.produce.time";

    /** A scenario file without a thresholds block: every value takes the mode's default. */
    public static final Thresholds UNSET = new Thresholds(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN);

    /** These thresholds, with each value the scenario file did not set (NaN) taken from {@code defaults}. */
    public Thresholds orDefaults(Thresholds defaults) {
        return new Thresholds(or(throughputDropPercent, defaults.throughputDropPercent), or(p99RisePercent, defaults.p99RisePercent),
                or(cpuRisePercent, defaults.cpuRisePercent), or(allocRisePercent, defaults.allocRisePercent),
                or(wireBytesRisePercent, defaults.wireBytesRisePercent),
                or(recordsPerRequestDropPercent, defaults.recordsPerRequestDropPercent),
                or(failoverRisePercent, defaults.failoverRisePercent), or(brokerCpuRisePercent, defaults.brokerCpuRisePercent),
                or(brokerProduceTimeRisePercent, defaults.brokerProduceTimeRisePercent), or(p99MaxMicros, defaults.p99MaxMicros));
    }

    private static double or(double value, double fallback) {
        return Double.isNaN(value) ? fallback : value;
    }
}
