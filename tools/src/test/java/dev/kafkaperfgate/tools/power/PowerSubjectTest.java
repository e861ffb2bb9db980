package dev.kafkaperfgate.tools.power;

import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The power tool's real-library heads change CPU only: compiled from their sources, each head
 * writes exactly the base's bytes for the same orders, so a detection row measures time, not
 * a different payload.
 */
class PowerSubjectTest {

    @TempDir
    Path work;

    @Test
    void theJacksonHeadWritesTheBasesBytes() throws Exception {
        assertSameBytes(PowerSubject.jackson());
    }

    @Test
    void everyNamedJacksonHeadWritesTheBasesBytes() throws Exception {
        for (String name : new String[] {"jackson-stride2", "jackson-stride4", "jackson-sha256", "jackson-hash", "telemetry-sha256", "telemetry-hash"}) {
            assertSameBytes(PowerSubject.named(name));
        }
    }

    @Test
    void everyAvroHeadWritesTheBasesBytes() throws Exception {
        for (String name : new String[] {"avro", "avro-once", "avro-stride2", "avro-stride4", "avro-2of3"}) {
            assertSameBytes(PowerSubject.named(name));
        }
        assertTrue(PowerSubject.named("avro-stride2").head().get("OrderAvroSerializer.java").contains("i += 2"), "a sampled fingerprint");
        assertTrue(PowerSubject.named("avro-2of3").head().get("OrderAvroSerializer.java").contains("i < bytes.length / 3 * 2; i += 1"),
                "a fingerprint of the first two thirds");
    }

    private void assertSameBytes(PowerSubject subject) throws Exception {
        List<byte[]> base = serialize(subject, "base", subject.base());
        List<byte[]> head = serialize(subject, "head", subject.head());
        assertEquals(200, base.size());
        for (int i = 0; i < base.size(); i++) {
            assertArrayEquals(base.get(i), head.get(i), subject.name() + ": order " + i);
        }
        assertTrue(base.get(0).length > 40, subject.name() + " writes an order of realistic size: " + base.get(0).length + " bytes");
        assertTrue(subject.scenario().contains("value.serializer: " + subject.scenarioClass()), subject.scenario());
    }

    @SuppressWarnings("unchecked")
    private List<byte[]> serialize(PowerSubject subject, String side, Map<String, String> sources) throws Exception {
        Path classes = subject.compile(work.resolve(subject.name()), side, sources);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            Object orders = loader.loadClass(subject.recordSource()).getConstructor().newInstance();
            Serializer<Object> serializer = (Serializer<Object>) loader.loadClass(subject.scenarioClass()).getConstructor().newInstance();
            SplittableRandom random = new SplittableRandom(42);
            List<byte[]> bytes = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                dev.kafkaperfgate.spi.SourceRecord<?, ?> record = ((dev.kafkaperfgate.spi.RecordSource<?, ?>) orders).create(i, random);
                bytes.add(serializer.serialize("orders", record.value()));
            }
            return bytes;
        }
    }
}
