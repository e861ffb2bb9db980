package dev.kafkaperfgate.internal.workload.consume;

import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The read loop of the consume workload against Kafka's MockConsumer: what it counts and when it gives up. */
@Tag("unit")
class ReadPassTest {

    private static final String TOPIC = "t";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
    private final ReadPass pass = new ReadPass(NanoClock.SYSTEM, Duration.ofSeconds(1), Duration.ofSeconds(1), () -> false);

    @Test
    @Timeout(10)
    void readsEveryRecordOnceAndSplitsJoinFromFetch() {
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0, P1));
            consumer.addRecord(record(P0, 0, 10));
            consumer.addRecord(record(P1, 0, 20));
        });
        consumer.schedulePollTask(() -> consumer.addRecord(record(P0, 1, 30)));
        ConsumeTrialFigures figures = pass.read(consumer, TOPIC, ledger(2, 1), 1, "scenario c, trial 1");
        assertEquals(3, figures.records());
        assertEquals(60, figures.bytes());
        assertTrue(figures.joinNanos() > 0 && figures.fetchNanos() > 0, figures.toString());
        assertEquals(1, figures.pollGaps().getTotalCount(), "one gap between the two polls after the join");
    }

    @Test
    @Timeout(10)
    void aConsumerThatStopsReceivingFailsWithinTheStallTimeout() {
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0, P1));
            consumer.addRecord(record(P0, 0, 10));
        });
        long start = System.nanoTime();
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class,
                () -> pass.read(consumer, TOPIC, ledger(2, 2), 1, "scenario c, trial 1"));
        assertEquals("scenario c, trial 1: the consumer stopped receiving: 1 records read, 3 remain (t-0 at 1 of 2, t-1 at 0 of 2), "
                + "none for 1 s", error.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos());
    }

    @Test
    @Timeout(10)
    void aConsumerThatNeverGetsPartitionsFailsWithinTheJoinTimeout() {
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class,
                () -> pass.read(consumer, TOPIC, ledger(1, 1), 2, "scenario c, trial 2"));
        assertEquals("scenario c, trial 2: the consumer got no partitions of t within 1 s of subscribing (group join)",
                error.getMessage());
    }

    @Test
    @Timeout(10)
    void aDuplicateFailsTheRead() {
        consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0, P1));
            consumer.addRecord(record(P0, 0, 10));
        });
        // A position reset delivers offset 0 again, as a rebalance before a commit can.
        consumer.schedulePollTask(() -> {
            consumer.seek(P0, 0);
            consumer.addRecord(record(P0, 0, 10));
        });
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class,
                () -> pass.read(consumer, TOPIC, ledger(2, 1), 1, "scenario c, trial 1"));
        assertEquals("scenario c, trial 1: offset 0 of t-0 was read twice", error.getMessage());
    }

    private static OffsetLedger ledger(long end0, long end1) {
        return new OffsetLedger(Map.of(P0, 0L, P1, 0L), Map.of(P0, end0, P1, end1));
    }

    private static ConsumerRecord<byte[], byte[]> record(TopicPartition partition, long offset, int size) {
        return new ConsumerRecord<>(TOPIC, partition.partition(), offset, null, new byte[size]);
    }
}
