package dev.kafkaperfgate.internal.component.call;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import dev.kafkaperfgate.internal.component.reach.ClientReach;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A scenario as one side of a paired run sees it: the base's file is the experiment (records,
 * partitions), the side's own file gives the client settings that name its components. Read in
 * the JVM that measures, where the side's classes are on the classpath.
 */
public final class ComponentScenario {

    /** Kafka's own classes are Kafka's, not the team's change: the whole-client stage covers an upgrade. */
    private static final String KAFKA_PACKAGE = "org.apache.kafka.";

    /** The client keys that name the team's components: each is a component of its own, with its own digest. */
    private static final Set<String> COMPONENT_KEYS = Set.of("key.serializer", "value.serializer", "interceptor.classes",
            "partitioner.class", "key.deserializer", "value.deserializer");

    private ComponentScenario() {
    }

    /**
     * @param subjectFile the side's own file; {@code null} or missing: the experiment's settings
     */
    public static Scenario read(Path experimentFile, Path subjectFile, String name) {
        Scenario experiment = ScenarioFileParser.find(experimentFile, name);
        if (experiment == null) {
            throw new IllegalArgumentException(experimentFile + " defines no scenario " + name);
        }
        Scenario subject = subjectFile != null && Files.isRegularFile(subjectFile) ? ScenarioFileParser.find(subjectFile, name) : null;
        return subject == null ? experiment : experiment.withSubjectOf(subject);
    }

    /** The team's components the scenario names, in the order Kafka's client calls them on a record. */
    public static List<ComponentRef> components(Scenario scenario) {
        List<ComponentRef> components = new ArrayList<>();
        Map<String, String> producer = scenario.produce().producer();
        Arrays.stream(producer.getOrDefault("interceptor.classes", "").split(","))
                .forEach(name -> add(components, "interceptor.classes", name));
        add(components, "key.serializer", producer.get("key.serializer"));
        add(components, "value.serializer", producer.get("value.serializer"));
        add(components, "partitioner.class", producer.get("partitioner.class"));
        add(components, "producer.factory", scenario.produce().producerFactory());
        if (scenario.workload() != WorkloadKind.PRODUCE) {
            add(components, "key.deserializer", scenario.consumer().get("key.deserializer"));
            add(components, "value.deserializer", scenario.consumer().get("value.deserializer"));
        }
        return components;
    }

    /** The team's RecordSource, when the scenario names one: measured and reported, never judged. */
    public static List<ComponentRef> reported(Scenario scenario) {
        List<ComponentRef> reported = new ArrayList<>();
        if (scenario.produce().recordSource() != null) {
            add(reported, ComponentCall.REPORTED_ROLE, scenario.produce().recordSource().className());
        }
        return reported;
    }

    /** The producer's settings as a client takes them; the components are configured with these. */
    public static Map<String, Object> producerConfig(Scenario scenario) {
        Map<String, Object> config = new HashMap<>(scenario.produce().producer());
        config.putIfAbsent("bootstrap.servers", "localhost:9092");
        return config;
    }

    /** The consumer's settings, for deserializers. */
    public static Map<String, Object> consumerConfig(Scenario scenario) {
        Map<String, Object> config = new HashMap<>(scenario.consumer());
        config.putIfAbsent("bootstrap.servers", "localhost:9092");
        return config;
    }

    /**
     * The classes whose code runs when {@code component} is measured: the component; for the
     * producer's components, the RecordSource that makes their input and any class a setting names
     * that is not another component (a helper the component may load by its configured name); for a
     * partitioner or a deserializer, the serializers whose bytes it gets.
     */
    public static List<String> codeRoots(Scenario scenario, ComponentRef component) {
        return codeRoots(scenario, component, true);
    }

    /** Whether a component's input is another component's output: a partitioner or a deserializer gets the serializers' bytes. */
    public static boolean fed(ComponentRef component) {
        return component.role().equals("partitioner.class") || component.role().endsWith("deserializer");
    }

