package dev.kafkaperfgate.internal.metrics;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Tag("unit")
class PerfLineTest {

    @Test
    void theFinalLineReadsLikeKafkaProducerPerfTest() {
        Histogram micros = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            micros.recordValue(i * 10L); // 10 µs .. 10 ms
        }
        // HdrHistogram reports the top of the value's bucket: 10 000 µs reads as 10 007 µs at 3 digits.
        assertEquals("1000 records sent, 500.000000 records/sec (0.49 MB/sec), 5.01 ms avg latency, 10.01 ms max latency, "
                        + "5.00 ms 50th, 9.50 ms 95th, 9.90 ms 99th, 9.99 ms 99.9th.",
                PerfLine.total(1000, 2.0, 1024, micros));
    }

    @Test
    void theWindowLineReadsLikeKafkaProducerPerfTest() {
        assertEquals("250000 records sent, 50000.0 records/sec (48.83 MB/sec), 2.1 ms avg latency, 35.0 ms max latency.",
                PerfLine.window(250_000, 5.0, 1024, 2_100, 35_000));
    }

    @Test
    void aTrialsLastLineIsToldFromItsWindowsAndOtherLinesWhateverTheWorkload() {
        Histogram micros = new Histogram(3);
        micros.recordValue(2_000);
        assertArrayEquals(new int[] {2, 3}, PerfLine.trialEnded("[orders-publish] trial 2/3: " + PerfLine.total(1000, 2.0, 1024, micros)));
        assertArrayEquals(new int[] {1, 5}, PerfLine.trialEnded("[consumer-300b-3p] trial 1/5: "
                + PerfLine.consumer(1_764_130_000_000L, 40_000, 12_000_000, 20_000_000, 1_500_000_000)));
        assertNull(PerfLine.trialEnded("[orders-publish] trial 2/3: " + PerfLine.window(250_000, 5.0, 1024, 2_100, 35_000)),
                "a window of the trial, not its end");
        assertNull(PerfLine.trialEnded("[orders-publish] warm-up: 20017 records in 10.0 s, steady"));
        assertNull(PerfLine.trialEnded("[e2e] trial 1/3: " + PerfLine.latency("end-to-end latency", micros)));
    }
}
