package dev.kafkaperfgate.internal.workload.consume;

import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.CostMeter;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.WarmClient;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A consume scenario's reader for paired mode's warm windows: one consumer, assigned every
 * partition of its side's pre-loaded topic, going round it. Each window reads for the window's
 * length from where the last one stopped; at the topic's end the consumer seeks back to its start,
 * and every pass must see each offset exactly once ({@link OffsetLedger}), as a trial's read must.
 *
 * <p>Why assigned, not subscribed: a trial is a new group whose join is timed apart and never
 * costed (kafka-consumer-perf-test's rebalance time); a warm window has no join to time, and the
 * fetch path it measures is the same. The consumer's own settings (fetch sizes and waits,
 * {@code max.poll.records}, its deserializers) all apply.
 *
 * <pre>{@code
 * WarmReads reads = consumeWorkload.openWindows(load, consumerProperties, topic, Duration.ofSeconds(1), Duration.ofSeconds(6));
 * reads.warmUp();                                  // reads, unmeasured, for the fixed warm-up
 * ConsumeTrialFigures window = reads.measure(7);   // one second of reading, its cost per record
 * reads.close();
 * }</pre>
 */
public final class WarmReads implements WarmClient<ConsumeTrialFigures> {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);
    private static final String WINDOW_FIGURE = "fetch records/s per read";

    private final Consumer<?, ?> consumer;
    private final String scenario;
    private final Duration window;
    private final Duration warmup;
    private final BooleanSupplier brokerDead;
    private final Runnable afterClose;
    private final NanoClock clock;
    private final Duration stallTimeout;
    private final Map<TopicPartition, Long> begin;
    private final Map<TopicPartition, Long> end;
    private OffsetLedger pass;
    private int passes;

    /**
     * Assigns every partition of {@code topic} and positions the consumer at their start.
     *
     * @param window how long each measured window reads
     * @param warmup how long the warm-up reads, unmeasured
     * @param brokerDead checked after every poll: true ends the window at once
     * @param afterClose run when this reader closes (the broker's watch stops)
     * @throws ScenarioFailedException when the topic holds no records
     */
    WarmReads(Consumer<?, ?> consumer, String topic, Duration window, Duration warmup, BooleanSupplier brokerDead, Runnable afterClose,
              NanoClock clock, Duration stallTimeout, String scenario) {
        this.consumer = consumer;
        this.scenario = scenario;
        this.window = window;
        this.warmup = warmup;
        this.brokerDead = brokerDead;
        this.afterClose = afterClose;
        this.clock = clock;
        this.stallTimeout = stallTimeout;
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : consumer.partitionsFor(topic, Defaults.ADMIN_TIMEOUT)) {
            partitions.add(new TopicPartition(topic, info.partition()));
        }
        consumer.assign(partitions);
        this.begin = Map.copyOf(consumer.beginningOffsets(partitions, Defaults.ADMIN_TIMEOUT));
        this.end = Map.copyOf(consumer.endOffsets(partitions, Defaults.ADMIN_TIMEOUT));
        if (end.entrySet().stream().allMatch(partition -> partition.getValue() <= begin.get(partition.getKey()))) {
            throw new ScenarioFailedException("scenario " + scenario + ": warm windows read a pre-loaded topic, and " + topic
                    + " holds no records", null);
        }
        rewind();
    }

    /** Reads for the warm-up's length, unmeasured. */
    @Override
    public WarmupSummary warmUp() {
        long start = clock.nanoTime();
        long records = read(warmup, "warm-up", null, new long[1]);
        return new WarmupSummary(records, clock.nanoTime() - start, true, WINDOW_FIGURE, List.of());
    }

    /** One window: reads for the window's length, and what the client spent per record read. */
    @Override
    public ConsumeTrialFigures measure(int number) {
        Histogram gaps = new Histogram(Defaults.HISTOGRAM_DIGITS);
        long[] bytes = new long[1];
        CostMeter.Snapshot before = CostMeter.snapshot(consumer.metrics(), CostMeter.Traffic.CONSUMER);
        long start = clock.nanoTime();
        long records = read(window, "window " + number, gaps, bytes);
        long elapsed = clock.nanoTime() - start;
        ClientCost cost = CostMeter.between(before, CostMeter.snapshot(consumer.metrics(), CostMeter.Traffic.CONSUMER), records);
        return new ConsumeTrialFigures(number, records, bytes[0], 0, elapsed, gaps, cost);
    }

    /**
     * Polls for {@code length}, going round the topic; every wait bounded by the stall timeout.
     *
     * @param gaps  receives the time between polls, microseconds; {@code null} for the warm-up
     * @param bytes receives the record value bytes read
     * @return the records read
     */
    private long read(Duration length, String phase, Histogram gaps, long[] bytes) {
        long start = clock.nanoTime();
        long lastPoll = 0;
        long lastRecord = start;
        long records = 0;
        while (true) {
            ConsumerRecords<?, ?> batch = consumer.poll(POLL_TIMEOUT);
            long now = clock.nanoTime();
            if (brokerDead.getAsBoolean()) {
                throw new ScenarioFailedException("scenario " + scenario + ", " + phase + ": abandoned after " + records
                        + " records: the broker died", null);
            }
            if (gaps != null && lastPoll != 0) {
                gaps.recordValue((now - lastPoll) / 1000);
            }
            lastPoll = now;
            for (ConsumerRecord<?, ?> record : batch) {
                String problem = pass.accept(new TopicPartition(record.topic(), record.partition()), record.offset());
                if (problem != null) {
                    throw new ScenarioFailedException("scenario " + scenario + ", " + phase + ", pass " + passes + ": " + problem, null);
                }
                records++;
                bytes[0] += ReadPass.valueBytes(record);
            }
            if (!batch.isEmpty()) {
                lastRecord = now;
            } else if (now - lastRecord > stallTimeout.toNanos()) {
                throw new ScenarioFailedException("scenario " + scenario + ", " + phase + ": the consumer stopped receiving: "
                        + pass.remaining() + " records of pass " + passes + " remain (" + pass.position() + "), none for "
                        + stallTimeout.toSeconds() + " s", null);
            }
            if (pass.isComplete()) {
                rewind();
            }
            if (now - start >= length.toNanos()) {
                return records;
            }
        }
    }

    /** Back to the start of every partition, for a new pass that must see each offset once. */
    private void rewind() {
        begin.forEach(consumer::seek);
        pass = new OffsetLedger(begin, end);
        passes++;
    }

    @Override
    public void close() {
        try {
            consumer.close(Duration.ofSeconds(5));
        } finally {
            afterClose.run();
        }
    }
}