    /**
     * {@link #codeRoots(Scenario, ComponentRef)}, without the serializers that feed it when
     * {@code feeders} is false: the component's own code, to tell a change of its own from a
     * change in the bytes it is given.
     */
    public static List<String> codeRoots(Scenario scenario, ComponentRef component, boolean feeders) {
        List<String> roots = new ArrayList<>();
        roots.add(component.className());
        if (scenario.produce().recordSource() != null) {
            roots.add(scenario.produce().recordSource().className());
            scenario.produce().recordSource().config().values().forEach(roots::add);
        }
        if (component.role().equals(ComponentCall.REPORTED_ROLE)) {
            return roots;
        }
        Map<String, String> settings = new TreeMap<>(scenario.produce().producer());
        settings.putAll(scenario.consumer());
        settings.forEach((key, value) -> {
            boolean feedsThisOne = feeders && key.endsWith("serializer") && !key.endsWith("deserializer") && fed(component);
            if (!COMPONENT_KEYS.contains(key) || feedsThisOne) {
                Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty()).forEach(roots::add);
            }
        });
        return roots;
    }

    /**
     * The producer's keys whose component's effect on the client is its output alone: what the
     * client does with a serializer's bytes and headers or a partitioner's partition is the
     * client's own code. When such a component's output is the same on both sides, its cost is all
     * the change can add, and the component stage measures that (issue 72). Not an interceptor
     * (its {@code onAcknowledgement} runs on the client's I/O thread, which no duel calls), not a
     * deserializer (the consumer calls its {@code ByteBuffer} form), not a producer factory (it
     * wraps the client itself).
     */
    public static final Set<String> CONFINABLE_ROLES = Set.of("key.serializer", "value.serializer", "partitioner.class");

    /**
     * Where the scenario's whole client can start running code: the worker's entry point, Kafka's
     * clients, and every class a setting may name (each value of the producer's and the consumer's
     * settings, split at commas, and the producer factory, the record source and its settings).
     * A value that names no class on the classpath reaches nothing.
     */
    public static List<String> clientRoots(Scenario scenario) {
        return roots(scenario, Set.of());
    }

    /**
     * As {@link #clientRoots}, without the values of the producer's {@link #CONFINABLE_ROLES} keys:
     * what the client runs besides those components (a class they name that another setting names
     * too is still a root).
     */
    public static List<String> clientRootsBesides(Scenario scenario) {
        return roots(scenario, CONFINABLE_ROLES);
    }

    private static List<String> roots(Scenario scenario, Set<String> leftOut) {
        List<String> roots = new ArrayList<>(ClientReach.ENTRY_POINTS);
        if (scenario.produce().recordSource() != null) {
            roots.add(scenario.produce().recordSource().className());
            scenario.produce().recordSource().config().values().forEach(roots::add);
        }
        if (scenario.produce().producerFactory() != null) {
            roots.add(scenario.produce().producerFactory());
        }
        List<String> values = new ArrayList<>();
        scenario.produce().producer().forEach((key, value) -> {
            // A class of Kafka's package named there is no component the stage measures (and a head could shadow it): a root.
            if (!leftOut.contains(key) || value.trim().startsWith(KAFKA_PACKAGE)) {
                values.add(value);
            }
        });
        values.addAll(scenario.consumer().values());
        values.forEach(value -> Arrays.stream(value.split(",")).map(String::trim).filter(name -> !name.isEmpty()).forEach(roots::add));
        return roots;
    }

    /**
     * What the component is given besides code, as text. A RecordSource: its settings and the seed.
     * Any other: its role, the scenario's produce settings (records, payloads, the client's keys,
     * sorted), the consumer's keys, and the payload file's digest.
     */
    public static String settings(Scenario scenario, ComponentRef component) throws IOException {
        if (component.role().equals(ComponentCall.REPORTED_ROLE)) {
            return component.label() + '\n' + canonical(scenario.produce().recordSource()) + '\n' + scenario.produce().payloadSeed();
        }
        StringBuilder text = new StringBuilder(component.label()).append('\n')
                .append(canonical(scenario.produce())).append('\n')
                .append(new TreeMap<>(scenario.consumer())).append('\n');
        Path payload = scenario.produce().payloadFile();
        if (payload != null) {
            try {
                text.append(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(payload))));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
        return text.toString();
    }

    /** A record's fields as text, maps sorted: two JVMs that read the same settings in another order print them alike. */
    private static String canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            TreeMap<String, String> sorted = new TreeMap<>();
            map.forEach((key, entry) -> sorted.put(String.valueOf(key), canonical(entry)));
            return sorted.toString();
        }
        if (value instanceof Record record) {
            StringBuilder text = new StringBuilder(record.getClass().getSimpleName()).append('[');
            for (RecordComponent field : record.getClass().getRecordComponents()) {
                if (field.getName().equals("name")) {
                    // The scenario's own name: two scenarios whose component gets the same records and settings measure alike.
                    continue;
                }
                try {
                    text.append(field.getName()).append('=').append(canonical(field.getAccessor().invoke(record))).append(", ");
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read " + field + ": " + e, e);
                }
            }
            return text.append(']').toString();
        }
        return String.valueOf(value);
    }

    private static void add(List<ComponentRef> components, String role, String className) {
        if (className != null && !className.isBlank() && !className.trim().startsWith(KAFKA_PACKAGE)) {
            components.add(new ComponentRef(role, className.trim()));
        }
    }
}
