package dev.kafkaperfgate.internal.figures;

import java.util.EnumMap;
import java.util.Map;

/**
 * The broker's figures a scenario may gate, from what its JMX counted over one trial ({@code
 * messages-in}, {@code process-cpu-ms}, {@code produce-TotalTimeMs-mean}, every node of a cluster
 * summed). A figure is left out where it cannot stand for the whole trial: no records, a node that
 * was not read ({@code brokers-not-read}), or no produce request.
 */
public final class BrokerFigures {

    private BrokerFigures() {
    }

    /** {@link Metric#BROKER_CPU_PER_RECORD} and {@link Metric#BROKER_PRODUCE_TIME} of one trial, those it has; a map the caller may add to. */
    public static Map<Metric, Double> of(Map<String, Double> brokerSide) {
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        if (brokerSide.getOrDefault("brokers-not-read", 0.0) > 0) {
            return values;
        }
        double records = brokerSide.getOrDefault("messages-in", 0.0);
        double cpuMs = brokerSide.getOrDefault("process-cpu-ms", Double.NaN);
        if (records > 0 && cpuMs > 0) {
            values.put(Metric.BROKER_CPU_PER_RECORD, cpuMs * 1e6 / records);
        }
        double produceMs = brokerSide.getOrDefault("produce-TotalTimeMs-mean", Double.NaN);
        if (produceMs > 0 && Double.isFinite(produceMs)) {
            values.put(Metric.BROKER_PRODUCE_TIME, produceMs);
        }
        return values;
    }
}
