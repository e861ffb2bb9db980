package dev.kafkaperfgate.internal.broker;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Reads a topic back from the beginning: the proof that what the producer had acknowledged is really there. */
public final class RecordsOnTopic {

    private RecordsOnTopic() {
    }

    /** Consumes every partition of {@code topic} to its end offset; returns the records read (bounded by {@code timeout}). */
    public static long consumeAll(KafkaBroker broker, String topic, Duration timeout) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(config)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .collect(Collectors.toList());
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
            Map<TopicPartition, Long> nextExpected = new HashMap<>();
            partitions.forEach(partition -> nextExpected.put(partition, 0L));
            long read = 0;
            long deadline = System.nanoTime() + timeout.toNanos();
            while (!nextExpected.equals(end) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (record.offset() != nextExpected.get(partition)) {
                        throw new AssertionError("gap or duplicate on " + partition + ": expected offset "
                                + nextExpected.get(partition) + ", read " + record.offset());
                    }
                    nextExpected.put(partition, record.offset() + 1);
                    read++;
                }
            }
            return read;
        }
    }
}
