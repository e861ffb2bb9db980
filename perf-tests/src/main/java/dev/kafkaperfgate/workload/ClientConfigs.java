package dev.kafkaperfgate.workload;

import dev.kafkaperfgate.broker.KafkaBroker;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.HashMap;
import java.util.Map;

/**
 * The configs the workloads hand to KafkaProducer and KafkaConsumer: the broker's connection
 * settings, the scenario's properties, then the keys the harness owns (see {@link ClientProperties}),
 * and an {@link InjectedCost} when {@code -Dperf.inject.burn.ns} asks for one.
 */
final class ClientConfigs {

    private ClientConfigs() {
    }

    static Map<String, Object> producer(KafkaBroker broker, Map<String, String> properties) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.putAll(properties);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        InjectedCost injected = InjectedCost.from(System.getProperties());
        if (injected.active()) {
            config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, CpuBurningSerializer.class);
            config.put(CpuBurningSerializer.BURN_NS, injected.burnNs());
            config.put(CpuBurningSerializer.EVERY, injected.every());
        }
        return config;
    }

    /** @param groupId a group of this read alone, so it starts from the earliest offset */
    static Map<String, Object> consumer(KafkaBroker broker, Map<String, String> properties, String groupId) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.putAll(properties);
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return config;
    }
}
