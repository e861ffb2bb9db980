package dev.kafkaperfgate.internal.verdict;

import org.apache.commons.math3.distribution.NormalDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * The p99's paired test: Wilcoxon's signed-rank test on the blocks' log-ratios, with the
 * Hodges–Lehmann estimate (the median of the Walsh averages, (dᵢ + dⱼ) / 2 for i ≤ j) and its
 * distribution-free interval (Walsh averages at the signed-rank statistic's critical ranks).
 *
 * <p>Why not {@link PairedT}'s t for the p99: a window's p99 is the 1% tail of a second of
 * records, so one stall (a GC pause, a safepoint, the machine taking the CPU) moves that window's
 * p99 five- to twenty-fold while the other windows do not move. Measured here in 1 s windows at
 * 20k records/s, an A/A's per-window p99 ranged 0.5–22 ms. A t on the mean log-ratio follows that
 * one block; the signed-rank test only counts it as one rank, so an isolated stall cannot swing it,
 * and a head that stalls in most windows still moves every rank. The minimum detectable effect is
 * the t's, from a robust spread (1.4826 × the median absolute deviation) and widened by √(π/3),
 * the signed-rank test's efficiency against the t on normal data.
 *
 * <pre>{@code
 * RunToRunInterval.Comparison c = SignedRank.compare(blocks, 0.001, 0.8);
 * c.ratio();   // exp(Hodges–Lehmann estimate): the head's typical p99 against the base's
 * c.low();     // one-sided lower bound; above 1 means significantly higher
 * }</pre>
 */
public final class SignedRank {

    /** Samples label of a signed-rank comparison, as verdict lines print it. */
    public static final String SAMPLES = "ABBA blocks, signed ranks";

    /**
     * The MDE reported when the blocks are too few to reach α at all: ln 1000 (+99,900%), finite
     * so that summary.json stays JSON; {@link #reachable} tells it apart.
     */
    static final double UNREACHABLE_MDE_LOG = Math.log(1000);

    private static final NormalDistribution NORMAL = new NormalDistribution();

    private SignedRank() {
    }

    /**
     * @param blocks at least 2
     * @param alpha  one-sided false-alarm probability per direction, in (0, 0.5)
     * @param power  for the minimum detectable effect, in (0.5, 1)
     */
    public static RunToRunInterval.Comparison compare(List<PairedT.Block> blocks, double alpha, double power) {
        int n = blocks.size();
        if (n < 2) {
            throw new IllegalArgumentException("a signed-rank test needs at least 2 blocks, got " + n);
        }
        if (!(alpha > 0 && alpha < 0.5) || !(power > 0.5 && power < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5) and power in (0.5, 1): " + alpha + ", " + power);
        }
        double[] d = blocks.stream().mapToDouble(PairedT.Block::logRatio).toArray();
        double[] walsh = walshAverages(d);
        int m = walsh.length;
        double zAlpha = NORMAL.inverseCumulativeProbability(1 - alpha);
        // The k-th smallest Walsh average bounds the pseudo-median at one-sided α (normal approximation
        // of the signed-rank statistic, continuity-corrected); no bound exists when too few blocks reach α.
        double spread = Math.sqrt(n * (n + 1.0) * (2 * n + 1) / 24);
        int k = (int) Math.floor(m / 2.0 - zAlpha * spread - 0.5);
        // Too few blocks: the interval is the whole range of the Walsh averages widened to hold 1 (never significant).
        double low = k >= 1 ? Math.exp(walsh[k - 1]) : Math.min(1, Math.exp(walsh[0]));
        double high = k >= 1 ? Math.exp(walsh[m - k]) : Math.max(1, Math.exp(walsh[m - 1]));
        double median = median(d);
        double[] deviations = Arrays.stream(d).map(value -> Math.abs(value - median)).toArray();
        double robustSd = 1.4826 * median(deviations);
        double mdeLog = k >= 1 ? (zAlpha + NORMAL.inverseCumulativeProbability(power)) * robustSd / Math.sqrt(n) * Math.sqrt(Math.PI / 3)
                : UNREACHABLE_MDE_LOG;
        double baseLog = 0;
        double headLog = 0;
        for (PairedT.Block block : blocks) {
            baseLog += (Math.log(block.base1()) + Math.log(block.base2())) / (2.0 * n);
            headLog += (Math.log(block.head1()) + Math.log(block.head2())) / (2.0 * n);
        }
        return new RunToRunInterval.Comparison(Math.exp(baseLog), Math.exp(headLog), Math.exp(median(walsh)), low, high, mdeLog, robustSd, n,
                SAMPLES);
    }

    /** Whether {@code blocks} blocks can reach significance at one-sided {@code alpha} at all. */
    public static boolean reachable(int blocks, double alpha) {
        double spread = Math.sqrt(blocks * (blocks + 1.0) * (2 * blocks + 1) / 24);
        return Math.floor(blocks * (blocks + 1) / 4.0 - NORMAL.inverseCumulativeProbability(1 - alpha) * spread - 0.5) >= 1;
    }

    /** Every (dᵢ + dⱼ) / 2 with i ≤ j, sorted. */
    static double[] walshAverages(double[] d) {
        double[] walsh = new double[d.length * (d.length + 1) / 2];
        int next = 0;
        for (int i = 0; i < d.length; i++) {
            for (int j = i; j < d.length; j++) {
                walsh[next++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        return walsh;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
