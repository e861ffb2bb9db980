package dev.kafkaperfgate.internal.metrics;

import java.util.Arrays;

/** The median the gate uses everywhere: the middle value, or the mean of the two middle ones. */
public final class Median {

    private Median() {
    }

    /** @return the median of {@code values}, NaN when there are none */
    public static double of(double... values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
