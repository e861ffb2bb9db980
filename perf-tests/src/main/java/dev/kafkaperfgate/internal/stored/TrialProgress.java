package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.internal.metrics.PerfLine;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;

/**
 * The console the workloads print to, passed through unchanged, which also tells the runner each
 * time a trial's last line goes by ({@link PerfLine#trialEnded}): how a long nightly run prints a
 * progress line with an estimate of the time left after every trial, not only between scenarios.
 */
final class TrialProgress extends PrintStream {

    private final BiConsumer<Integer, Integer> trialEnded;

    /** @param trialEnded called with {@code (k, n)} after the line of trial k of n was printed */
    TrialProgress(PrintStream console, BiConsumer<Integer, Integer> trialEnded) {
        super(console, true, StandardCharsets.UTF_8);
        this.trialEnded = trialEnded;
    }

    @Override
    public void println(String line) {
        super.println(line);
        int[] trial = line == null ? null : PerfLine.trialEnded(line);
        if (trial != null) {
            trialEnded.accept(trial[0], trial[1]);
        }
    }
}
