package dev.kafkaperfgate.internal.metrics;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
