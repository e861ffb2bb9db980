package dev.kafkaperfgate.internal.figures;

import org.HdrHistogram.Histogram;

/**
 * What a reader on the far side (the end-to-end consumer, or the reader on a mirror's target)
 * received of one phase.
 *
 * @param latency      read minus send per record, microseconds
 * @param records      records read, each once
 * @param bytes        their serialized value bytes
 * @param spanNanos    first read to last read of the phase, nanoseconds
 */
public record Delivery(Histogram latency, long records, long bytes, long spanNanos) {

    /**
     * Records per second arriving at the reader, first read to last. For a mirror this is the
     * replication throughput: at a fixed rate it equals the rate while MirrorMaker 2 keeps up, and
     * falls below it, with the lag growing, when it does not. The span is taken as at least 1 ms
     * so that a phase read in one poll has a finite rate.
     */
    public double recordsPerSecond() {
        return records / seconds();
    }

    /** Value bytes per second arriving, in MiB/s as kafka-producer-perf-test's "MB/sec". */
    public double megabytesPerSecond() {
        return bytes / seconds() / (1024.0 * 1024.0);
    }

    private double seconds() {
        return Math.max(spanNanos, 1_000_000L) / 1e9;
    }
}
