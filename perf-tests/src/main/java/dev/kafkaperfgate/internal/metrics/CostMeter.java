package dev.kafkaperfgate.internal.metrics;

import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures {@link ClientCost} between two snapshots taken at a trial's start and end, outside the
 * send path: per-thread CPU time and allocated bytes ({@code com.sun.management.ThreadMXBean}) of
 * every live JVM thread, and the client's byte and request counters. A thread that starts during
 * the trial counts whole; one that ends during it is lost, so snapshots are taken while the
 * clients are open. The producer's I/O threads' allocation is also counted apart
 * ({@link ClientCost#ioAllocBytesPerRecord()}), by their name.
 *
 * <pre>{@code
 * CostMeter.Snapshot start = CostMeter.snapshot(producer.metrics(), CostMeter.Traffic.PRODUCER);
 * ... send and await the acknowledgements ...
 * ClientCost cost = CostMeter.between(start, CostMeter.snapshot(producer.metrics(), CostMeter.Traffic.PRODUCER), records);
 * }</pre>
 */
public final class CostMeter {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Which of the client's cumulative counters give its wire bytes and its requests. */
    public enum Traffic {
        /** Bytes sent and produce requests. */
        PRODUCER("producer-metrics", "outgoing-byte-total", "producer-metrics", "request-total", "producer-metrics",
                List.of("records-per-request-avg", "batch-size-avg", "compression-rate-avg", "record-queue-time-avg",
                        "request-latency-avg", "bufferpool-wait-ratio", "record-size-avg")),
        /** Bytes received and fetches. */
        CONSUMER("consumer-metrics", "incoming-byte-total", "consumer-fetch-manager-metrics", "fetch-total",
                "consumer-fetch-manager-metrics", List.of("records-per-request-avg", "fetch-size-avg", "fetch-latency-avg",
                "records-lag-max", "fetch-throttle-time-avg"));

        private final String bytesGroup;
        private final String bytesName;
        private final String requestsGroup;
        private final String requestsName;

        /** The client's own figures that explain a diff (how records batch, wait and compress), by Kafka's names. */
        private final String explainGroup;
        private final List<String> explain;

        Traffic(String bytesGroup, String bytesName, String requestsGroup, String requestsName, String explainGroup, List<String> explain) {
            this.bytesGroup = bytesGroup;
            this.bytesName = bytesName;
            this.requestsGroup = requestsGroup;
            this.requestsName = requestsName;
            this.explainGroup = explainGroup;
            this.explain = explain;
        }
    }

    /** Kafka's name for a producer's I/O thread: {@code kafka-producer-network-thread | <client.id>}. */
    static final String IO_THREAD_PREFIX = "kafka-producer-network-thread";

    /**
     * Per thread id: CPU nanoseconds and allocated bytes so far; the ids of the producer's I/O
     * threads among them; the client's counters; and its own figures, by name.
     */
    public record Snapshot(Map<Long, long[]> threads, Set<Long> ioThreads, double wireBytes, double requests, Map<String, Double> client) {
    }

    private CostMeter() {
    }

    public static Snapshot snapshot(Map<MetricName, ? extends Metric> clientMetrics, Traffic traffic) {
        long[] ids = THREADS.getAllThreadIds();
        long[] cpu = THREADS.getThreadCpuTime(ids);
        long[] allocated = THREADS.getThreadAllocatedBytes(ids);
        Map<Long, long[]> threads = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (cpu[i] >= 0 && allocated[i] >= 0) {
                threads.put(ids[i], new long[]{cpu[i], allocated[i]});
            }
        }
        Set<Long> io = new HashSet<>();
        for (ThreadInfo info : THREADS.getThreadInfo(ids)) {
            if (info != null && info.getThreadName().startsWith(IO_THREAD_PREFIX)) {
                io.add(info.getThreadId());
            }
        }
        return new Snapshot(threads, io, counter(clientMetrics, traffic.bytesGroup, traffic.bytesName),
                counter(clientMetrics, traffic.requestsGroup, traffic.requestsName), explaining(clientMetrics, traffic));
    }

    /** The cost per record between two snapshots; {@code records} at least 1. */
    public static ClientCost between(Snapshot start, Snapshot end, long records) {
        long cpu = 0;
        long allocated = 0;
        long ioAllocated = 0;
        for (Map.Entry<Long, long[]> thread : end.threads().entrySet()) {
            long[] before = start.threads().getOrDefault(thread.getKey(), new long[2]);
            cpu += thread.getValue()[0] - before[0];
            allocated += thread.getValue()[1] - before[1];
            if (end.ioThreads().contains(thread.getKey())) {
                ioAllocated += thread.getValue()[1] - before[1];
            }
        }
        double perRecord = Math.max(1, records);
        double requests = end.requests() - start.requests();
        return new ClientCost(cpu / perRecord, allocated / perRecord, (end.wireBytes() - start.wireBytes()) / perRecord,
                requests > 0 ? records / requests : 0, end.client(), ioAllocated / perRecord);
    }

    /**
     * The client's own figures that explain a diff, by name, in one pass over its metrics: the
     * client-wide ones (no per-node or per-topic tag) it has measured. Kafka's averages are over its
     * sample windows (30 s by default), so at a trial's end they cover that trial and what just preceded it.
     */
    private static Map<String, Double> explaining(Map<MetricName, ? extends Metric> metrics, Traffic traffic) {
        Map<String, Double> client = new TreeMap<>();
        for (Map.Entry<MetricName, ? extends Metric> metric : metrics.entrySet()) {
            MetricName key = metric.getKey();
            if (key.group().equals(traffic.explainGroup) && traffic.explain.contains(key.name()) && !key.tags().containsKey("topic")
                    && !key.tags().containsKey("node-id") && metric.getValue().metricValue() instanceof Number value
                    && Double.isFinite(value.doubleValue())) {
                client.putIfAbsent(key.name(), value.doubleValue());
            }
        }
        return client;
    }

    /** A cumulative counter of the client's, summed over its tags; 0 when the client has none. */
    private static double counter(Map<MetricName, ? extends Metric> metrics, String group, String name) {
        double total = 0;
        for (Map.Entry<MetricName, ? extends Metric> metric : metrics.entrySet()) {
            if (metric.getKey().name().equals(name) && metric.getKey().group().equals(group)
                    && metric.getValue().metricValue() instanceof Number value) {
                total += value.doubleValue();
            }
        }
        return total;
    }
}
