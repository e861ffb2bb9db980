package dev.kafkaperfgate.internal.figures;

import java.util.Arrays;

/**
 * One metric of one run: the run's value (what the verdict compares) and each trial's value
 * (kept so that the noise inside a run stays visible in baselines and reports).
 *
 * @param value  the run's figure: finite and positive, in the metric's unit
 * @param trials each trial's figure, in trial order
 */
public record MetricSample(double value, double[] trials) {

    public MetricSample {
        trials = trials.clone();
    }

    @Override
    public double[] trials() {
        return trials.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MetricSample sample && sample.value == value && Arrays.equals(sample.trials, trials);
    }

    @Override
    public int hashCode() {
        return Double.hashCode(value) * 31 + Arrays.hashCode(trials);
    }

    @Override
    public String toString() {
        return value + " " + Arrays.toString(trials);
    }
}
