package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.ClientProperties;
import dev.kafkaperfgate.usercode.CountingInterceptor;
import dev.kafkaperfgate.usercode.TaggingProducers;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plug-in's own keys in a team's {@code producer.properties} (issue 80): Kafka hands every key
 * of a client's config to the serializers, interceptors and partitioner it makes, so a key the
 * client does not define passes where the client names a plug-in that is not kafka-clients' own.
 * A typo of a client key is still refused, and so is a credential.
 */
@Tag("unit")
class PluginKeysTest {

    private static final String HEAD = """
            name: readings
            tags: [pr]
            workload: produce
            duration: 5s
            rate: 1000
            record.size: 100
            producer.config: producer.properties
            """;

    /** As a Spring Boot service's file carries them: Spring Kafka's and a schema registry's keys beside the client's. */
    private static final String PLUGIN_KEYS = """
            spring.json.add.type.headers=false
            schema.registry.url=mock://readings
            auto.register.schemas=true
            value.subject.name.strategy=io.confluent.kafka.serializers.subject.RecordNameStrategy
            """;

    private static final String CLIENT_KEYS = """
            acks=all
            linger.ms=5
            batch.size=16384
            compression.type=none
            """;

    @TempDir
    Path dir;

    @Test
    void aPluginsOwnKeysPassWhenTheProducerNamesAPlugin() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS + PLUGIN_KEYS
                + "interceptor.classes=" + CountingInterceptor.class.getName() + "\n");
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(List.of(), errors);
        // Passed on verbatim: the client hands them to the plug-in's configure(Map), as in production.
        Map<String, String> producer = scenarios.get(0).produce().producer();
        assertEquals("false", producer.get("spring.json.add.type.headers"));
        assertEquals("mock://readings", producer.get("schema.registry.url"));
    }

    @Test
    void aProducerFactoryIsAPluginToo() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS + "otel.instrumentation.kafka.experimental-span-attributes=true\n");
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD + "producer.factory: " + TaggingProducers.class.getName() + "\n"),
                errors);
        assertEquals(List.of(), errors);
    }

    @Test
    void withoutAPluginAnUnknownKeyIsStillRefusedAndTheLineSaysWhy() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS + "spring.json.add.type.headers=false\n");
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(1, errors.size(), errors.toString());
        assertEquals("spring.json.add.type.headers", errors.get(0).field());
        assertTrue(errors.get(0).message().startsWith("is not a ProducerConfig key (typo?); a plug-in's own key is passed on only when"),
                errors.get(0).message());
        // kafka-clients' own serializer is not a plug-in with keys of its own.
        assertFalse(ClientProperties.PRODUCER.namesAPlugin(Map.of("value.serializer",
                "org.apache.kafka.common.serialization.StringSerializer")));
        assertTrue(ClientProperties.PRODUCER.namesAPlugin(Map.of("value.serializer",
                "org.springframework.kafka.support.serializer.JsonSerializer")));
        assertTrue(ClientProperties.CONSUMER.namesAPlugin(Map.of("interceptor.classes",
                "org.apache.kafka.clients.consumer.internals.NoOpConsumerInterceptor, com.example.Audit")));
    }

    @Test
    void aTypoOfAClientKeyIsRefusedEvenBesideAPlugin() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS + "lingr.ms=50\nbatch.sise=1\n"
                + "interceptor.classes=" + CountingInterceptor.class.getName() + "\n");
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(List.of("batch.sise: is not a ProducerConfig key (typo?) (did you mean 'batch.size'?)",
                        "lingr.ms: is not a ProducerConfig key (typo?) (did you mean 'linger.ms'?)"),
                errors.stream().map(error -> error.field() + ": " + error.message()).sorted().toList());
    }

    @Test
    void aRegistrysCredentialsAreRefusedBecauseSettingsArePublished() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS + PLUGIN_KEYS
                + "interceptor.classes=" + CountingInterceptor.class.getName() + "\n"
                + "basic.auth.user.info=team:hunter2\n"
                + "schema.registry.basic.auth.user.info=team:hunter2\n"
                + "basic.auth.credentials.source=USER_INFO\n"
                + "apicurio.auth.password=hunter2\n"
                + "apicurio.auth.client.secret=hunter2\n"
                + "bearer.auth.token=abc\n"
                + "schema.registry.ssl.keystore.password=changeit\n"
                + "schema.registry.ssl.keystore.key=-----BEGIN PRIVATE KEY-----\n"
                + "confluent.monitoring.interceptor.sasl.jaas.config=PlainLoginModule required password=hunter2;\n"
                + "private.key=x\n"
                + "config.providers=env\n"
                + "config.providers.env.class=org.apache.kafka.common.config.provider.EnvVarConfigProvider\n"
                + "apicurio.registry.request.headers.Authorization=Basic dGVhbTpodW50ZXIy\n"
                + "bearer.auth.credentials.source=STATIC_TOKEN\n"
                + "otel.exporter.otlp.headers=Authorization=Bearer eyJhbGciOiJIUzI1NiJ9\n");
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(List.of("apicurio.auth.client.secret", "apicurio.auth.password", "apicurio.registry.request.headers.Authorization",
                        "basic.auth.user.info", "bearer.auth.token", "config.providers", "config.providers.env.class",
                        "confluent.monitoring.interceptor.sasl.jaas.config", "otel.exporter.otlp.headers", "private.key",
                        "schema.registry.basic.auth.user.info",
                        "schema.registry.ssl.keystore.key", "schema.registry.ssl.keystore.password"),
                errors.stream().map(ValidationError::field).sorted().toList(), errors.toString());
        assertTrue(errors.stream().allMatch(error -> error.message().startsWith("is a security setting")
                || error.message().startsWith("holds a credential")), errors.toString());
        // A registry's credential has no other place to go: the line says so, where a client's names the external file.
        assertTrue(errors.stream().filter(error -> error.field().equals("basic.auth.user.info")).allMatch(error ->
                error.message().endsWith("point the plug-in at a service that needs none (for a schema registry: Confluent's mock:// URLs, "
                        + "a local registry)")), errors.toString());
        assertTrue(errors.stream().filter(error -> error.field().equals("schema.registry.ssl.keystore.password")).findFirst().isPresent());
    }

    /** A swept setting is published too, in each expanded scenario's name: the same checks. */
    @Test
    void aSweptCredentialIsRefused() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS);
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD
                + "sweep: {parameter: producer.sasl.jaas.config, values: [\"PlainLoginModule required password=a;\", \"PlainLoginModule required password=b;\"]}\n"), errors);
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.stream().allMatch(error -> error.message().startsWith("a value for sasl.jaas.config is a security setting")),
                errors.toString());
        assertTrue(errors.stream().noneMatch(error -> error.message().contains("password=")), "the refusal must not print the secret");
    }

    /** A registry's URL with its user in it publishes the password: refused, whatever the key. */
    @Test
    void aUrlWithAUserInItIsRefused() throws IOException {
        Files.writeString(dir.resolve("producer.properties"), CLIENT_KEYS
                + "interceptor.classes=" + CountingInterceptor.class.getName() + "\n"
                + "schema.registry.url=https://team:hunter2@registry.example:8081\n"
                + "apicurio.registry.url=http://registry.example:8080/apis/registry/v2\n");
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(List.of("schema.registry.url"), errors.stream().map(ValidationError::field).toList(), errors.toString());
        assertTrue(errors.get(0).message().startsWith("holds a credential (a URL with a user in it"), errors.get(0).message());
    }

    /** The credential pattern stops at credentials: every client key that is not TLS or SASL still passes. */
    @Test
    void noPlainClientKeyLooksLikeACredential() throws IOException {
        Set<String> keys = new TreeSet<>(ProducerConfig.configNames());
        keys.addAll(ConsumerConfig.configNames());
        // TLS, SASL, and config providers (which read the machine's files or environment into settings) are refused on purpose.
        keys.removeIf(key -> Pattern.matches("(sasl\\..*|ssl\\..*|security\\.protocol|config\\.providers)", key));
        StringBuilder file = new StringBuilder();
        keys.forEach(key -> file.append(key).append("=x\n"));
        Files.writeString(dir.resolve("producer.properties"), file.toString());
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), HEAD), errors);
        assertEquals(List.of(), errors.stream().filter(error -> error.message().startsWith("is a security setting"))
                .map(ValidationError::field).toList());
    }
}
