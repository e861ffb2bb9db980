package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A latency histogram as HdrHistogram's percentile distribution: points of (percentile, value)
 * that get denser towards the tail, the way HdrHistogram's own plots show latency.
 *
 * <pre>{@code
 * ArrayNode points = PercentileSpectrum.of(HistogramCodec.decode(encoded));
 * // [[0.0, 812], [50.0, 1444], ..., [99.9, 257791], [100.0, 268031]]
 * }</pre>
 */
final class PercentileSpectrum {

    /** Iteration steps per halving of the distance to 100%, as in HdrHistogram's percentile output. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    /** The last percentile drawn: beyond it one record is the whole tail. */
    private static final double LAST_PERCENTILE = 99.999;

    private PercentileSpectrum() {
    }

    /**
     * @param histogram values in µs; empty gives no points
     * @return pairs of [percentile in 0..100, value in µs], percentile ascending, at most one per
     *         distinct percentile
     */
    static ArrayNode of(Histogram histogram) {
        ArrayNode points = JsonNodeFactory.instance.arrayNode();
        if (histogram.getTotalCount() == 0) {
            return points;
        }
        double last = -1;
        for (HistogramIterationValue value : histogram.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double percentile = Math.min(value.getPercentileLevelIteratedTo(), 100.0);
            if (percentile <= last) {
                continue;
            }
            points.addArray().add(Math.round(percentile * 1000) / 1000.0).add(histogram.highestEquivalentValue(value.getValueIteratedTo()));
            last = percentile;
            if (percentile >= LAST_PERCENTILE) {
                break;
            }
        }
        return points;
    }
}
