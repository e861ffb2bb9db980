package dev.kafkaperfgate.workload;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks a scenario's producer properties the way KafkaProducer would, before anything runs:
 * each key must be one ProducerConfig defines, and each value one its ConfigDef accepts.
 */
public final class ProducerProperties {

    /** Set by the harness, not by scenarios: the broker decides the address, the workload the record type. */
    static final Set<String> OWNED_BY_HARNESS = Set.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);

    private ProducerProperties() {
    }

    /** Every problem found, one line each, naming the key; empty when the properties are valid. */
    public static List<String> problems(Map<String, String> properties) {
        List<String> problems = new ArrayList<>();
        Set<String> known = ProducerConfig.configNames();
        for (String key : new TreeMap<>(properties).keySet()) {
            if (OWNED_BY_HARNESS.contains(key)) {
                problems.add("producer property '" + key + "' is set by the harness and cannot be overridden");
            } else if (!known.contains(key)) {
                problems.add("producer property '" + key + "' is not a ProducerConfig key (typo?)");
            }
        }
        if (problems.isEmpty()) {
            // ConfigDef parses all values in one go and stops at the first bad one; check one by one to name each.
            for (Map.Entry<String, String> entry : new TreeMap<>(properties).entrySet()) {
                try {
                    new ProducerConfig(withHarnessKeys(Map.of(entry.getKey(), entry.getValue())));
                } catch (ConfigException e) {
                    problems.add("producer property '" + entry.getKey() + "': " + e.getMessage());
                }
            }
        }
        return problems;
    }

    private static Map<String, Object> withHarnessKeys(Map<String, String> properties) {
        Map<String, Object> config = new HashMap<>(properties);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return config;
    }
}
