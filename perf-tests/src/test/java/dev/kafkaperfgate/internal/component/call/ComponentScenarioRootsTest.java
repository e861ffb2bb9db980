package dev.kafkaperfgate.internal.component.call;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deserializer's (or a partitioner's) code roots hold the serializers that feed it, so a
 * serializer's change measures it; its own roots do not, so the gate can tell a change of its own
 * from a change in the bytes it is given (issue 72: a serializer-only change on an end-to-end scenario).
 */
@Tag("unit")
class ComponentScenarioRootsTest {

    @TempDir
    Path dir;

    @Test
    void aDeserializersOwnRootsLeaveOutTheSerializersThatFeedIt() throws IOException {
        Files.writeString(dir.resolve("e2e.yaml"), """
                name: e2e
                tags: [pr]
                workload: end-to-end
                duration: 2s
                record.size: 200
                rate: 1000
                producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none,
                           value.serializer: org.apache.kafka.common.serialization.ByteArraySerializer}
                consumer: {value.deserializer: org.apache.kafka.common.serialization.StringDeserializer}
                """);
        Scenario scenario = ScenarioCatalog.load(dir).select(null, "e2e").get(0);
        ComponentRef deserializer = new ComponentRef("value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer");
        ComponentRef serializer = new ComponentRef("value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
        assertTrue(ComponentScenario.fed(deserializer));
        assertFalse(ComponentScenario.fed(serializer));
        assertTrue(ComponentScenario.fed(new ComponentRef("partitioner.class", "x.P")));
        List<String> all = ComponentScenario.codeRoots(scenario, deserializer);
        List<String> own = ComponentScenario.codeRoots(scenario, deserializer, false);
        assertTrue(all.contains(serializer.className()), all.toString());
        assertFalse(own.contains(serializer.className()), own.toString());
        assertTrue(own.contains(deserializer.className()), own.toString());
        assertFalse(ComponentScenario.codeRoots(scenario, serializer).contains(deserializer.className()), "a serializer is fed by nothing");
    }
}
