package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.metrics.LatencyRecorder;
import dev.kafkaperfgate.internal.metrics.PerfLine;

import java.io.PrintStream;

/** Adds up drained intervals and prints kafka-producer-perf-test's periodic line at a fixed interval. */
public final class ProgressPrinter {

    private final PrintStream console;
    private final String label;
    private final int recordSize;
    private final long intervalNanos;
    private long windowStart;
    private long count;
    private double weightedMeanSum;
    private long max;

    public ProgressPrinter(PrintStream console, String label, int recordSize, long intervalNanos, long startNanos) {
        this.console = console;
        this.label = label;
        this.recordSize = recordSize;
        this.intervalNanos = intervalNanos;
        this.windowStart = startNanos;
    }

    public void add(LatencyRecorder.Interval interval, long nowNanos) {
        if (interval.count() > 0) {
            count += interval.count();
            weightedMeanSum += interval.meanMicros() * interval.count();
            max = Math.max(max, interval.maxMicros());
        }
        long elapsed = nowNanos - windowStart;
        if (elapsed >= intervalNanos) {
            console.println(label + PerfLine.window(count, elapsed / 1e9, recordSize,
                    count == 0 ? 0 : weightedMeanSum / count, max));
            windowStart = nowNanos;
            count = 0;
            weightedMeanSum = 0;
            max = 0;
        }
    }
}
