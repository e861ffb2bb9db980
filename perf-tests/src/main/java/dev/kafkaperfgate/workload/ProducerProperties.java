package dev.kafkaperfgate.workload;

import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        new TreeMap<>(properties).forEach((key, value) ->
                problem(key, value).ifPresent(problem -> problems.add("producer property '" + key + "' " + problem)));
        return problems;
    }

    /**
     * What is wrong with one producer property, if anything. Values are checked one at a time
     * because ConfigDef stops at the first bad value of a map and would hide the others.
     */
    public static Optional<String> problem(String key, String value) {
        if (OWNED_BY_HARNESS.contains(key)) {
            return Optional.of("is set by the harness and cannot be overridden");
        }
        if (!ProducerConfig.configNames().contains(key)) {
            return Optional.of("is not a ProducerConfig key (typo?)");
        }
        try {
            // The ConfigDef alone: the same parsing and validators as KafkaProducer, without its config dump.
            ProducerConfig.configDef().parse(withHarnessKeys(Map.of(key, value)));
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of("is rejected by ProducerConfig: " + e.getMessage());
        }
    }

    /**
     * What KafkaProducer would reject in the combination of otherwise valid properties (e.g.
     * max.in.flight.requests.per.connection above 5 with idempotence on), if anything.
     */
    public static Optional<String> combinationProblem(Map<String, String> properties) {
        try {
            new ProducerConfig(withHarnessKeys(properties));
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of("KafkaProducer would reject these producer properties: " + e.getMessage());
        }
    }

    private static Map<String, Object> withHarnessKeys(Map<String, String> properties) {
        Map<String, Object> config = new HashMap<>(properties);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        return config;
    }
}
