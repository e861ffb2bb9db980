package dev.kafkaperfgate.workload;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Checks a scenario's client properties the way KafkaProducer or KafkaConsumer would, before
 * anything runs: each key must be one the client's config class defines, and each value one its
 * ConfigDef accepts. {@link #PRODUCER} and {@link #CONSUMER} differ only in the config class and
 * in the keys the harness owns.
 */
public final class ClientProperties {

    /** ProducerConfig; the harness owns the address and the serializers. */
    public static final ClientProperties PRODUCER = new ClientProperties("producer", "ProducerConfig", "KafkaProducer",
            ProducerConfig.configDef(), ProducerConfig.configNames(),
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092",
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class),
            ProducerConfig::new);

    /**
     * ConsumerConfig; the harness owns the address, the deserializers, and the group and offset
     * reset, because every trial must read the whole topic from the start in a group of its own.
     */
    public static final ClientProperties CONSUMER = new ClientProperties("consumer", "ConsumerConfig", "KafkaConsumer",
            ConsumerConfig.configDef(), ConsumerConfig.configNames(),
            Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                    ConsumerConfig.GROUP_ID_CONFIG, "kpg-validation",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
            ConsumerConfig::new);

    private final String role;
    private final String configClass;
    private final String clientClass;
    private final ConfigDef configDef;
    private final Set<String> names;
    private final Map<String, Object> harnessKeys;
    private final Consumer<Map<String, Object>> construct;

    private ClientProperties(String role, String configClass, String clientClass, ConfigDef configDef, Set<String> names,
                             Map<String, Object> harnessKeys, Consumer<Map<String, Object>> construct) {
        this.role = role;
        this.configClass = configClass;
        this.clientClass = clientClass;
        this.configDef = configDef;
        this.names = names;
        this.harnessKeys = harnessKeys;
        this.construct = construct;
    }

    /** Every key the client's config class defines. */
    public Set<String> names() {
        return names;
    }

    /** Every problem found, one line each, naming the key; empty when the properties are valid. */
    public List<String> problems(Map<String, String> properties) {
        List<String> problems = new ArrayList<>();
        new TreeMap<>(properties).forEach((key, value) ->
                problem(key, value).ifPresent(problem -> problems.add(role + " property '" + key + "' " + problem)));
        return problems;
    }

    /**
     * What is wrong with one property, if anything. Values are checked one at a time because
     * ConfigDef stops at the first bad value of a map and would hide the others.
     */
    public Optional<String> problem(String key, String value) {
        if (harnessKeys.containsKey(key)) {
            return Optional.of("is set by the harness and cannot be overridden");
        }
        if (!names.contains(key)) {
            return Optional.of("is not a " + configClass + " key (typo?)");
        }
        try {
            // The ConfigDef alone: the same parsing and validators as the client, without its config dump.
            configDef.parse(withHarnessKeys(Map.of(key, value)));
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of("is rejected by " + configClass + ": " + e.getMessage());
        }
    }

    /**
     * What the client would reject in the combination of otherwise valid properties (e.g.
     * max.in.flight.requests.per.connection above 5 with idempotence on), if anything.
     */
    public Optional<String> combinationProblem(Map<String, String> properties) {
        try {
            construct.accept(withHarnessKeys(properties));
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of(clientClass + " would reject these " + role + " properties: " + e.getMessage());
        }
    }

    private Map<String, Object> withHarnessKeys(Map<String, String> properties) {
        Map<String, Object> config = new HashMap<>(properties);
        config.putAll(harnessKeys);
        return config;
    }
}
