package dev.kafkaperfgate.internal.metrics;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Tag("unit")
class HistogramCodecTest {

    @Test
    void aDecodedHistogramGivesTheSamePercentiles() {
        Histogram original = new Histogram(3);
        for (long micros = 1; micros <= 100_000; micros++) {
            original.recordValue(micros);
        }
        Histogram decoded = HistogramCodec.decode(HistogramCodec.encode(original));
        assertEquals(original.getTotalCount(), decoded.getTotalCount());
        assertEquals(original.getValueAtPercentile(99), decoded.getValueAtPercentile(99));
        assertEquals(original.getMaxValue(), decoded.getMaxValue());
    }

    @Test
    void garbageIsRejectedWithAClearMessage() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> HistogramCodec.decode("bm90IGEgaGlzdG9ncmFt"));
        assertEquals(true, error.getMessage().startsWith("not an HdrHistogram compressed encoding"));
    }
}
