package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.send.DeliveryLedger;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Reads back what a fault trial left in its topic, by the sequence number each record carries
 * ({@link DeliveryLedger#SEQUENCE_HEADER}), so that the ledger can tell which acknowledged
 * records are missing (lost) and which are there twice (duplicated).
 *
 * <pre>{@code
 * Map<TopicPartition, Long> begin = TrialReadBack.endOffsets(broker, topic, partitions);   // before the trial
 * ... the trial, the recovery ...
 * TrialReadBack.Tally tally = TrialReadBack.read(broker, topic, begin, Duration.ofSeconds(60));
 * }</pre>
 */
final class TrialReadBack {

    /**
     * @param seen       the sequence numbers read at least once
     * @param duplicates reads of a sequence number seen before
     * @param records    records read
     */
    record Tally(BitSet seen, long duplicates, long records) {
    }

    private TrialReadBack() {
    }

    /** Where each partition ends now: the trial's records start there. */
    static Map<TopicPartition, Long> endOffsets(KafkaBroker broker, String topic, int partitions) {
        try (KafkaConsumer<byte[], byte[]> consumer = consumer(broker)) {
            return consumer.endOffsets(partitions(topic, partitions), Duration.ofSeconds(30));
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new ScenarioFailedException("could not read the end offsets of " + topic + " within 30 s: " + e.getMessage(), e);
        }
    }

    /**
     * Reads every partition from {@code begin} to its end now.
     *
     * @throws ScenarioFailedException when the end is not reached within {@code timeout}, naming where each partition stands
     */
    static Tally read(KafkaBroker broker, String topic, Map<TopicPartition, Long> begin, Duration timeout) {
        BitSet seen = new BitSet();
        long duplicates = 0;
        long records = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = consumer(broker)) {
            List<TopicPartition> partitions = List.copyOf(begin.keySet());
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
            consumer.assign(partitions);
            begin.forEach(consumer::seek);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!reached(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new ScenarioFailedException("reading back " + topic + " did not reach its end within " + timeout.toSeconds()
                            + " s: " + partitions.stream().map(p -> p + " at " + consumer.position(p) + " of " + end.get(p))
                            .collect(Collectors.joining(", ")), null);
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    records++;
                    long sequence = DeliveryLedger.sequenceOf(record.headers());
                    if (sequence < 0 || sequence > Integer.MAX_VALUE) {
                        continue;
                    }
                    if (seen.get((int) sequence)) {
                        duplicates++;
                    }
                    seen.set((int) sequence);
                }
            }
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new ScenarioFailedException("reading back " + topic + " timed out: " + e.getMessage(), e);
        }
        return new Tally(seen, duplicates, records);
    }

    private static boolean reached(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(entry -> consumer.position(entry.getKey()) >= entry.getValue());
    }

    private static List<TopicPartition> partitions(String topic, int partitions) {
        return IntStream.range(0, partitions).mapToObj(partition -> new TopicPartition(topic, partition)).toList();
    }

    private static KafkaConsumer<byte[], byte[]> consumer(KafkaBroker broker) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return new KafkaConsumer<>(config);
    }
}
