package dev.kafkaperfgate.internal.component.duel;

import dev.kafkaperfgate.internal.settings.Defaults;
import java.time.Duration;

/**
 * How one duel of the component stage measures ({@link ComponentDuel}): copies of each side, the
 * warm-up's bounds (it ends once the JIT is quiet, after {@code warmupMin} and by {@code warmupMax}),
 * how long the alternating batches are measured, how long one batch aims to take, and the bound on
 * the whole fork.
 */
public record DuelSettings(int copies, Duration warmupMin, Duration warmupMax, Duration measure, Duration batch, Duration timeout) {

    /** The gate's: {@link Defaults#COMPONENT_COPIES} copies, {@link Defaults#COMPONENT_MEASURE} measured. */
    public static final DuelSettings DEFAULTS = new DuelSettings(Defaults.COMPONENT_COPIES, Defaults.COMPONENT_WARMUP_MIN,
            Defaults.COMPONENT_WARMUP_MAX, Defaults.COMPONENT_MEASURE, Defaults.COMPONENT_BATCH, Defaults.COMPONENT_FORK_TIMEOUT);

    public DuelSettings {
        if (copies < 1 || warmupMax.compareTo(warmupMin) < 0 || measure.isNegative() || batch.toNanos() < 1000) {
            throw new IllegalArgumentException("a duel needs a copy per side, warm-up min <= max, a measuring time and batches of 1 µs or more");
        }
    }
}
