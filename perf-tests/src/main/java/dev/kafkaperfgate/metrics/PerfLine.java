package dev.kafkaperfgate.metrics;

import org.HdrHistogram.Histogram;

import java.util.Locale;

/**
 * Console lines in the shape kafka-producer-perf-test prints, so they read as users expect.
 * Latencies are measured in microseconds and printed in milliseconds; percentiles keep two
 * decimals where Kafka's tool rounds to whole milliseconds.
 */
public final class PerfLine {

    private static final double MB = 1024.0 * 1024.0;

    private PerfLine() {
    }

    /** The periodic line: {@code 250112 records sent, 50012.3 records/sec (48.84 MB/sec), 2.1 ms avg latency, 35.0 ms max latency.} */
    public static String window(long records, double seconds, int recordSize, double meanMicros, long maxMicros) {
        double rate = records / seconds;
        return String.format(Locale.ROOT, "%d records sent, %.1f records/sec (%.2f MB/sec), %.1f ms avg latency, %.1f ms max latency.",
                records, rate, rate * recordSize / MB, records == 0 ? 0.0 : meanMicros / 1000.0, maxMicros / 1000.0);
    }

    /** The final line of a trial, with percentiles of {@code latencyMicros}. */
    public static String total(long records, double seconds, int recordSize, Histogram latencyMicros) {
        double rate = records / seconds;
        return String.format(Locale.ROOT, "%d records sent, %f records/sec (%.2f MB/sec), %.2f ms avg latency, "
                        + "%.2f ms max latency, %.2f ms 50th, %.2f ms 95th, %.2f ms 99th, %.2f ms 99.9th.",
                records, rate, rate * recordSize / MB, latencyMicros.getMean() / 1000.0, latencyMicros.getMaxValue() / 1000.0,
                millis(latencyMicros, 50), millis(latencyMicros, 95), millis(latencyMicros, 99), millis(latencyMicros, 99.9));
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }
}
