package dev.kafkaperfgate.internal.component.call;

import com.sun.net.httpserver.HttpServer;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import dev.kafkaperfgate.usercode.AvroReadings;
import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A schema registry's serializer with its own keys in the team's {@code producer.properties}
 * (issue 80): Apicurio's Avro serializer, its registry a stand-in on localhost that answers the
 * one call auto-registration makes. The keys pass the scenario's checks and reach the serializer's
 * {@code configure} on the gate's component path, as Kafka hands them on in production: the
 * serializer registers its schema at the URL the file names and writes the id the registry gave.
 */
class SchemaRegistrySerializerTest {

    private static final long GLOBAL_ID = 4242;

    @TempDir
    Path dir;

    @Test
    void aRegistrysSerializerGetsItsOwnKeysThroughTheGate() throws IOException {
        List<String> registrations = Collections.synchronizedList(new ArrayList<>());
        List<String> others = Collections.synchronizedList(new ArrayList<>());
        HttpServer registry = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        registry.createContext("/apis/registry/v2", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            byte[] reply;
            int status;
            if (exchange.getRequestMethod().equals("POST") && path.matches("/apis/registry/v2/groups/[^/]+/artifacts")) {
                registrations.add(exchange.getRequestHeaders().getFirst("X-Registry-ArtifactId") + " " + body);
                status = 200;
                reply = ("{\"groupId\": \"default\", \"id\": \"readings-value\", \"version\": \"1\", \"type\": \"AVRO\", \"globalId\": "
                        + GLOBAL_ID + ", \"contentId\": 7, \"createdOn\": \"2026-12-07T00:00:00Z\", \"modifiedOn\": \"2026-12-07T00:00:00Z\","
                        + " \"state\": \"ENABLED\"}").getBytes(StandardCharsets.UTF_8);
            } else {
                others.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
                status = 404;
                reply = "{\"error_code\": 404, \"message\": \"not here\"}".getBytes(StandardCharsets.UTF_8);
            }
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
        });
        registry.start();
        try {
            Files.writeString(dir.resolve("producer.properties"), """
                    acks=all
                    linger.ms=5
                    batch.size=16384
                    compression.type=none
                    key.serializer=org.apache.kafka.common.serialization.StringSerializer
                    value.serializer=%s
                    apicurio.registry.url=http://127.0.0.1:%d/apis/registry/v2
                    apicurio.registry.auto-register=true
                    apicurio.registry.headers.enabled=false
                    """.formatted(AvroKafkaSerializer.class.getName(), registry.getAddress().getPort()));
            List<ValidationError> errors = new ArrayList<>();
            List<Scenario> scenarios = ScenarioFileParser.parse(Files.writeString(dir.resolve("s.yaml"), """
                    name: readings
                    tags: [pr]
                    workload: produce
                    duration: 5s
                    rate: 1000
                    record.source: {class: %s}
                    producer.config: producer.properties
                    """.formatted(AvroReadings.class.getName())), errors);
            assertEquals(List.of(), errors, "the registry's keys are the serializer's: they pass");

            try (ComponentCall call = ComponentCall.open(scenarios.get(0), new ComponentRef("value.serializer",
                    AvroKafkaSerializer.class.getName()))) {
                byte[] bytes = (byte[]) call.call(0);
                // Registered at the URL the file named, because the file asked it to: the keys reached configure.
                assertFalse(registrations.isEmpty(), "the serializer never reached the registry; other calls: " + others);
                assertTrue(registrations.stream().allMatch(registration -> registration.contains("\"name\":\"Reading\"")), registrations.toString());
                // Apicurio's framing: a zero byte, then the id the registry gave (8 bytes), then the Avro record.
                ByteBuffer framed = ByteBuffer.wrap(bytes);
                assertEquals(0, framed.get());
                assertEquals(GLOBAL_ID, framed.getLong());
                assertTrue(framed.remaining() > 10, "the record itself follows the id");
            }
        } finally {
            registry.stop(0);
        }
    }
}
