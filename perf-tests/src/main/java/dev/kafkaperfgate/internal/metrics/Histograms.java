package dev.kafkaperfgate.internal.metrics;

import org.HdrHistogram.Histogram;

import java.util.List;

/** Operations on several histograms at once. */
public final class Histograms {

    private Histograms() {
    }

    /** One histogram holding every value of {@code parts} (at least one), at the first one's precision. */
    public static Histogram merged(List<Histogram> parts) {
        Histogram merged = new Histogram(parts.get(0).getNumberOfSignificantValueDigits());
        parts.forEach(merged::add);
        return merged;
    }
}
