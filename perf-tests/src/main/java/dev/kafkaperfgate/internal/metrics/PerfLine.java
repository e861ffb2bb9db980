package dev.kafkaperfgate.internal.metrics;

import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Console lines in the shape kafka-producer-perf-test prints, so they read as users expect.
 * Latencies are measured in microseconds and printed in milliseconds; percentiles keep two
 * decimals where Kafka's tool rounds to whole milliseconds.
 */
public final class PerfLine {

    private static final double MB = 1024.0 * 1024.0;

    /**
     * A trial's last line as the workloads print it, {@code [name] trial k/n: } and then {@link #total}
     * (produce, end-to-end) or {@link #consumer} (consume): kept here, beside the formats it reads.
     */
    private static final Pattern TRIAL_END = Pattern.compile(
            "^\\[[^\\]]+] trial (\\d+)/(\\d+): (\\d+ records sent, .* ms 99\\.9th\\.|\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d:\\d{3}, .*)$");

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

    /**
     * Whether {@code line} ends a trial: {@code {k, n}} for {@code [name] trial k/n: } followed by a
     * {@link #total} or {@link #consumer} line; {@code null} for any other line (the periodic
     * windows, warm-ups, a fault's line).
     */
    public static int[] trialEnded(String line) {
        Matcher matcher = TRIAL_END.matcher(line);
        return matcher.matches() ? new int[] {Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))} : null;
    }

    private static double millis(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    /** kafka-consumer-perf-test's header, for the lines of {@link #consumer}. */
    public static final String CONSUMER_HEADER = "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, "
            + "nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec";

    private static final DateTimeFormatter CONSUMER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS", Locale.ROOT)
            .withZone(ZoneId.systemDefault());

    /**
     * One read as kafka-consumer-perf-test reports it: overall figures include the group join,
     * the fetch figures exclude it.
     *
     * @param wallStartMillis when the read began, epoch milliseconds
     * @param bytes           value bytes read
     * @param joinNanos       subscribe to assignment, nanoseconds
     * @param fetchNanos      assignment to the last record, nanoseconds
     */
    public static String consumer(long wallStartMillis, long records, long bytes, long joinNanos, long fetchNanos) {
        double megabytes = bytes / MB;
        double seconds = (joinNanos + fetchNanos) / 1e9;
        double fetchSeconds = fetchNanos / 1e9;
        long wallEndMillis = wallStartMillis + (joinNanos + fetchNanos) / 1_000_000;
        return String.format(Locale.ROOT, "%s, %s, %.4f, %.4f, %d, %.4f, %d, %d, %.4f, %.4f",
                CONSUMER_TIME.format(Instant.ofEpochMilli(wallStartMillis)), CONSUMER_TIME.format(Instant.ofEpochMilli(wallEndMillis)),
                megabytes, megabytes / seconds, records, records / seconds, joinNanos / 1_000_000, fetchNanos / 1_000_000,
                megabytes / fetchSeconds, records / fetchSeconds);
    }

    /** {@code replicated: 6012 records, 300.4 records/sec (4.30 MB/sec), first read to last.}: the far side's rate. */
    public static String delivered(String verb, long records, double recordsPerSecond, double megabytesPerSecond) {
        return String.format(Locale.ROOT, "%s: %d records, %.1f records/sec (%.2f MB/sec), first read to last.", verb, records,
                recordsPerSecond, megabytesPerSecond);
    }

    /** {@code end-to-end latency: ...} (or {@code mirror lag: ...}): a read-side latency line in kafka-producer-perf-test's units. */
    public static String latency(String name, Histogram latencyMicros) {
        return String.format(Locale.ROOT, name + ": %d records, %.2f ms 50th, %.2f ms 95th, %.2f ms 99th, "
                        + "%.2f ms 99.9th, %.2f ms max.", latencyMicros.getTotalCount(), millis(latencyMicros, 50),
                millis(latencyMicros, 95), millis(latencyMicros, 99), millis(latencyMicros, 99.9), latencyMicros.getMaxValue() / 1000.0);
    }
}
