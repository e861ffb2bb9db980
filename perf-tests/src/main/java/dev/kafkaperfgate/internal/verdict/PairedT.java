package dev.kafkaperfgate.internal.verdict;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;

/**
 * Did the head change a metric against the base, measured side by side? Base (A) and head (B)
 * stretches (trials, windows or duel halves) run in balanced blocks, ABBA then BAAB, on one broker. Each block gives one log-ratio
 * d = (ln B₁ + ln B₂ − ln A₁ − ln A₂) / 2, and the test is a one-sample t on the blocks' d.
 *
 * <p>Why this test: a drift that is linear over a block (the broker warming, a neighbour
 * ramping up) adds the same to both halves of ABBA and cancels in d, so d carries the change
 * plus only what is left of the noise. Blocks, not stretches, are the unit: the two stretches of a side
 * in one block share that block's neighbours, so pooling stretches as independent (a rank-sum over
 * all A against all B) would understate the noise, which is the false alarm that teams reported
 * when they downgraded such gates. On logs the test is about ratios, and throughput and latency
 * lose their right skew. Student's t with n − 1 degrees of freedom is exact for normal d and
 * conservative enough at the block counts used (6 or more); a bootstrap interval would need
 * more blocks than a PR has time for to be trustworthy.
 *
 * <pre>{@code
 * Result r = PairedT.compare(List.of(new Block(100, 102, 90, 91), ...), 0.03, 0.8);
 * r.comparison().ratio();   // head / base, e.g. 0.89
 * r.comparison().high();    // upper bound of the ratio at one-sided alpha; below 1 means significantly lower
 * r.controlLog();           // ln(base's second half / base's first half): did the base agree with itself?
 * }</pre>
 */
public final class PairedT {

    /** Samples label of a paired comparison, as verdict lines print it. */
    public static final String SAMPLES = "ABBA blocks";

    private PairedT() {
    }

    /**
     * One block's values of a metric: the base's two stretches and the head's two, each pair in run order.
     * All finite and positive.
     *
     * @param baseFirst whether the block ran ABBA (base first) rather than BAAB
     */
    public record Block(double base1, double base2, double head1, double head2, boolean baseFirst) {

        /** A block that ran ABBA. */
        public Block(double base1, double base2, double head1, double head2) {
            this(base1, base2, head1, head2, true);
        }

        /** The four values in run order: A₁ B₁ B₂ A₂, or B₁ A₁ A₂ B₂. */
        double[] inRunOrder() {
            return baseFirst ? new double[] {base1, head1, head2, base2} : new double[] {head1, base1, base2, head2};
        }

        double logRatio() {
            return (log(head1, "head") + log(head2, "head") - log(base1, "base") - log(base2, "base")) / 2;
        }
    }

    /**
     * @param comparison the ratio head / base with its one-sided interval and minimum detectable effect;
     *                   {@code baselineCenter} and {@code current} are the sides' geometric means
     * @param controlLog ln of the base's geometric mean over the second half of its stretches divided by the first
     *                   half's: an A-against-A check of how far the machine moved under the measurement
     */
    public record Result(RunToRunInterval.Comparison comparison, double controlLog) {
    }

    /**
     * @param blocks at least 2
     * @param alpha  one-sided false-alarm probability per direction, in (0, 0.5)
     * @param power  probability of detecting an effect of the reported MDE, in (0.5, 1)
     */
    public static Result compare(List<Block> blocks, double alpha, double power) {
        int n = blocks.size();
        if (n < 2) {
            throw new IllegalArgumentException("a paired test needs at least 2 blocks, got " + n);
        }
        if (!(alpha > 0 && alpha < 0.5) || !(power > 0.5 && power < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5) and power in (0.5, 1): " + alpha + ", " + power);
        }
        double[] d = blocks.stream().mapToDouble(Block::logRatio).toArray();
        double mean = RunToRunInterval.mean(d);
        double sd = RunToRunInterval.sd(d, mean);
        double standardError = sd / Math.sqrt(n);
        TDistribution t = new TDistribution(n - 1);
        double critical = t.inverseCumulativeProbability(1 - alpha);
        double baseLog = 0;
        double headLog = 0;
        for (Block block : blocks) {
            baseLog += (Math.log(block.base1()) + Math.log(block.base2())) / (2.0 * n);
            headLog += (Math.log(block.head1()) + Math.log(block.head2())) / (2.0 * n);
        }
        RunToRunInterval.Comparison comparison = new RunToRunInterval.Comparison(Math.exp(baseLog), Math.exp(headLog), Math.exp(mean),
                Math.exp(mean - critical * standardError), Math.exp(mean + critical * standardError),
                (critical + t.inverseCumulativeProbability(power)) * standardError, sd, n, SAMPLES);
        return new Result(comparison, control(blocks));
    }

    /** ln(gm of the base's later half / gm of its earlier half), its stretches taken in run order. */
    static double control(List<Block> blocks) {
        double[] base = blocks.stream().flatMapToDouble(block -> java.util.stream.DoubleStream.of(block.base1(), block.base2())).toArray();
        int half = base.length / 2;
        double early = 0;
        double late = 0;
        for (int i = 0; i < half; i++) {
            early += Math.log(base[i]) / half;
            late += Math.log(base[base.length - 1 - i]) / half;
        }
        return late - early;
    }

    private static double log(double value, String side) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(side + " value must be finite and positive, got " + value);
        }
        return Math.log(value);
    }
}
