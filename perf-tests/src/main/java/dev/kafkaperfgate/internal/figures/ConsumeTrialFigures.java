package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.metrics.ClientCost;
import org.HdrHistogram.Histogram;

/**
 * One measured read of the whole pre-loaded topic by a fresh consumer group, with the figures
 * kafka-consumer-perf-test prints.
 *
 * @param trial       1-based trial number
 * @param records     records read, each exactly once
 * @param bytes       record value bytes read
 * @param joinNanos   subscribe to first assignment: the group join (rebalance.time.ms), nanoseconds
 * @param fetchNanos  first assignment to the last record (fetch.time.ms), nanoseconds
 * @param pollGaps    time between consecutive poll() returns after the join, microseconds
 * @param cost        what the client spent per record from the join to the last record
 */
public record ConsumeTrialFigures(int trial, long records, long bytes, long joinNanos, long fetchNanos, Histogram pollGaps,
                                  ClientCost cost) {

    private static final double MB = 1024.0 * 1024.0;

    public double totalSeconds() {
        return (joinNanos + fetchNanos) / 1e9;
    }

    public double megabytesPerSecond() {
        return bytes / MB / totalSeconds();
    }

    public double recordsPerSecond() {
        return records / totalSeconds();
    }

    public double fetchMegabytesPerSecond() {
        return bytes / MB / (fetchNanos / 1e9);
    }

    public double fetchRecordsPerSecond() {
        return records / (fetchNanos / 1e9);
    }
}
