package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.metrics.ClientCost;
import org.HdrHistogram.Histogram;

/**
 * One measured trial.
 *
 * @param trial              1-based trial number
 * @param records            records sent, all of them acknowledged
 * @param bytes              record value bytes sent
 * @param durationNanos      first send to last acknowledgement, nanoseconds
 * @param recordsPerSecond   records / duration
 * @param megabytesPerSecond bytes / duration in MiB/s, as kafka-producer-perf-test's "MB/sec"
 * @param service            ack minus actual send, microseconds
 * @param response           ack minus intended send, microseconds; {@code null} without a target rate
 * @param delivery           what the far side's reader received (end-to-end, mirror): its latency, consume minus
 *                           send in microseconds, and its rate; {@code null} for the produce workload
 * @param rateHeld           whether a target rate was held to within 5% ({@code true} without one)
 * @param cost               what the client spent per record during the trial
 * @param fault              what the scenario's fault did in this trial; {@code null} without one
 * @param brokerSide         what the broker counted during the trial, from its JMX ({@code messages-in},
 *                           {@code produce-TotalTimeMs-mean}, ...); empty where the gate cannot read it. Not judged
 */
public record TrialFigures(int trial, long records, long bytes, long durationNanos, double recordsPerSecond,
                           double megabytesPerSecond, Histogram service, Histogram response, Delivery delivery,
                           boolean rateHeld, ClientCost cost, FaultFigures fault, java.util.Map<String, Double> brokerSide) {

    public TrialFigures {
        brokerSide = java.util.Map.copyOf(brokerSide);
    }

    /** Without the broker's side (a broker whose JMX the gate cannot read). */
    public TrialFigures(int trial, long records, long bytes, long durationNanos, double recordsPerSecond, double megabytesPerSecond,
                        Histogram service, Histogram response, Delivery delivery, boolean rateHeld, ClientCost cost, FaultFigures fault) {
        this(trial, records, bytes, durationNanos, recordsPerSecond, megabytesPerSecond, service, response, delivery, rateHeld, cost, fault,
                java.util.Map.of());
    }

    /** The same trial with what the broker counted during it. */
    public TrialFigures withBrokerSide(java.util.Map<String, Double> figures) {
        return new TrialFigures(trial, records, bytes, durationNanos, recordsPerSecond, megabytesPerSecond, service, response, delivery,
                rateHeld, cost, fault, figures);
    }

    /** Read minus send at the far side, microseconds; {@code null} unless the workload is end-to-end or mirror. */
    public Histogram endToEnd() {
        return delivery == null ? null : delivery.latency();
    }
}
