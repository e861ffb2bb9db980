package dev.kafkaperfgate.internal.verdict;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * Is this run's value one the baseline's runs could have produced? A t prediction interval on
 * the log scale: with baseline run values b<sub>1..K</sub> (log l<sub>i</sub>, mean m, standard
 * deviation s) and the current run's value c, the log ratio d = ln c − m has standard error
 * s·√(1 + 1/K) and follows Student's t with K − 1 degrees of freedom when nothing changed.
 *
 * <p>Why this test: the unit of noise that matters on shared runners is the run, not the trial.
 * Trials inside one run share the runner's neighbours, CPU model and JIT decisions, so their
 * spread understates how far the next run lands; a Mann–Whitney U or bootstrap over pooled trials
 * treats them as independent and raises false alarms at exactly the rate teams reported when they
 * downgraded such gates to warnings. The baseline's history keeps one value per accepted run, so
 * its spread is the run-to-run noise itself. Logs make the test about ratios (a 10% drop is the
 * same size at 5k and at 50k records/s) and tame the right skew of throughput and latency.
 *
 * <pre>{@code
 * Comparison c = RunToRunInterval.compare(45_000, new double[] {50_000, 51_000, 49_500, 50_400}, 0.05, 0.8);
 * c.ratio();     // 0.897: 10.3% lower
 * c.high();      // upper bound of the ratio's interval; below 1 means significantly lower
 * c.mdeLog();    // smallest |ln ratio| this comparison detects with 80% power
 * }</pre>
 */
public final class RunToRunInterval {

    private RunToRunInterval() {
    }

    /**
     * @param current      the current run's value; finite, positive
     * @param baselineRuns one value per baseline run, at least 2; finite, positive
     * @param alpha        one-sided false-alarm probability per direction, in (0, 0.5)
     * @param power        probability of detecting an effect of the reported MDE, in (0.5, 1)
     */
    public static Comparison compare(double current, double[] baselineRuns, double alpha, double power) {
        int runs = baselineRuns.length;
        if (runs < 2) {
            throw new IllegalArgumentException("a run-to-run test needs at least 2 baseline runs, got " + runs);
        }
        if (!(alpha > 0 && alpha < 0.5) || !(power > 0.5 && power < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5) and power in (0.5, 1): " + alpha + ", " + power);
        }
        double[] logs = new double[runs];
        for (int i = 0; i < runs; i++) {
            logs[i] = positiveLog(baselineRuns[i], "baseline run " + (i + 1));
        }
        double mean = mean(logs);
        double sd = sd(logs, mean);
        double standardError = sd * Math.sqrt(1 + 1.0 / runs);
        TDistribution t = new TDistribution(runs - 1);
        double critical = t.inverseCumulativeProbability(1 - alpha);
        double d = positiveLog(current, "current run") - mean;
        return new Comparison(Math.exp(mean), current, Math.exp(d), Math.exp(d - critical * standardError),
                Math.exp(d + critical * standardError), (critical + t.inverseCumulativeProbability(power)) * standardError,
                sd, runs, BASELINE_RUNS);
    }

    /** The arithmetic mean; shared with {@link PairedT}. */
    static double mean(double[] values) {
        double mean = 0;
        for (double value : values) {
            mean += value / values.length;
        }
        return mean;
    }

    /** The sample standard deviation (n − 1) around {@code mean}; shared with {@link PairedT}. */
    static double sd(double[] values, double mean) {
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }

    private static double positiveLog(double value, String what) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be finite and positive, got " + value);
        }
        return Math.log(value);
    }

    /**
     * @param baselineCenter geometric mean of the baseline's run values
     * @param current        the current run's value
     * @param ratio          current / baselineCenter
     * @param low            lower bound of the ratio at one-sided {@code alpha}
     * @param high           upper bound of the ratio at one-sided {@code alpha}
     * @param mdeLog         minimum detectable |ln ratio| at {@code alpha} and the given power
     * @param runToRunSd     standard deviation of the baseline's log run values (≈ run-to-run CV)
     * @param runs           baseline runs compared against (paired mode: ABBA blocks)
     * @param samples        what {@code runs} counts, for a reader: "baseline runs" or "ABBA blocks"
     */
    public record Comparison(double baselineCenter, double current, double ratio, double low, double high, double mdeLog,
                             double runToRunSd, int runs, String samples) {

        /**
         * Whether the one-sided interval at {@code alpha} (stricter than the one it was made at, for
         * a figure measured once; looser, for a WARNING's two measurements) lies wholly on the
         * worse side of no change. Only a t interval (paired blocks, baseline
         * runs) can be drawn again at another α; a signed-rank comparison answers {@code false}.
         */
        public boolean worseAt(double alpha, boolean higherIsBetter) {
            double standardError = switch (samples) {
                case PairedT.SAMPLES -> runToRunSd / Math.sqrt(runs);
                case BASELINE_RUNS -> runToRunSd * Math.sqrt(1 + 1.0 / runs);
                default -> Double.NaN;
            };
            if (!(standardError >= 0) || runs < 2) {
                return false;
            }
            double margin = new TDistribution(runs - 1).inverseCumulativeProbability(1 - alpha) * standardError;
            double log = Math.log(ratio);
            return higherIsBetter ? log + margin < 0 : log - margin > 0;
        }
    }

    /** Samples label of a comparison against stored baseline runs. */
    static final String BASELINE_RUNS = "baseline runs";
}
