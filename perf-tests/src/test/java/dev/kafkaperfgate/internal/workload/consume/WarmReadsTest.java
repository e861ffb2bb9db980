package dev.kafkaperfgate.internal.workload.consume;

import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A consume scenario's warm reader against Kafka's MockConsumer: round the topic pass after pass, each offset once a pass. */
@Timeout(20)
class WarmReadsTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);

    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");

    WarmReadsTest() {
        Node node = new Node(0, "localhost", 9092);
        consumer.updatePartitions("t", List.of(new PartitionInfo("t", 0, node, new Node[]{node}, new Node[]{node})));
        consumer.updateBeginningOffsets(Map.of(P0, 0L));
        consumer.updateEndOffsets(Map.of(P0, 3L));
    }

    @Test
    void aWindowGoesRoundTheTopicAndCountsEveryPassesRecords() {
        AtomicBoolean closed = new AtomicBoolean();
        WarmReads reads = new WarmReads(consumer, "t", Duration.ofMillis(300), Duration.ofMillis(50), () -> false,
                () -> closed.set(true), NanoClock.SYSTEM, Duration.ofSeconds(5), "reads");
        // Three passes over offsets 0-2: the reader seeks back to 0 after each, so each is read again.
        for (int pass = 0; pass < 3; pass++) {
            consumer.schedulePollTask(() -> {
                for (long offset = 0; offset < 3; offset++) {
                    consumer.addRecord(record(offset));
                }
            });
        }
        ConsumeTrialFigures window = reads.measure(5);
        assertEquals(9, window.records(), "three passes of three records");
        assertEquals(90, window.bytes());
        assertEquals(5, window.trial());
        assertEquals(0, window.joinNanos(), "a warm window has no group join");
        assertTrue(window.fetchNanos() >= Duration.ofMillis(300).toNanos(), "read for the window's length: " + window.fetchNanos());
        reads.close();
        assertTrue(closed.get(), "the broker's watch stops with the reader");
    }

    @Test
    void aSkippedOffsetFailsTheWindowWithThePass() {
        WarmReads reads = new WarmReads(consumer, "t", Duration.ofMillis(300), Duration.ofMillis(50), () -> false, () -> { },
                NanoClock.SYSTEM, Duration.ofSeconds(5), "reads");
        consumer.schedulePollTask(() -> {
            consumer.addRecord(record(0));
            consumer.addRecord(record(2));
        });
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class, () -> reads.measure(1));
        assertEquals("scenario reads, window 1, pass 1: offsets 1 to 1 of t-0 were skipped", error.getMessage());
        reads.close();
    }

    @Test
    void aDeadBrokerEndsTheWindowAtOnce() {
        WarmReads reads = new WarmReads(consumer, "t", Duration.ofSeconds(10), Duration.ofMillis(50), () -> true, () -> { },
                NanoClock.SYSTEM, Duration.ofSeconds(5), "reads");
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class, () -> reads.measure(1));
        assertEquals("scenario reads, window 1: abandoned after 0 records: the broker died", error.getMessage());
        reads.close();
    }

    @Test
    void anEmptyTopicIsRefusedWhenOpened() {
        consumer.updateEndOffsets(Map.of(P0, 0L));
        ScenarioFailedException error = assertThrows(ScenarioFailedException.class, () -> new WarmReads(consumer, "t",
                Duration.ofMillis(300), Duration.ofMillis(50), () -> false, () -> { }, NanoClock.SYSTEM, Duration.ofSeconds(5), "reads"));
        assertEquals("scenario reads: warm windows read a pre-loaded topic, and t holds no records", error.getMessage());
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset) {
        return new ConsumerRecord<>("t", 0, offset, new byte[0], new byte[10]);
    }
}
