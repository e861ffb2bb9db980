package dev.kafkaperfgate.internal.spec;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerInterceptor;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

import java.util.ArrayList;
import java.util.Arrays;
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
 * ConfigDef accepts. Keys that name classes (serializers, interceptors, the partitioner) may name
 * the team's own classes; each must exist on the test classpath, implement the client's
 * interface and have a public no-argument constructor. {@link #PRODUCER} and {@link #CONSUMER}
 * differ in the config class, the class-valued keys, and the keys the harness owns.
 */
public final class ClientProperties {

    /**
     * ProducerConfig; the harness owns the address. Serializers default to byte arrays, the
     * built-in payloads' type.
     */
    public static final ClientProperties PRODUCER = new ClientProperties("producer", "ProducerConfig", "KafkaProducer",
            ProducerConfig.configDef(), ProducerConfig.configNames(),
            Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092"),
            Map.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class),
            Map.of(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, Serializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, Serializer.class,
                    ProducerConfig.PARTITIONER_CLASS_CONFIG, Partitioner.class,
                    ProducerConfig.INTERCEPTOR_CLASSES_CONFIG, ProducerInterceptor.class),
            ProducerConfig::new);

    /**
     * ConsumerConfig; the harness owns the address, and the group and offset reset, because every
     * trial must read the whole topic from the start in a group of its own. Deserializers default
     * to byte arrays.
     */
    public static final ClientProperties CONSUMER = new ClientProperties("consumer", "ConsumerConfig", "KafkaConsumer",
            ConsumerConfig.configDef(), ConsumerConfig.configNames(),
            Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092",
                    ConsumerConfig.GROUP_ID_CONFIG, "kpg-validation",
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
            Map.of(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class),
            Map.of(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, Deserializer.class,
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, Deserializer.class,
                    ConsumerConfig.INTERCEPTOR_CLASSES_CONFIG, ConsumerInterceptor.class),
            ConsumerConfig::new);

    private final String role;
    private final String configClass;
    private final String clientClass;
    private final ConfigDef configDef;
    private final Set<String> names;
    private final Map<String, Object> harnessKeys;
    private final Map<String, Object> defaults;
    private final Map<String, Class<?>> classKeys;
    private final Consumer<Map<String, Object>> construct;

    private ClientProperties(String role, String configClass, String clientClass, ConfigDef configDef, Set<String> names,
                             Map<String, Object> harnessKeys, Map<String, Object> defaults, Map<String, Class<?>> classKeys,
                             Consumer<Map<String, Object>> construct) {
        this.role = role;
        this.configClass = configClass;
        this.clientClass = clientClass;
        this.configDef = configDef;
        this.names = names;
        this.harnessKeys = harnessKeys;
        this.defaults = defaults;
        this.classKeys = classKeys;
        this.construct = construct;
    }

    /** The settings the harness supplies unless the scenario sets them: byte-array (de)serializers. */
    public Map<String, Object> defaults() {
        return defaults;
    }

    /**
     * The key and class of a (de)serializer the scenario sets to something other than the
     * byte-array default, e.g. {@code value.serializer com.example.OrderSerializer}.
     */
    public Optional<String> userSerializer(Map<String, String> properties) {
        return defaults.keySet().stream().sorted()
                .filter(key -> properties.containsKey(key)
                        && !properties.get(key).trim().equals(((Class<?>) defaults.get(key)).getName()))
                .map(key -> key + " " + properties.get(key).trim())
                .findFirst();
    }

    /** Every key the client's config class defines. */
    public Set<String> names() {
        return names;
    }

    /** Every problem found, one line each, naming the key; empty when the properties are valid. */
    public List<String> problems(Map<String, String> properties) {
        return problems(properties, false);
    }

    /**
     * Every problem found, one line each, naming the key.
     *
     * @param producerFactory whether the scenario sends through a producer factory of the team's, a plug-in whose
     *                        own keys pass as a serializer's do ({@link #namesAPlugin})
     */
    public List<String> problems(Map<String, String> properties, boolean producerFactory) {
        List<String> problems = new ArrayList<>();
        boolean pluginKeys = producerFactory || namesAPlugin(properties);
        new TreeMap<>(properties).forEach((key, value) ->
                problem(key, value, pluginKeys).ifPresent(problem -> problems.add(role + " property '" + key + "' " + problem)));
        return problems;
    }

    /**
     * Whether the properties name a plug-in that is not kafka-clients' own: a serializer,
     * deserializer, partitioner or interceptor of the team's or a library's (Spring Kafka's
     * {@code JsonSerializer}, a schema registry's serializer). Kafka hands such a plug-in every key
     * of the client's config through {@code configure(Map)}, its own keys among them
     * ({@code spring.json.add.type.headers}, {@code schema.registry.url}), so they are passed on.
     */
    public boolean namesAPlugin(Map<String, String> properties) {
        return classKeys.keySet().stream().filter(properties::containsKey)
                .flatMap(key -> Arrays.stream(properties.get(key).split(",")))
                .map(String::trim)
                .anyMatch(name -> !name.isEmpty() && !name.startsWith("org.apache.kafka."));
    }

    /** {@link #problem(String, String, boolean)} for properties that name no plug-in: every key must be the client's. */
    public Optional<String> problem(String key, String value) {
        return problem(key, value, false);
    }

    /**
     * What is wrong with one property, if anything. Values are checked one at a time because
     * ConfigDef stops at the first bad value of a map and would hide the others.
     *
     * @param pluginKeys whether the client names a plug-in ({@link #namesAPlugin}, or a producer factory), whose
     *                   own keys pass: a key the client does not define is then refused only where it is within
     *                   two edits of one it does ({@code lingr.ms}), which is a typo, not a plug-in's key
     */
    public Optional<String> problem(String key, String value, boolean pluginKeys) {
        if (harnessKeys.containsKey(key)) {
            return Optional.of("is set by the harness and cannot be overridden");
        }
        if (!names.contains(key)) {
            boolean nearAKey = dev.kafkaperfgate.internal.settings.Spelling.nearest(key, names).isPresent();
            if (pluginKeys && !nearAKey) {
                return Optional.empty();
            }
            return Optional.of("is not a " + configClass + " key (typo?)" + (pluginKeys || nearAKey ? ""
                    : "; a plug-in's own key is passed on only when the " + role + " names one (a serializer, interceptor, "
                    + "partitioner or producer.factory not from kafka-clients)"));
        }
        if (UserClasses.onlyNames() && namesAClass(key)) {
            return Optional.empty();
        }
        try {
            // The ConfigDef alone: the same parsing and validators as the client, without its config dump.
            configDef.parse(withHarnessKeys(Map.of(key, value)));
        } catch (ConfigException e) {
            return Optional.of("is rejected by " + configClass + ": " + e.getMessage());
        }
        Class<?> expected = classKeys.get(key);
        if (expected == null) {
            return Optional.empty();
        }
        return Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty())
                .map(name -> UserClasses.problem(name, expected)).flatMap(Optional::stream).findFirst();
    }

    /**
     * What the client would reject in the combination of otherwise valid properties (e.g.
     * max.in.flight.requests.per.connection above 5 with idempotence on), if anything.
     */
    public Optional<String> combinationProblem(Map<String, String> properties) {
        Map<String, String> checked = properties;
        if (UserClasses.onlyNames()) {
            checked = new HashMap<>(properties);
            checked.keySet().removeIf(this::namesAClass);
        }
        try {
            construct.accept(withHarnessKeys(checked));
            return Optional.empty();
        } catch (ConfigException e) {
            return Optional.of(clientClass + " would reject these " + role + " properties: " + e.getMessage());
        }
    }

    /** Whether Kafka's ConfigDef loads, and initialises, the class {@code key}'s value names when it parses it. */
    private boolean namesAClass(String key) {
        ConfigDef.ConfigKey definition = configDef.configKeys().get(key);
        return classKeys.containsKey(key) || definition != null && definition.type == ConfigDef.Type.CLASS;
    }

    private Map<String, Object> withHarnessKeys(Map<String, String> properties) {
        Map<String, Object> config = new HashMap<>(defaults);
        config.putAll(properties);
        config.putAll(harnessKeys);
        return config;
    }
}
