package dev.kafkaperfgate.internal.workload.consume;

import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.workload.BrokerWatch;
import dev.kafkaperfgate.internal.workload.ClientConfigs;
import dev.kafkaperfgate.internal.workload.CodecCheck;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.Pacer;
import dev.kafkaperfgate.internal.workload.Producers;
import dev.kafkaperfgate.internal.workload.SendErrors;
import dev.kafkaperfgate.internal.workload.SteadyStateDetector;
import dev.kafkaperfgate.internal.workload.payload.PayloadPool;
import dev.kafkaperfgate.internal.workload.payload.RecordPool;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.workload.send.SendPhase;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.metrics.LatencyRecorder;
import dev.kafkaperfgate.internal.metrics.PerfLine;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs a consume scenario as kafka-consumer-perf-test would: the topic is pre-loaded (not
 * measured), then each trial is a consumer in a group of its own reading every record from the
 * start. Unmeasured reads come first, unless the warm-up is {@code none}, until the fetch rates of
 * the last reads agree (the scenario's {@link WarmupPolicy}, one read per window): measured
 * here, the first reads of 2 M records of 300 B after the pre-load ran at 570k, 750k, then 840k
 * records/s, so a single warm-up read is not enough. Every read is checked to see each offset
 * exactly once.
 *
 * <pre>{@code
 * ConsumeResult result = new ConsumeWorkload(broker, System.out, NanoClock.SYSTEM, null, InjectedCost.NONE)
 *         .run(load, Map.of("fetch.min.bytes", "1"), topic);
 * }</pre>
 */
public final class ConsumeWorkload {

    private static final String WINDOW_FIGURE = "fetch records/s per read";

    private final KafkaBroker broker;
    private final PrintStream console;
    private final NanoClock clock;
    private final CpuSet clientCpus;
    private final InjectedCost injection;
    /** Reads started, warm-up included: each gets a group of its own. */
    private int reads;
    /** What the reads' group ids start with: the topic's name, unless {@link #withGroupPrefix} says otherwise. */
    private String groupPrefix;

    /** @param clientCpus the CPUs the client JVM is pinned to, recorded in the result; {@code null} if unpinned */
    /** @param injection a cost put into the pre-load's producer on purpose; {@link InjectedCost#NONE} normally */
    public ConsumeWorkload(KafkaBroker broker, PrintStream console, NanoClock clock, CpuSet clientCpus, InjectedCost injection) {
        this.injection = injection;
        this.broker = broker;
        this.console = console;
        this.clock = clock;
        this.clientCpus = clientCpus;
    }

    /**
     * Names this workload's consumer groups {@code <prefix>-read-<n>} instead of after the topic:
     * readers of one topic in several JVMs (Trogdor's agents) must not share a group, nor reuse one
     * that a reader before them committed offsets in.
     */
    public ConsumeWorkload withGroupPrefix(String prefix) {
        this.groupPrefix = prefix;
        return this;
    }

    /**
     * @param load     what to pre-load: {@code recordsPerTrial} records of its payload with its producer
     *                 properties; its warm-up and trials count the reads
     * @param consumer consumer properties, Kafka's own keys
     * @param topic    an existing, empty topic created for this scenario
     * @throws dev.kafkaperfgate.internal.workload.ScenarioFailedException    when the pre-load fails, or a read misses, repeats or stalls
     * @throws BrokerUnavailableException when the broker dies during the scenario
     */
    public ConsumeResult run(ProduceScenario load, Map<String, String> consumer, String topic) {
        long preloadStart = clock.nanoTime();
        long preloaded = preload(load, topic);
        long preloadNanos = clock.nanoTime() - preloadStart;
        console.printf("[%s] pre-load: %d records in %.1f s (not measured)%n", load.name(), preloaded, preloadNanos / 1e9);
        return read(load, consumer, topic, preloaded, preloadNanos);
    }

    /**
     * Writes the records every read will consume, with the load's producer settings; all must be
     * acknowledged. Paired mode pre-loads each side's topic once and reads it trial by trial.
     *
     * @return the records written
     */
    public long preload(ProduceScenario load, String topic) {
        if (load.recordsPerTrial() <= 0) {
            throw new IllegalArgumentException("scenario " + load.name() + ": a consume scenario pre-loads a record count");
        }
        CodecCheck.verify(load.name(), load.producer());
        try (BrokerWatch watch = BrokerWatch.start(broker, () -> { })) {
            try {
                return preload(load, topic, watch);
            } catch (RuntimeException e) {
                throw watch.isDead() ? brokerDied(load, watch, e) : e;
            }
        }
    }

    /**
     * Reads a pre-loaded topic: the load's warm-up reads, then its trials.
     *
     * @param preloaded    records the pre-load wrote, for the result
     * @param preloadNanos how long it took, for the result
     */
    public ConsumeResult read(ProduceScenario load, Map<String, String> consumer, String topic, long preloaded, long preloadNanos) {
        try (BrokerWatch watch = BrokerWatch.start(broker, () -> { })) {
            try {
                OffsetRange range = offsetRange(topic, consumer);
                ReadPass pass = new ReadPass(clock, Defaults.CONSUMER_JOIN_TIMEOUT, Defaults.CONSUMER_STALL_TIMEOUT, watch::isDead);
                WarmupSummary warmup = warmUp(pass, load, consumer, topic, range);
                console.println("[" + load.name() + "] " + PerfLine.CONSUMER_HEADER);
                List<ConsumeTrialFigures> trials = new ArrayList<>();
                for (int trial = 1; trial <= load.trials(); trial++) {
                    long wallStart = System.currentTimeMillis();
                    ConsumeTrialFigures figures = read(pass, load, consumer, topic, range, trial,
                            "trial " + trial + "/" + load.trials());
                    console.println("[" + load.name() + "] trial " + trial + "/" + load.trials() + ": "
                            + PerfLine.consumer(wallStart, figures.records(), figures.bytes(), figures.joinNanos(), figures.fetchNanos()));
                    trials.add(figures);
                }
                return new ConsumeResult(load, consumer, topic, broker.info(), ClientJvm.current(clientCpus), preloaded,
                        preloadNanos, warmup, trials);
            } catch (RuntimeException e) {
                throw watch.isDead() ? brokerDied(load, watch, e) : e;
            }
        }
    }

    /**
     * Opens one consumer on a pre-loaded topic for paired mode's warm windows ({@link WarmReads}):
     * it stays open, going round the topic, until closed.
     *
     * @param window how long each measured window reads
     * @param warmup how long the warm-up reads, unmeasured
     * @throws dev.kafkaperfgate.internal.workload.ScenarioFailedException when the topic holds no records
     */
    public WarmReads openWindows(ProduceScenario load, Map<String, String> consumer, String topic, Duration window,
                                 Duration warmup) {
        reads++;
        KafkaConsumer<Object, Object> reader = new KafkaConsumer<>(
                ClientConfigs.consumer(broker, consumer, (groupPrefix == null ? topic : groupPrefix) + "-windows-" + reads));
        BrokerWatch watch = BrokerWatch.start(broker, () -> { });
        try {
            return new WarmReads(reader, topic, window, warmup, watch::isDead, watch::close, clock, Defaults.CONSUMER_STALL_TIMEOUT,
                    load.name());
        } catch (RuntimeException e) {
            try {
                reader.close(Duration.ZERO);
            } finally {
                watch.close();
            }
            throw watch.isDead() ? brokerDied(load, watch, e) : e;
        }
    }

    private static BrokerUnavailableException brokerDied(ProduceScenario load, BrokerWatch watch, RuntimeException cause) {
        return new BrokerUnavailableException("scenario " + load.name() + " stopped: the broker died: "
                + watch.failure().orElseThrow(), cause);
    }

    /** Reads the whole topic, unmeasured, until the policy says the fetch rate is steady. */
    private WarmupSummary warmUp(ReadPass pass, ProduceScenario load, Map<String, String> consumer, String topic, OffsetRange range) {
        WarmupPolicy policy = load.warmup();
        if (policy.isNone()) {
            return new WarmupSummary(0, 0, true, WINDOW_FIGURE, List.of());
        }
        SteadyStateDetector steady = new SteadyStateDetector(policy);
        long start = clock.nanoTime();
        long records = 0;
        int read = 0;
        do {
            read++;
            ConsumeTrialFigures figures = read(pass, load, consumer, topic, range, 0, "warm-up read " + read);
            records += figures.records();
            steady.addWindow(figures.fetchRecordsPerSecond());
            console.printf("[%s] warm-up read %d: %d records, %.1f fetch records/sec%n", load.name(), read, figures.records(),
                    figures.fetchRecordsPerSecond());
        } while (!steady.isDone(clock.nanoTime() - start));
        long duration = clock.nanoTime() - start;
        console.printf("[%s] warm-up: %d reads in %.1f s, %s%n", load.name(), read, duration / 1e9,
                steady.isSteady() ? "steady" : "NOT steady within its bound of " + String.format(java.util.Locale.ROOT, "%.1f", policy.max().toMillis() / 1000.0) + " s");
        return new WarmupSummary(records, duration, steady.isSteady(), WINDOW_FIGURE, steady.windows());
    }

    /** Writes the records every read will consume; all must be acknowledged. */
    private long preload(ProduceScenario load, String topic, BrokerWatch watch) {
        Map<String, Object> config = ClientConfigs.producer(broker, load.producer(), injection);
        RecordPool records = PayloadPool.records(load, config);
        try (Producer<Object, Object> producer = Producers.open(load, config)) {
            SendPhase phase = new SendPhase(producer, topic, records, clock, watch, SendPhase.RecordStamp.NONE);
            LatencyRecorder latencies = new LatencyRecorder(false);
            SendErrors errors = new SendErrors();
            SendPhase.Outcome outcome = phase.run(0, Pacer.unlimited(clock), load.recordsPerTrial(),
                    Defaults.PROGRESS_INTERVAL.toNanos(), (interval, now) -> false, latencies, errors);
            ProduceWorkload.checkErrors(load, "pre-load", outcome, latencies, errors, watch);
            return outcome.sent();
        }
    }

    /** Each partition's first offset and end offset (one past its last record). */
    private record OffsetRange(Map<TopicPartition, Long> begin, Map<TopicPartition, Long> end) {
    }

    /** The offset range of every partition, from a consumer outside any group. */
    private OffsetRange offsetRange(String topic, Map<String, String> consumer) {
        try (KafkaConsumer<Object, Object> lookup = new KafkaConsumer<>(ClientConfigs.consumer(broker, consumer, topic + "-lookup"))) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : lookup.partitionsFor(topic, Defaults.ADMIN_TIMEOUT)) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
            return new OffsetRange(lookup.beginningOffsets(partitions, Defaults.ADMIN_TIMEOUT),
                    lookup.endOffsets(partitions, Defaults.ADMIN_TIMEOUT));
        }
    }

    /** @param trial the trial number the figures carry; 0 for a warm-up read */
    private ConsumeTrialFigures read(ReadPass pass, ProduceScenario load, Map<String, String> consumer, String topic,
                                     OffsetRange range, int trial, String phase) {
        OffsetLedger ledger = new OffsetLedger(range.begin(), range.end());
        String label = "scenario " + load.name() + ", " + phase;
        reads++;
        try (KafkaConsumer<Object, Object> reader = new KafkaConsumer<>(
                ClientConfigs.consumer(broker, consumer, (groupPrefix == null ? topic : groupPrefix) + "-read-" + reads))) {
            return pass.read(reader, topic, ledger, trial, label);
        }
    }
}
