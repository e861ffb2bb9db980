package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario as one side of a paired run sees it: the base's file is the experiment (records,
 * partitions), the side's own file gives the client settings that name its components. Read in
 * the JVM that measures, where the side's classes are on the classpath.
 */
final class ComponentScenario {

    /** Kafka's own classes are Kafka's, not the team's change: the whole-client stage covers an upgrade. */
    private static final String KAFKA_PACKAGE = "org.apache.kafka.";

    private ComponentScenario() {
    }

    /**
     * @param subjectFile the side's own file; {@code null} or missing: the experiment's settings
     */
    static Scenario read(Path experimentFile, Path subjectFile, String name) {
        Scenario experiment = ScenarioFileParser.find(experimentFile, name);
        if (experiment == null) {
            throw new IllegalArgumentException(experimentFile + " defines no scenario " + name);
        }
        Scenario subject = subjectFile != null && Files.isRegularFile(subjectFile) ? ScenarioFileParser.find(subjectFile, name) : null;
        return subject == null ? experiment : experiment.withSubjectOf(subject);
    }

    /** The team's components the scenario names, in the order Kafka's client calls them on a record. */
    static List<ComponentRef> components(Scenario scenario) {
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
    static List<ComponentRef> reported(Scenario scenario) {
        List<ComponentRef> reported = new ArrayList<>();
        if (scenario.produce().recordSource() != null) {
            add(reported, ComponentCall.REPORTED_ROLE, scenario.produce().recordSource().className());
        }
        return reported;
    }

    /** The producer's settings as a client takes them; the components are configured with these. */
    static Map<String, Object> producerConfig(Scenario scenario) {
        Map<String, Object> config = new HashMap<>(scenario.produce().producer());
        config.putIfAbsent("bootstrap.servers", "localhost:9092");
        return config;
    }

    /** The consumer's settings, for deserializers. */
    static Map<String, Object> consumerConfig(Scenario scenario) {
        Map<String, Object> config = new HashMap<>(scenario.consumer());
        config.putIfAbsent("bootstrap.servers", "localhost:9092");
        return config;
    }

    private static void add(List<ComponentRef> components, String role, String className) {
        if (className != null && !className.isBlank() && !className.trim().startsWith(KAFKA_PACKAGE)) {
            components.add(new ComponentRef(role, className.trim()));
        }
    }
}
