package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.Defaults;

import java.time.Duration;

/**
 * How long each JMH fork of the component stage measures: warm-up iterations (left out), measured
 * iterations, the length of each, and the bound on the whole fork.
 */
public record ComponentTrialSettings(int warmupIterations, int iterations, Duration iteration, Duration timeout) {

    /** The gate's: {@link Defaults#COMPONENT_WARMUP_ITERATIONS} and {@link Defaults#COMPONENT_ITERATIONS} of {@link Defaults#COMPONENT_ITERATION}. */
    public static final ComponentTrialSettings DEFAULTS = new ComponentTrialSettings(Defaults.COMPONENT_WARMUP_ITERATIONS,
            Defaults.COMPONENT_ITERATIONS, Defaults.COMPONENT_ITERATION, Defaults.COMPONENT_FORK_TIMEOUT);
}
