package dev.kafkaperfgate.internal.spec;

import dev.kafkaperfgate.internal.settings.Defaults;
import java.time.Duration;

/**
 * When warm-up may end: after {@code min}, once the last {@code steadyWindows} windows of
 * {@code window} length agree within {@code tolerance}; at {@code max} in any case, and the run
 * is then flagged as not steady. Defaults and the measurements behind them are in {@link Defaults}.
 *
 * @param min           shortest warm-up; {@link Duration#ZERO} with max zero means no warm-up
 * @param max           longest warm-up, at least min
 * @param window        length of one measured window, greater than zero
 * @param steadyWindows consecutive windows that must agree, 2 or more
 * @param tolerance     largest (max - min) / mean of those windows' figure, greater than 0
 */
public record WarmupPolicy(Duration min, Duration max, Duration window, int steadyWindows, double tolerance) {

    public static final WarmupPolicy DEFAULT = new WarmupPolicy(Defaults.WARMUP_MIN, Defaults.WARMUP_MAX,
            Defaults.WARMUP_WINDOW, Defaults.WARMUP_STEADY_WINDOWS, Defaults.WARMUP_STEADY_TOLERANCE);

    /** No warm-up at all: only for comparisons with tools that have none (the side-by-side benchmark). */
    public static final WarmupPolicy NONE = new WarmupPolicy(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1), 2, 1.0);

    public WarmupPolicy {
        if (min.isNegative() || max.compareTo(min) < 0) {
            throw new IllegalArgumentException("warm-up needs 0 <= min <= max, got min " + min + ", max " + max);
        }
        if (window.isZero() || window.isNegative()) {
            throw new IllegalArgumentException("warm-up window must be longer than zero, got " + window);
        }
        if (steadyWindows < 2) {
            throw new IllegalArgumentException("warm-up needs at least 2 windows to compare, got " + steadyWindows);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("warm-up tolerance must be greater than 0, got " + tolerance);
        }
    }

    public boolean isNone() {
        return max.isZero();
    }
}
