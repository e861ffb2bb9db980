package dev.kafkaperfgate.internal.history;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Step changes in one series of nightly figures: E-Divisive means as Apache Otava (formerly
 * Hunter, MongoDB's line of work) runs it. Two steps, after Fleming et al., "Hunter: Using Change
 * Point Detection to Hunt for Performance Regressions" (ICPE 2023):
 * <ol>
 *   <li><b>split</b>: in sliding windows of {@code window} points (half a window apart), Matteson
 *   and James' divisive search takes the split τ that maximises the energy divergence Q̂ between
 *   the points before it and after it, and keeps splitting while a two-sided Student's t-test
 *   between the two sides is significant at a relaxed level (10 × {@code maxPValue}). These are
 *   the weak change points;</li>
 *   <li><b>merge</b>: the weakest of them (the largest p, or, when every p passes, the smallest
 *   relative change under {@code minMagnitude}) is dropped and its neighbours re-tested against
 *   their new neighbours, until every change point passes {@code maxPValue}.</li>
 * </ol>
 * The t-test instead of Matteson and James' permutation test makes the result deterministic: the
 * same history flags the same nights in every run, which a nightly that is read every morning
 * needs. Otava's defaults are kept (window 50, p 0.001, no minimum magnitude), and
 * {@code ChangePointsTest} checks this class against Otava 0.8.0's own output on the same series.
 *
 * <pre>{@code
 * List<ChangePoints.ChangePoint> found = ChangePoints.OTAVA_DEFAULTS.find(new double[] {100, 101, 99, 100, 110, 111, 109});
 * found.get(0).index();            // 4: the first value after the step
 * found.get(0).relativeChange();   // +0.10
 * }</pre>
 *
 * @param window       points per sliding window of the split step, at least 2
 * @param maxPValue    the significance a change point must reach, in (0, 1)
 * @param minMagnitude a change point smaller than this relative change (after / before − 1, either way) is dropped even when significant
 */
public record ChangePoints(int window, double maxPValue, double minMagnitude) {

    /** Otava's defaults: window 50, p ≤ 0.001, no minimum magnitude. */
    public static final ChangePoints OTAVA_DEFAULTS = new ChangePoints(50, 0.001, 0.0);

    public ChangePoints {
        if (window < 2 || !(maxPValue > 0 && maxPValue < 1) || !(minMagnitude >= 0)) {
            throw new IllegalArgumentException("window ≥ 2, maxPValue in (0, 1), minMagnitude ≥ 0: " + window + ", " + maxPValue + ", " + minMagnitude);
        }
    }

    /**
     * One step change: {@code index} is the position of the first point after it.
     *
     * @param meanBefore the mean of the points from the previous change point (or the start) up to it
     * @param meanAfter  the mean from it up to the next change point (or the end)
     * @param pValue     the two-sided t-test between those two segments
     */
    public record ChangePoint(int index, double meanBefore, double meanAfter, double sdBefore, double sdAfter, double pValue) {

        /** after / before − 1; 0 when the mean before is 0. */
        public double relativeChange() {
            return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
        }

        /** The larger of the forward and the backward relative change, as Otava measures a change's size. */
        double magnitude() {
            double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
            return Math.max(Math.abs(relativeChange()), Math.abs(backward));
        }
    }

    /** The change points of {@code series}, oldest first; none for fewer than 3 points. */
    public List<ChangePoint> find(double[] series) {
        for (double value : series) {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("a series for change points must be finite, got " + value);
            }
        }
        double firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
        return merge(split(series, firstPass), series);
    }

    /** The split step: weak change points from each sliding window, united, then re-tested on the whole series. */
    private List<ChangePoint> split(double[] series, double pValue) {
        List<Integer> found = new ArrayList<>();
        int start = 0;
        int step = window / 2;
        while (start < series.length) {
            int end = Math.min(start + window, series.length);
            List<Integer> inWindow = divisive(java.util.Arrays.copyOfRange(series, start, end), pValue);
            int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1) + start;
            for (int index : inWindow) {
                if (!found.contains(index + start)) {
                    found.add(index + start);
                }
            }
            start = Math.max(last, start + step);
        }
        found.sort(Comparator.naturalOrder());
        List<ChangePoint> points = new ArrayList<>();
        for (int index : found) {
            points.add(test(series, found, index));
        }
        return points;
    }

    /** Matteson and James' divisive search in one window: split at the best Q̂ while the split is significant. */
    private static List<Integer> divisive(double[] x, double pValue) {
        List<Integer> points = new ArrayList<>();
        while (true) {
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            int from = 0;
            for (int i = 0; i <= points.size(); i++) {
                int to = i == points.size() ? x.length : points.get(i);
                if (to - from > 1) {
                    double[] candidate = candidate(x, from, to);
                    if (candidate[1] > bestQ) {
                        bestQ = candidate[1];
                        best = (int) candidate[0];
                    }
                }
                from = to;
            }
            if (best < 0) {
                return points;
            }
            ChangePoint point = test(x, points, best);
            if (!(point.pValue() <= pValue)) {
                return points;
            }
            points.add(best);
            points.sort(Comparator.naturalOrder());
        }
    }

    /**
     * The τ in (from, to) and κ in (τ, to] that maximise Q̂(x[from:τ], x[τ:κ]), scanned τ-major as
     * Otava's argmax over its matrix is (so that ties resolve the same way; cells with τ ≥ κ count as 0).
     *
     * @return {τ, Q̂}
     */
    private static double[] candidate(double[] x, int from, int to) {
        int size = to - from - 1;
        double bestQ = Double.NEGATIVE_INFINITY;
        int bestTau = -1;
        for (int i = 0; i < size; i++) {
            int tau = from + i + 1;
            double withinLeft = pairSum(x, from, tau);
            for (int j = 0; j < size; j++) {
                double q = 0;
                int kappa = from + j + 2;
                if (i <= j) {
                    int n = tau - from;
                    int m = kappa - tau;
                    double cross = 0;
                    for (int a = from; a < tau; a++) {
                        for (int b = tau; b < kappa; b++) {
                            cross += Math.abs(x[a] - x[b]);
                        }
                    }
                    q = 2.0 / (m + n) * cross
                            - (n > 1 ? 2.0 * m / (m + n) / (n - 1) * withinLeft : 0)
                            - (m > 1 ? 2.0 * n / (m + n) / (m - 1) * pairSum(x, tau, kappa) : 0);
                }
                if (q > bestQ) {
                    bestQ = q;
                    bestTau = tau;
                }
            }
        }
        return new double[] {bestTau, bestQ};
    }

    private static double pairSum(double[] x, int from, int to) {
        double sum = 0;
        for (int a = from; a < to; a++) {
            for (int b = a + 1; b < to; b++) {
                sum += Math.abs(x[a] - x[b]);
            }
        }
        return sum;
    }

    /** The merge step: drop the weakest change point and re-test its neighbours until all pass. */
    private List<ChangePoint> merge(List<ChangePoint> points, double[] series) {
        List<ChangePoint> kept = new ArrayList<>(points);
        while (!kept.isEmpty()) {
            ChangePoint weakest = kept.get(0);
            for (ChangePoint point : kept) {
                if (point.pValue() > weakest.pValue()) {
                    weakest = point;
                }
            }
            if (weakest.pValue() < maxPValue) {
                weakest = kept.get(0);
                for (ChangePoint point : kept) {
                    if (point.magnitude() < weakest.magnitude()) {
                        weakest = point;
                    }
                }
                if (weakest.magnitude() > minMagnitude) {
                    return kept;
                }
            }
            int removed = kept.indexOf(weakest);
            kept.remove(removed);
            List<Integer> indexes = kept.stream().map(ChangePoint::index).toList();
            for (int neighbour : new int[] {removed, removed + 1}) {
                if (neighbour < kept.size()) {
                    kept.set(neighbour, test(series, indexes, kept.get(neighbour).index()));
                }
            }
        }
        return kept;
    }

    /**
     * The t-test of a (candidate) change point at {@code index} between its neighbouring segments:
     * from the previous change point in {@code points} to it, and from it to the next one.
     */
    private static ChangePoint test(double[] series, List<Integer> points, int index) {
        int left = 0;
        int right = series.length;
        for (int point : points) {
            if (point < index) {
                left = point;
            } else if (point > index) {
                right = point;
                break;
            }
        }
        return compare(series, left, index, right);
    }

    /** Otava's comparison: means, population standard deviations, and Student's t with pooled variance. */
    private static ChangePoint compare(double[] series, int from, int index, int to) {
        int n1 = index - from;
        int n2 = to - index;
        double mean1 = mean(series, from, index);
        double mean2 = mean(series, index, to);
        double sd1 = n1 >= 2 ? populationSd(series, from, index, mean1) : 0;
        double sd2 = n2 >= 2 ? populationSd(series, index, to, mean2) : 0;
        double p = 1.0;
        if (n1 + n2 > 2) {
            int df = n1 + n2 - 2;
            double pooled = ((n1 - 1) * sd1 * sd1 + (n2 - 1) * sd2 * sd2) / df;
            double t = (mean1 - mean2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
            p = Double.isNaN(t) ? Double.NaN : Double.isInfinite(t) ? 0 : 2 * new TDistribution(df).cumulativeProbability(-Math.abs(t));
        }
        return new ChangePoint(index, mean1, mean2, sd1, sd2, p);
    }

    private static double mean(double[] series, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += series[i];
        }
        return sum / (to - from);
    }

    private static double populationSd(double[] series, int from, int to, double mean) {
        double squares = 0;
        for (int i = from; i < to; i++) {
            squares += (series[i] - mean) * (series[i] - mean);
        }
        return Math.sqrt(squares / (to - from));
    }
}
