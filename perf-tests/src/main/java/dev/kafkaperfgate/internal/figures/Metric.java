package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

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
    P99("p99Us", "µs", false),
    /**
     * Paired mode at a fixed rate only: each window's (or trial's) p99 of the service time (ack minus
     * actual send), recorded beside {@link #P99}, which is the response time there. Never judged
     * on its own: the p99's verdict takes whichever of the two latencies is steadier from window
     * to window in the blocks it judges ({@code PairedJudge}). Lower is better.
     */
    SERVICE_P99("serviceP99Us", "µs", false),
    /** Median over trials of the client's CPU time per record, nanoseconds (see {@link dev.kafkaperfgate.internal.metrics.ClientCost}). Lower is better. */
    CPU_PER_RECORD("cpuNsPerRecord", "ns/record", false),
    /** Median over trials of the bytes the client allocated per record. Lower is better. */
    ALLOC_PER_RECORD("allocBytesPerRecord", "B/record", false),
    /**
     * Paired mode, a producer's scenarios only: the part of {@link #ALLOC_PER_RECORD} the producer's
     * I/O thread allocated, recorded beside it. Never judged on its own: {@code PairedJudge} judges
     * the allocation with this part held at the base's, since it moves about 10% between JVMs at
     * the same batching while the threads that call the client agree to 0.3%. Lower is better.
     */
    IO_ALLOC_PER_RECORD("ioAllocBytesPerRecord", "B/record", false),
    /** Median over trials of the bytes on the wire per record (sent by a producer, received by a consumer). Lower is better. */
    WIRE_BYTES_PER_RECORD("wireBytesPerRecord", "B/record", false),
    /** Median over trials of records per produce request or per fetch: how well records batch. Higher is better. */
    RECORDS_PER_REQUEST("recordsPerRequest", "records/request", true),
    /**
     * Median over a fault scenario's trials of the unavailability window: the longest time the
     * producer went without an acknowledgement, in milliseconds (see {@code fault} in the scenario
     * file). Only scenarios with a fault have it. Lower is better.
     */
    FAILOVER("maxAckGapMs", "ms", false),
    /**
     * Median over trials of the broker's CPU time per record it received: the broker processes' CPU
     * over the trial (JMX {@code ProcessCpuTime}, every node summed) over its {@code MessagesInPerSec}
     * count, nanoseconds. Smaller batches, another codec or more requests cost the broker, whatever
     * the client saves. Judged only when the scenario's thresholds name {@code broker.cpu}. Lower is better.
     */
    BROKER_CPU_PER_RECORD("brokerCpuNsPerRecord", "ns/record", false),
    /**
     * Median over trials of the broker's mean produce request time, {@code TotalTimeMs} of
     * {@code request=Produce} over the trial, milliseconds. Judged only when the scenario's
     * thresholds name {@code broker.produce.time}. Lower is better.
     */
    BROKER_PRODUCE_TIME("brokerProduceTimeMs", "ms", false),
    /**
     * A team component measured alone: the CPU time of the measuring thread per call, e.g. per
     * {@code serialize}, nanoseconds ({@code ThreadMXBean}), so time the thread was not scheduled
     * does not count. Paired mode's component stage only; the one time figure it judges. Lower is better.
     */
    COMPONENT_CPU_NS_PER_OP("cpuNsPerOp", "CPU ns/op", false),
    /**
     * A team component measured alone: wall-clock nanoseconds per call. Recorded beside
     * {@link #COMPONENT_CPU_NS_PER_OP} and never judged: a neighbour that takes the CPU away moves
     * it, not the component. Lower is better.
     */
    COMPONENT_NS_PER_OP("nsPerOp", "ns/op", false),
    /** A team component measured alone: bytes it allocates per call (JMH's {@code gc.alloc.rate.norm}). Lower is better. */
    COMPONENT_BYTES_PER_OP("bytesPerOp", "B/op", false);

    private final String key;
    private final String unit;
    private final boolean higherIsBetter;

    Metric(String key, String unit, boolean higherIsBetter) {
        this.key = key;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
    }

    /**
     * The metrics a scenario's runs are compared on: consume scenarios have no p99 (see
     * {@link RunFigures}), only scenarios with a fault have a failover window, and the broker's
     * figures only where the scenario's thresholds gate them.
     */
    public static List<Metric> of(WorkloadKind workload, boolean fault, Thresholds thresholds) {
        if (workload == WorkloadKind.CONSUME) {
            return List.of(THROUGHPUT, CPU_PER_RECORD, ALLOC_PER_RECORD, WIRE_BYTES_PER_RECORD, RECORDS_PER_REQUEST);
        }
        return java.util.Arrays.stream(values()).filter(metric -> !metric.ofComponent() && metric != SERVICE_P99
                && metric != IO_ALLOC_PER_RECORD && (fault || metric != FAILOVER)
                && (!metric.ofBroker() || metric.gatedBy(thresholds))).toList();
    }

    /** Whether {@code thresholds} judge this metric: every metric but the broker's, which a scenario must name. */
    public boolean gatedBy(Thresholds thresholds) {
        return switch (this) {
            case BROKER_CPU_PER_RECORD -> !Double.isNaN(thresholds.brokerCpuRisePercent());
            case BROKER_PRODUCE_TIME -> !Double.isNaN(thresholds.brokerProduceTimeRisePercent());
            // Decided in advance, not per run: a component's time is judged by its CPU, its wall clock is only shown.
            case COMPONENT_NS_PER_OP -> false;
            // The p99's other basis: it stands in for the p99's blocks where steadier, never as a comparison of its own.
            case SERVICE_P99 -> false;
            // The allocation's other part: it is held at the base's for the allocation's verdict, never compared alone.
            case IO_ALLOC_PER_RECORD -> false;
            default -> true;
        };
    }

    /** The metric a result file's or baseline's key names. */
    public static java.util.Optional<Metric> forKey(String key) {
        return java.util.Arrays.stream(values()).filter(metric -> metric.key.equals(key)).findFirst();
    }

    /** A figure of the broker's, read from its JMX: judged only where a scenario's thresholds name it. */
    public boolean ofBroker() {
        return this == BROKER_CPU_PER_RECORD || this == BROKER_PRODUCE_TIME;
    }

    /** A metric of one component measured alone, not of the whole client. */
    public boolean ofComponent() {
        return this == COMPONENT_CPU_NS_PER_OP || this == COMPONENT_NS_PER_OP || this == COMPONENT_BYTES_PER_OP;
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
