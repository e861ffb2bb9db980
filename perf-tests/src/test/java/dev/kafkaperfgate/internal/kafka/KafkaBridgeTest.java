package dev.kafkaperfgate.internal.kafka;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bridge to what kafka-clients' public API lacks (issue 80), on the build's kafka-clients;
 * scripts/test-adopters.sh --matrix runs the example adopter through it on every supported release.
 */
@Tag("unit")
class KafkaBridgeTest {

    @Test
    void theVersionIsTheJarsOwn() {
        // The build's kafka-clients (the parent pom's kafka.version, which Maven hands the tests).
        assertEquals(System.getProperty("kpg.kafka.clients.build"), KafkaClients.version());
        assertTrue(KafkaClients.version().matches("\\d+\\.\\d+\\.\\d+.*"), KafkaClients.version());
    }

    @Test
    void releasesOlderThanTheRangeAreRefusedInOneLine() {
        assertTrue(KafkaClients.unsupported("3.7.0").isEmpty());
        assertTrue(KafkaClients.unsupported("3.9.1").isEmpty());
        assertTrue(KafkaClients.unsupported("4.4.0").isEmpty());
        assertTrue(KafkaClients.unsupported("5.0.0-SNAPSHOT").isEmpty(), "newer releases run");
        assertTrue(KafkaClients.unsupported("unknown").isEmpty(), "an unreadable version is run, and the run says which it was");
        String why = KafkaClients.unsupported("3.6.2").orElseThrow();
        assertEquals("kafka-clients 3.6.2 is older than the oldest release the gate supports (3.7.0 to 4.4.0 and newer): "
                + "upgrade kafka-clients, or run an older kafka-perf-gate", why);
        assertFalse(KafkaClients.unsupported("2.8.2").isEmpty());
        assertFalse(why.contains("\n"));
    }

    @Test
    void headersAreKafkasOwnClasses() {
        Headers empty = KafkaHeaders.empty();
        assertEquals(RecordHeaders.class, empty.getClass());
        assertNotSame(empty, KafkaHeaders.empty());
        empty.add("a", new byte[]{1});
        Header header = KafkaHeaders.header("k", "v".getBytes(StandardCharsets.UTF_8));
        assertEquals(new RecordHeader("k", "v".getBytes(StandardCharsets.UTF_8)), header);
        assertTrue(KafkaHeaders.isKafkas(header));
        Headers of = KafkaHeaders.of(header);
        assertEquals(RecordHeaders.class, of.getClass());
        assertEquals(header, of.lastHeader("k"));
        of.add("more", new byte[0]);   // writable, as the client's are
        assertFalse(KafkaHeaders.isKafkas(new Header() {
            @Override
            public String key() {
                return "team";
            }

            @Override
            public byte[] value() {
                return new byte[0];
            }
        }));
    }

    @Test
    void everyCodecRoundTripsThroughItsOwnLibrary() throws IOException {
        byte[] value = "kafka-perf-gate codec check, kafka-perf-gate codec check".repeat(4).getBytes(StandardCharsets.US_ASCII);
        for (String codec : new String[]{"gzip", "snappy", "lz4", "zstd"}) {
            byte[] back = Codecs.roundTrip(codec, Arrays.copyOf(value, value.length));
            assertArrayEquals(value, back, codec);
        }
        assertThrows(IllegalArgumentException.class, () -> Codecs.roundTrip("brotli", value));
    }
}
