package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ClientProperties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.util.HashMap;
import java.util.Map;

/**
 * The configs the workloads hand to the producer and KafkaConsumer: the byte-array
 * (de)serializers unless the scenario names its own, the broker's connection settings, the
 * scenario's properties, then the keys the harness owns (see {@link ClientProperties}), and an
 * {@link InjectedCost} when the run asks for one ({@code -Dperf.inject.burn.ns}).
 */
public final class ClientConfigs {

    private ClientConfigs() {
    }

    public static Map<String, Object> producer(KafkaBroker broker, Map<String, String> properties, InjectedCost injected) {
        Map<String, Object> config = new HashMap<>(ClientProperties.PRODUCER.defaults());
        config.putAll(broker.connectionProperties());
        config.putAll(properties);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        if (injected.active()) {
            // Appended after the team's own interceptors: the burn adds to their cost, never replaces it.
            String own = properties.getOrDefault(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG, "").trim();
            config.put(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG,
                    (own.isEmpty() ? "" : own + ",") + InjectedCostInterceptor.class.getName());
            config.put(InjectedCostInterceptor.BURN_NS, injected.burnNs());
            config.put(InjectedCostInterceptor.EVERY, injected.every());
            config.put(InjectedCostInterceptor.ALLOC_BYTES, injected.allocBytes());
        }
        return config;
    }

    /** @param groupId a group of this read alone, so it starts from the earliest offset */
    public static Map<String, Object> consumer(KafkaBroker broker, Map<String, String> properties, String groupId) {
        Map<String, Object> config = new HashMap<>(ClientProperties.CONSUMER.defaults());
        config.putAll(broker.connectionProperties());
        config.putAll(properties);
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        return config;
    }
}
