package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.usercode.CountingInterceptor;
import dev.kafkaperfgate.usercode.TaggingProducers;
import dev.kafkaperfgate.usercode.WordRecords;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenario files that name a team's own code: its serializers, interceptor, partitioner, record
 * source and producer factory, its own properties file and its own suite names.
 */
@Tag("unit")
class UserCodeScenarioTest {

    private static final String HEAD = """
            name: orders
            tags: [orders-service]
            workload: produce
            duration: 5s
            rate: 1000
            """;

    @TempDir
    Path dir;

    @Test
    void aScenarioMayNameTheTeamsClassesAndItsOwnSuite() throws IOException {
        Scenario scenario = parseOne(HEAD + """
                record.source: {class: %s, config: {words: "4"}}
                producer.factory: %s
                producer:
                  acks: all
                  linger.ms: 5
                  batch.size: 16384
                  compression.type: none
                  key.serializer: org.apache.kafka.common.serialization.StringSerializer
                  value.serializer: org.apache.kafka.common.serialization.StringSerializer
                  interceptor.classes: %s
                  partitioner.class: org.apache.kafka.clients.producer.RoundRobinPartitioner
                """.formatted(WordRecords.class.getName(), TaggingProducers.class.getName(), CountingInterceptor.class.getName()));
        assertEquals(List.of("orders-service"), scenario.tags());
        assertEquals(WordRecords.class.getName(), scenario.produce().recordSource().className());
        assertEquals(Map.of("words", "4"), scenario.produce().recordSource().config());
        assertEquals(TaggingProducers.class.getName(), scenario.produce().producerFactory());
        assertEquals(CountingInterceptor.class.getName(), scenario.produce().producer().get("interceptor.classes"));
    }

    @Test
    void classesThatCannotServeAreRefusedWithFileLineAndField() throws IOException {
        List<String> errors = problems(HEAD + """
                record.source: com.example.Missing
                producer.factory: java.lang.String
                producer:
                  acks: all
                  linger.ms: 5
                  batch.size: 16384
                  compression.type: none
                  value.serializer: org.apache.kafka.common.serialization.StringDeserializer
                  interceptor.classes: java.util.ArrayList
                """);
        assertEquals(List.of(
                ":6: record.source: class com.example.Missing is not on the test classpath (java.lang.ClassNotFoundException: com.example.Missing)",
                ":13: producer.value.serializer: class org.apache.kafka.common.serialization.StringDeserializer does not implement "
                        + "org.apache.kafka.common.serialization.Serializer",
                ":14: producer.interceptor.classes: class java.util.ArrayList does not implement "
                        + "org.apache.kafka.clients.producer.ProducerInterceptor",
                ":7: producer.factory: class java.lang.String does not implement dev.kafkaperfgate.spi.ProducerFactory"),
                errors.stream().map(error -> error.replaceAll(".*\\.yaml", "")).toList());
    }

    @Test
    void aSerializerOfTheTeamsNeedsARecordSource() throws IOException {
        List<String> errors = problems(HEAD + """
                record.size: 100
                producer:
                  acks: all
                  linger.ms: 5
                  batch.size: 16384
                  compression.type: none
                  value.serializer: org.apache.kafka.common.serialization.StringSerializer
                """);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).endsWith(": producer: value.serializer org.apache.kafka.common.serialization.StringSerializer "
                + "needs record.source to make its objects: the built-in payloads are byte[]"), errors.toString());
    }

    @Test
    void theTeamsPropertiesFileIsTheBaseAndTheScenarioOverridesIt() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), """
                # the application's own settings
                acks=all
                linger.ms=20
                batch.size = 65536
                compression.type=lz4
                """);
        Scenario scenario = parseOne(HEAD + """
                record.size: 100
                producer.config: producer.properties
                producer: {linger.ms: 5}
                """);
        assertEquals(Map.of("acks", "all", "linger.ms", "5", "batch.size", "65536", "compression.type", "lz4"),
                scenario.produce().producer());
    }

    @Test
    void aBadKeyInThePropertiesFileIsReportedAtItsOwnLine() throws IOException {
        Path properties = Files.writeString(dir.resolve("producer.properties"), """
                acks=all
                linger.ms=20
                bach.size=65536
                compression.type=lz4
                """);
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD + """
                record.size: 100
                producer.config: producer.properties
                producer: {batch.size: 16384}
                """), errors);
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(properties.toAbsolutePath() + ":3: bach.size: is not a ProducerConfig key (typo?) (did you mean 'batch.size'?)",
                errors.get(0).toString());
    }

    @Test
    void aMissingPropertiesFileIsNamed() throws IOException {
        List<String> errors = problems(HEAD + """
                record.size: 100
                producer.config: nowhere.properties
                """);
        assertTrue(errors.get(0).contains(": producer.config: file ") && errors.get(0).contains("nowhere.properties does not exist"),
                errors.toString());
    }

    private Scenario parseOne(String text) throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), text), errors);
        assertEquals(List.of(), errors);
        assertEquals(1, scenarios.size());
        return scenarios.get(0);
    }

    private List<String> problems(String text) throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        assertEquals(List.of(), ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), text), errors));
        return errors.stream().map(ValidationError::toString).toList();
    }
}
