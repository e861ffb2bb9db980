package dev.kafkaperfgate.internal.workload.consume;

import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.CostMeter;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One consumer group member reading a topic from subscribe until every offset of the ledger was
 * seen: the group join timed apart from the fetching, as kafka-consumer-perf-test times them.
 * Every wait is bounded: no assignment within the join timeout, or no record for the stall
 * timeout while records remain, ends the read with the reason.
 */
final class ReadPass {

    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);

    private final NanoClock clock;
    private final Duration joinTimeout;
    private final Duration stallTimeout;
    private final BooleanSupplier abandon;

    /**
     * @param joinTimeout  longest wait for the first assignment
     * @param stallTimeout longest time without a record while records remain
     * @param abandon      checked after every poll; true ends the read at once (a dead broker)
     */
    ReadPass(NanoClock clock, Duration joinTimeout, Duration stallTimeout, BooleanSupplier abandon) {
        this.clock = clock;
        this.joinTimeout = joinTimeout;
        this.stallTimeout = stallTimeout;
        this.abandon = abandon;
    }

    /**
     * A record's value bytes as they came over the wire, whatever the deserializer makes of them:
     * the serialized size, or a byte array's length where there is none (-1: a null value, or a
     * record built by hand).
     */
    static long valueBytes(ConsumerRecord<?, ?> record) {
        int size = record.serializedValueSize();
        return size >= 0 ? size : record.value() instanceof byte[] value ? value.length : 0;
    }

    /**
     * Reads until {@code ledger} is complete.
     *
     * @param label names the scenario and the trial in errors
     * @throws ScenarioFailedException on a duplicate or skipped offset, a join or a stall beyond its timeout
     */
    ConsumeTrialFigures read(Consumer<?, ?> consumer, String topic, OffsetLedger ledger, int trial, String label) {
        long start = clock.nanoTime();
        long[] joinedAt = {0};
        // The cost is counted from the join, like the fetch rate: the join is a fixed protocol cost.
        CostMeter.Snapshot[] joinedCost = {null};
        consumer.subscribe(List.of(topic), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                if (joinedAt[0] == 0 && !partitions.isEmpty()) {
                    joinedAt[0] = clock.nanoTime();
                    joinedCost[0] = CostMeter.snapshot(consumer.metrics(), CostMeter.Traffic.CONSUMER);
                }
            }
        });
        Histogram gaps = new Histogram(Defaults.HISTOGRAM_DIGITS);
        long records = 0;
        long bytes = 0;
        long lastPoll = 0;
        long lastRecord = 0;
        while (!ledger.isComplete()) {
            var batch = consumer.poll(POLL_TIMEOUT);
            long now = clock.nanoTime();
            if (abandon.getAsBoolean()) {
                throw new ScenarioFailedException(label + ": abandoned after " + records + " records", null);
            }
            if (joinedAt[0] == 0) {
                if (now - start > joinTimeout.toNanos()) {
                    throw new ScenarioFailedException(label + ": the consumer got no partitions of " + topic + " within "
                            + joinTimeout.toSeconds() + " s of subscribing (group join)", null);
                }
                continue;
            }
            if (lastPoll != 0) {
                gaps.recordValue((now - lastPoll) / 1000);
            }
            lastPoll = now;
            for (ConsumerRecord<?, ?> record : batch) {
                String problem = ledger.accept(new TopicPartition(record.topic(), record.partition()), record.offset());
                if (problem != null) {
                    throw new ScenarioFailedException(label + ": " + problem, null);
                }
                records++;
                bytes += valueBytes(record);
            }
            if (!batch.isEmpty() || lastRecord == 0) {
                lastRecord = batch.isEmpty() ? joinedAt[0] : now;
            }
            if (now - lastRecord > stallTimeout.toNanos()) {
                throw new ScenarioFailedException(label + ": the consumer stopped receiving: " + records + " records read, "
                        + ledger.remaining() + " remain (" + ledger.position() + "), none for " + stallTimeout.toSeconds() + " s", null);
            }
        }
        long end = clock.nanoTime();
        CostMeter.Snapshot last = CostMeter.snapshot(consumer.metrics(), CostMeter.Traffic.CONSUMER);
        ClientCost cost = CostMeter.between(joinedCost[0] == null ? last : joinedCost[0], last, records);
        return new ConsumeTrialFigures(trial, records, bytes, joinedAt[0] - start, end - joinedAt[0], gaps, cost);
    }
}
