package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;

import java.util.Set;

/**
 * A scenario's thresholds gate a figure its measurement does not have, e.g. {@code broker.cpu}
 * where the broker's JMX could not be read in every trial. The scenario is not judged (the run is
 * incomplete, exit 2): a gate asked for must not pass by being absent.
 */
public final class MissingFigureException extends RuntimeException {

    public MissingFigureException(String message) {
        super(message);
    }

    /**
     * Refuses when {@code thresholds} gate a broker figure that {@code present} lacks; the
     * {@code Referee} asks before it judges a whole client's measurement.
     *
     * @throws MissingFigureException naming the threshold and the usual causes
     */
    public static void requireGated(Set<Metric> present, Thresholds thresholds, String scenario) {
        for (Metric metric : Metric.values()) {
            if (metric.ofBroker() && metric.gatedBy(thresholds) && !present.contains(metric)) {
                throw new MissingFigureException(scenario + ": thresholds." + thresholdKey(metric) + " gates the broker's "
                        + metric.key() + ", but the broker's JMX did not give it in every trial (an external cluster without "
                        + "-Dperf.external.jmx, or a broker that stopped answering); not judged");
            }
        }
    }

    private static String thresholdKey(Metric metric) {
        return metric == Metric.BROKER_CPU_PER_RECORD ? Thresholds.BROKER_CPU_KEY : Thresholds.BROKER_PRODUCE_TIME_KEY;
    }
}
