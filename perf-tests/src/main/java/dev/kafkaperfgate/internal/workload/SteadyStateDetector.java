package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.spec.WarmupPolicy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Decides when warm-up is over, from one figure per window (throughput for unthrottled runs,
 * median latency under a target rate, where throughput is the rate by construction).
 *
 * <pre>{@code
 * SteadyStateDetector steady = new SteadyStateDetector(policy);
 * steady.addWindow(elapsedNanos, figure);   // once per window
 * if (steady.isDone(elapsedNanos)) ...       // min reached and steady, or max reached
 * }</pre>
 */
public final class SteadyStateDetector {

    private final WarmupPolicy policy;
    private final Deque<Double> recent = new ArrayDeque<>();
    private final List<Double> all = new ArrayList<>();

    public SteadyStateDetector(WarmupPolicy policy) {
        this.policy = policy;
    }

    /** @param figure the window's throughput (records/s) or latency (microseconds), 0 or more */
    public void addWindow(double figure) {
        all.add(figure);
        recent.addLast(figure);
        if (recent.size() > policy.steadyWindows()) {
            recent.removeFirst();
        }
    }

    /** Whether the last windows agree within the tolerance. */
    public boolean isSteady() {
        if (recent.size() < policy.steadyWindows()) {
            return false;
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (double figure : recent) {
            min = Math.min(min, figure);
            max = Math.max(max, figure);
            sum += figure;
        }
        double mean = sum / recent.size();
        return mean > 0 && (max - min) / mean <= policy.tolerance();
    }

    /** @param elapsedNanos time since warm-up began */
    public boolean isDone(long elapsedNanos) {
        if (policy.isNone() || elapsedNanos >= policy.max().toNanos()) {
            return true;
        }
        return elapsedNanos >= policy.min().toNanos() && isSteady();
    }

    /** Every window's figure so far, oldest first. */
    public List<Double> windows() {
        return List.copyOf(all);
    }
}
