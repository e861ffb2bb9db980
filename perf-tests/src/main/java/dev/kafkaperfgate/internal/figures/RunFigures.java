package dev.kafkaperfgate.internal.figures;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import dev.kafkaperfgate.internal.metrics.Histograms;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The figures of one run that the gate compares, as a result file's {@code "gate"} block and a
 * baseline's history entry store them:
 *
 * <pre>{@code
 * "throughput": {"value": 19993.4, "trials": [19993.4, 19991.0, 19995.2]},    records/s
 * "p99Us": {"value": 4150, "trials": [4150, 3900, 5020]},                     µs
 * "latencyHistogram": "HISTFAAAA..."                                          the p99's histogram, trials merged
 * "latency": "response time"                                                  which latency that is (GatedLatency)
 * "cpuNsPerRecord": {"value": 4210.5, "trials": [...]},                       and allocBytesPerRecord,
 *                                                                             wireBytesPerRecord, recordsPerRequest
 * "maxAckGapMs": {"value": 412.0, "trials": [...]},                            ms, fault scenarios only
 * "brokerCpuNsPerRecord": {"value": 9120.4, "trials": [...]},                 the broker's, where its JMX was read
 *                                                                             in every trial; and brokerProduceTimeMs
 * }</pre>
 *
 * Consume scenarios have no p99: their latency is the poll gap, a property of the consumer's loop
 * rather than of a record. A cost metric is left out when a trial could not measure it (a
 * wrapper whose {@code metrics()} is empty has no wire bytes).
 *
 * @param metrics          each compared metric's sample
 * @param latencyHistogram the merged histogram {@link Metric#P99} comes from, microseconds; {@code null} without P99
 * @param latency          which latency that is; {@code null} without P99, and for figures read back from a file
 */
public record RunFigures(Map<Metric, MetricSample> metrics, Histogram latencyHistogram, GatedLatency latency) {

    public RunFigures {
        metrics = Map.copyOf(metrics);
    }

    /** Figures read back from a stored file, which keeps the histogram but not its name. */
    public RunFigures(Map<Metric, MetricSample> metrics, Histogram latencyHistogram) {
        this(metrics, latencyHistogram, null);
    }

    public static RunFigures of(ProduceResult result) {
        Map<Metric, MetricSample> metrics = new EnumMap<>(Metric.class);
        // A mirror's producer runs at a fixed rate; what its scenario compares is how fast MirrorMaker 2 carries records.
        ToDoubleFunction<TrialFigures> throughput = result.workload() == WorkloadKind.MIRROR
                ? trial -> trial.delivery().recordsPerSecond() : TrialFigures::recordsPerSecond;
        metrics.put(Metric.THROUGHPUT, sample(result.trials().stream().mapToDouble(throughput).toArray()));
        GatedLatency latency = GatedLatency.of(result);
        List<Histogram> perTrial = result.trials().stream().map(latency::of).toList();
        Histogram merged = Histograms.merged(perTrial);
        double[] trialP99 = perTrial.stream().mapToDouble(histogram -> histogram.getValueAtPercentile(99)).toArray();
        metrics.put(Metric.P99, new MetricSample(merged.getValueAtPercentile(99), trialP99));
        putCosts(metrics, result.trials().stream().map(TrialFigures::cost).toList());
        if (result.trials().stream().allMatch(trial -> trial.fault() != null)) {
            metrics.put(Metric.FAILOVER, sample(result.trials().stream().mapToDouble(trial -> trial.fault().maxAckGapMs()).toArray()));
        }
        List<Map<Metric, Double>> broker = result.trials().stream().map(trial -> BrokerFigures.of(trial.brokerSide())).toList();
        for (Metric metric : List.of(Metric.BROKER_CPU_PER_RECORD, Metric.BROKER_PRODUCE_TIME)) {
            if (!broker.isEmpty() && broker.stream().allMatch(trial -> trial.containsKey(metric))) {
                metrics.put(metric, sample(broker.stream().mapToDouble(trial -> trial.get(metric)).toArray()));
            }
        }
        return new RunFigures(metrics, merged, latency);
    }

    public static RunFigures of(ConsumeResult result) {
        Map<Metric, MetricSample> metrics = new EnumMap<>(Metric.class);
        metrics.put(Metric.THROUGHPUT, sample(result.trials().stream().mapToDouble(ConsumeTrialFigures::fetchRecordsPerSecond).toArray()));
        putCosts(metrics, result.trials().stream().map(ConsumeTrialFigures::cost).toList());
        return new RunFigures(metrics, null, null);
    }

    private static void putCosts(Map<Metric, MetricSample> metrics, List<ClientCost> costs) {
        putCost(metrics, Metric.CPU_PER_RECORD, costs, ClientCost::cpuNsPerRecord);
        putCost(metrics, Metric.ALLOC_PER_RECORD, costs, ClientCost::allocBytesPerRecord);
        putCost(metrics, Metric.WIRE_BYTES_PER_RECORD, costs, ClientCost::wireBytesPerRecord);
        putCost(metrics, Metric.RECORDS_PER_REQUEST, costs, ClientCost::recordsPerRequest);
    }

    private static void putCost(Map<Metric, MetricSample> metrics, Metric metric, List<ClientCost> costs,
                                ToDoubleFunction<ClientCost> figure) {
        double[] trials = costs.stream().mapToDouble(figure).toArray();
        if (trials.length > 0 && Arrays.stream(trials).allMatch(value -> value > 0 && Double.isFinite(value))) {
            metrics.put(metric, sample(trials));
        }
    }

    /** The run value is the median trial: one trial disturbed by a neighbour moves it least. */
    private static MetricSample sample(double[] trials) {
        return new MetricSample(Median.of(trials), trials);
    }

    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        for (Metric metric : Metric.values()) {
            MetricSample sample = metrics.get(metric);
            if (sample != null) {
                ObjectNode block = node.putObject(metric.key());
                block.put("value", round(sample.value()));
                Arrays.stream(sample.trials()).forEach(value -> block.withArray("trials").add(round(value)));
            }
        }
        if (latencyHistogram != null) {
            node.put("latencyHistogram", HistogramCodec.encode(latencyHistogram));
        }
        if (latency != null) {
            node.put("latency", latency.label());
        }
        return node;
    }

    /**
     * One decimal, as the figures read; below 1, three significant digits: a fast broker's produce
     * time (0.03 ms) rounded to one decimal was written as 0, a figure no baseline may hold.
     */
    static double round(double value) {
        if (Math.abs(value) >= 1 || value == 0 || !Double.isFinite(value)) {
            return Math.round(value * 10) / 10.0;
        }
        return new java.math.BigDecimal(value).round(new java.math.MathContext(3)).doubleValue();
    }
}
