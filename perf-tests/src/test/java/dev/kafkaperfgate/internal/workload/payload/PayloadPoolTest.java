package dev.kafkaperfgate.internal.workload.payload;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class PayloadPoolTest {

    @Test
    void compressibilityControlsHowWellPayloadsCompress() throws IOException {
        double random = gzipRatio(new PayloadPool(1024, 64, 0.0, 7));
        double half = gzipRatio(new PayloadPool(1024, 64, 0.5, 7));
        double mostly = gzipRatio(new PayloadPool(1024, 64, 0.9, 7));
        double text = gzipRatio(new PayloadPool(1024, 64, 1.0, 7));
        assertTrue(random > 0.98, "random bytes do not compress: " + random);
        assertTrue(half < random && mostly < half && text < mostly, random + " > " + half + " > " + mostly + " > " + text);
        assertTrue(text < 0.1, "fixed text compresses to almost nothing: " + text);
    }

    @Test
    void theSameSeedGivesTheSameBytes() {
        PayloadPool a = new PayloadPool(100, 8, 0.5, 42);
        PayloadPool b = new PayloadPool(100, 8, 0.5, 42);
        for (int i = 0; i < 8; i++) {
            assertArrayEquals(a.get(i), b.get(i));
        }
        assertTrue(a.get(0) != a.get(1) && !java.util.Arrays.equals(a.get(0), a.get(1)), "payloads differ from each other");
    }

    @Test
    void thePoolIsCycledAndEveryPayloadHasTheRecordSize() {
        PayloadPool pool = new PayloadPool(333, 4, 0.5, 1);
        assertEquals(4, pool.size());
        assertArrayEquals(pool.get(1), pool.get(5));
        assertEquals(333, pool.get(3).length);
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new PayloadPool(0, 1, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadPool(1, 0, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new PayloadPool(1, 1, 1.5, 1));
    }

    private static double gzipRatio(PayloadPool pool) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            for (int i = 0; i < pool.size(); i++) {
                raw.write(pool.get(i));
                gzip.write(pool.get(i));
            }
        }
        return (double) compressed.size() / raw.size();
    }
}
