package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.metrics.Median;

import java.util.Collection;
import java.util.Locale;

/**
 * Whether the machine itself moved since the baselines were measured: this run's {@link Ruler}
 * against the median ruler of every baseline run. A drifted run still gets verdicts; the flag
 * tells the reader that a shift may be the runner's, not the change's.
 *
 * @param drifted        whether either ratio is beyond the bound
 * @param cpuRatio       this run's CPU time per op / the baseline's (above 1: slower CPU); NaN without baselines
 * @param roundTripRatio this run's round trip / the baseline's (above 1: slower); NaN without baselines
 * @param bound          the allowed relative change, e.g. 0.25
 */
public record Drift(boolean drifted, double cpuRatio, double roundTripRatio, double bound) {

    public static Drift between(Ruler current, Collection<Ruler> baseline, double bound) {
        if (baseline.isEmpty()) {
            return new Drift(false, Double.NaN, Double.NaN, bound);
        }
        double cpu = current.cpuNsPerOp() / Median.of(baseline.stream().mapToDouble(Ruler::cpuNsPerOp).toArray());
        double roundTrip = current.roundTripUs() / Median.of(baseline.stream().mapToDouble(Ruler::roundTripUs).toArray());
        return new Drift(beyond(cpu, bound) || beyond(roundTrip, bound), cpu, roundTrip, bound);
    }

    private static boolean beyond(double ratio, double bound) {
        return Math.abs(Math.log(ratio)) > Math.log(1 + bound);
    }

    public String describe() {
        if (Double.isNaN(cpuRatio)) {
            return "no baseline ruler to compare with";
        }
        return String.format(Locale.ROOT, "%s: CPU ruler %+.1f%%, broker round trip %+.1f%% against the baselines' (bound ±%.0f%%)",
                drifted ? "DRIFTED" : "steady", (cpuRatio - 1) * 100, (roundTripRatio - 1) * 100, bound * 100);
    }
}
