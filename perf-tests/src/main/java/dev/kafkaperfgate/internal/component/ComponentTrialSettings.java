package dev.kafkaperfgate.internal.component;

import java.time.Duration;

/**
 * How long each JMH fork of the component stage measures: warm-up iterations (left out), measured
 * iterations, the length of each, and the bound on the whole fork.
 */
public record ComponentTrialSettings(int warmupIterations, int iterations, Duration iteration, Duration timeout) {
}
