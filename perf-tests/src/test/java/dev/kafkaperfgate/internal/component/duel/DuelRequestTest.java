package dev.kafkaperfgate.internal.component.duel;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The duel's request: what the gate writes is what the duel's JVM reads, and a request missing a key is refused there. */
@Tag("unit")
class DuelRequestTest {

    private static final DuelRequest REQUEST = new DuelRequest(DuelRequest.BOTH,
            new DuelSettings(3, Duration.ofSeconds(2), Duration.ofSeconds(20), Duration.ofSeconds(3), Duration.ofMillis(20),
                    Duration.ofSeconds(120)), 7,
            new DuelRequest.Subject(Path.of("/work/perf/orders.yaml"), "orders-publish", "value.serializer", "com.acme.OrderSerializer"),
            new DuelRequest.Code("/m2/jackson-databind.jar", "/gate/classes:/base/classes", "/gate/classes:/head/classes", null,
                    Path.of("/head/perf/orders.yaml")),
            Path.of("/home/kpg-h/tmp/duel-1.answer"), null);

    @Test
    void whatTheGateWritesIsWhatTheDuelReads() throws IOException {
        DuelRequest read = DuelRequest.load(new ByteArrayInputStream(stored(REQUEST)));
        assertEquals(REQUEST, read);
        assertEquals(Duration.ofSeconds(60), read.stuck(), "a call stuck for half the fork's bound names its side");
        assertEquals("", read.code().subjectFile("base"), "the base's component settings are the experiment's");
        assertEquals("/head/perf/orders.yaml", read.code().subjectFile("head"));

        DuelRequest profiling = new DuelRequest(List.of("head"), REQUEST.settings(), 8, REQUEST.subject(), REQUEST.code(),
                REQUEST.answer(), Path.of("/home/kpg-h/tmp/duel-1.jfr"));
        assertEquals(profiling, DuelRequest.load(new ByteArrayInputStream(stored(profiling))));
    }

    @Test
    void aRequestMissingAKeyOrWithAnUnknownSideIsRefused() throws IOException {
        String text = new String(stored(REQUEST), StandardCharsets.UTF_8);
        String withoutBatch = text.lines().filter(line -> !line.startsWith("batchUs=")).reduce("", (a, b) -> a + b + "\n");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> DuelRequest.load(new ByteArrayInputStream(withoutBatch.getBytes(StandardCharsets.UTF_8))));
        assertEquals("a duel's request lacks batchUs", missing.getMessage());

        String oddSide = text.replace("sides=base,head", "sides=base,tail");
        IllegalArgumentException side = assertThrows(IllegalArgumentException.class,
                () -> DuelRequest.load(new ByteArrayInputStream(oddSide.getBytes(StandardCharsets.UTF_8))));
        assertTrue(side.getMessage().startsWith("a duel's sides are base, head or both"), side.getMessage());
    }

    private static byte[] stored(DuelRequest request) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        request.store(out, "test");
        return out.toByteArray();
    }
}
