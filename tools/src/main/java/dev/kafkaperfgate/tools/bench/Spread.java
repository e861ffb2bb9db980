package dev.kafkaperfgate.tools.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Median, range and coefficient of variation of a handful of benchmark figures. */
record Spread(double median, double min, double max, double cv) {

    static Spread of(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        double mean = Arrays.stream(sorted).average().orElse(Double.NaN);
        double variance = n < 2 ? 0 : Arrays.stream(sorted).map(v -> (v - mean) * (v - mean)).sum() / (n - 1);
        return new Spread(median, sorted[0], sorted[n - 1], Math.sqrt(variance) / mean);
    }

    String describe(String unit) {
        return String.format(Locale.ROOT, "median %.1f %s, range %.1f..%.1f, CV %.1f%%", median, unit, min, max, cv * 100);
    }
}
