package dev.kafkaperfgate.internal.frame;

import java.io.PrintStream;

/**
 * The run's progress lines: one as each scenario starts, one as each confirmation left for the
 * run's end starts, and one after each trial of a scenario measured in trials, with the time so far
 * and an estimate of the time left (the mean of what ran, times what is left: every scenario, and
 * every trial of a scenario, is taken to cost alike).
 */
public final class RunProgress {

    private final PrintStream console;
    private final int count;
    private final long startNanos = System.nanoTime();
    private int index;

    RunProgress(PrintStream console, int count) {
        this.console = console;
        this.count = count;
    }

    /** Prints {@code scenario k of n: name (time elapsed, about ... left)} as the next scenario starts. */
    public void starting(String scenario) {
        index++;
        long elapsed = System.nanoTime() - startNanos;
        console.printf("[kafka-perf-gate] scenario %d of %d: %s (%s elapsed%s)%n", index, count, scenario, minutes(elapsed),
                left(elapsed, (index - 1) / (double) count));
    }

    /** Prints {@code confirmation k of n: name (time elapsed)} as a flagged scenario's deferred confirmation starts. */
    public void confirming(int confirmation, int confirmations, String scenario) {
        console.printf("[kafka-perf-gate] confirmation %d of %d: %s (%s elapsed)%n", confirmation,
                confirmations, scenario, minutes(System.nanoTime() - startNanos));
    }

    /** After trial {@code trial} of {@code trials} of the current scenario. */
    public void trialEnded(int trial, int trials) {
        if (index == 0) {
            return;
        }
        long elapsed = System.nanoTime() - startNanos;
        console.printf("[kafka-perf-gate] scenario %d of %d, trial %d of %d done (%s elapsed%s)%n", index, count, trial, trials,
                minutes(elapsed), left(elapsed, (index - 1 + Math.min(1.0, trial / (double) trials)) / count));
    }

    /** {@code ", about XmYYs left"} after {@code elapsed} for a share {@code done} of the run; nothing at its start or end. */
    private static String left(long elapsed, double done) {
        return done <= 0 || done >= 1 ? "" : ", about " + minutes((long) (elapsed / done - elapsed)) + " left";
    }

    private static String minutes(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        return seconds / 60 + "m" + String.format("%02d", seconds % 60) + "s";
    }
}
