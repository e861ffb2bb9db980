package dev.kafkaperfgate.internal.workload.endtoend;

import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The end-to-end reader against Kafka's MockConsumer: latency from the send-time header, and a bounded wait. */
@Tag("unit")
class EndToEndReaderTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);

    private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");

    EndToEndReaderTest() {
        consumer.updateBeginningOffsets(Map.of(P0, 0L));
    }

    @Test
    @Timeout(10)
    void receiveMinusSendFromTheHeaderIsRecordedPerPhase() {
        try (EndToEndReader reader = new EndToEndReader(consumer, "t", 1, 2, NanoClock.SYSTEM, Duration.ofSeconds(5), "the consumer")) {
            long sentTwoMillisAgo = System.nanoTime() - 2_000_000;
            consumer.addRecord(record(0, reader, 0, sentTwoMillisAgo));
            consumer.addRecord(record(1, reader, 1, sentTwoMillisAgo));
            consumer.addRecord(record(2, reader, 1, sentTwoMillisAgo));
            assertEquals(1, reader.phaseEnded("e2e", 0, 1).latency().getTotalCount());
            Delivery delivery = reader.phaseEnded("e2e", 1, 2);
            Histogram trial = delivery.latency();
            assertEquals(2, trial.getTotalCount());
            assertEquals(2, delivery.records());
            assertTrue(delivery.spanNanos() >= 0, "first read to last read of the phase: " + delivery.spanNanos());
            assertTrue(trial.getMinValue() >= 2000, "microseconds since a send 2 ms ago: " + trial.getMinValue());
        }
    }

    @Test
    @Timeout(10)
    void aConsumerThatStopsReceivingFailsTheScenarioWithinTheStallTimeout() {
        try (EndToEndReader reader = new EndToEndReader(consumer, "t", 1, 2, NanoClock.SYSTEM, Duration.ofSeconds(1), "the consumer")) {
            consumer.addRecord(record(0, reader, 1, System.nanoTime()));
            ScenarioFailedException error = assertThrows(ScenarioFailedException.class, () -> reader.phaseEnded("e2e", 1, 5));
            assertEquals("scenario e2e, trial 1: the consumer stopped delivering: 1 of 5 records received, none for 1 s",
                    error.getMessage());
        }
    }

    @Test
    @Timeout(10)
    void aRecordReceivedTwiceFailsTheScenario() {
        try (EndToEndReader reader = new EndToEndReader(consumer, "t", 1, 2, NanoClock.SYSTEM, Duration.ofSeconds(5), "the consumer")) {
            long now = System.nanoTime();
            consumer.addRecord(record(0, reader, 1, now));
            consumer.addRecord(record(1, reader, 1, now));
            ScenarioFailedException error = assertThrows(ScenarioFailedException.class, () -> {
                // wait until both are in, then claim only one was sent
                long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                while (System.nanoTime() < deadline) {
                    reader.phaseEnded("e2e", 1, 1);
                }
            });
            assertTrue(error.getMessage().contains("1 records sent but 2 received"), error.getMessage());
        }
    }

    /**
     * Warm windows number their phases past any fixed count: two slots take them in turn, each
     * emptied when its next phase starts, so a window counts its own records and no earlier one's.
     */
    @Test
    @Timeout(10)
    void warmWindowsReuseTheSlotsAndEachWindowCountsOnlyItsOwnRecords() {
        try (EndToEndReader reader = new EndToEndReader(consumer, "t", 1, 2, NanoClock.SYSTEM, Duration.ofSeconds(5), "the consumer")) {
            long offset = 0;
            for (int window : new int[]{0, 0, 7, 10, 13, 16}) {
                reader.phaseStarting(window);
                int records = 1 + window % 3;
                long sentThreeMillisAgo = System.nanoTime() - 3_000_000;
                for (int i = 0; i < records; i++) {
                    consumer.addRecord(record(offset++, reader, window, sentThreeMillisAgo));
                }
                Delivery delivery = reader.phaseEnded("e2e", window, records);
                assertEquals(records, delivery.records(), "window " + window);
                assertEquals(records, delivery.latency().getTotalCount(), "window " + window);
                assertEquals(10L * records, delivery.bytes(), "window " + window);
                assertTrue(delivery.latency().getMinValue() >= 3000, "window " + window + ": " + delivery.latency().getMinValue());
            }
        }
    }

    @Test
    void theDeliveredRateIsRecordsOverFirstToLastRead() {
        Delivery steady = new Delivery(new Histogram(3), 3_000, 3_000 * 15_000L, 10_000_000_000L);
        assertEquals(300.0, steady.recordsPerSecond(), 1e-9, "3000 records read over 10 s");
        assertEquals(3_000 * 15_000 / 10.0 / (1024 * 1024), steady.megabytesPerSecond(), 1e-9);
        assertEquals(1_000.0, new Delivery(new Histogram(3), 1, 10, 0).recordsPerSecond(), 1e-9,
                "a phase read in one poll is taken as 1 ms: a finite rate");
    }

    private static ConsumerRecord<byte[], byte[]> record(long offset, EndToEndReader reader, int phase, long sendNanos) {
        RecordHeaders headers = new RecordHeaders();
        reader.stamp().stamp(phase, sendNanos).forEach(headers::add);
        return new ConsumerRecord<>("t", 0, offset, 0L, TimestampType.CREATE_TIME, 0, 10, null, new byte[10], headers,
                Optional.empty());
    }
}
