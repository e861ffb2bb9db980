package dev.kafkaperfgate.internal.verdict;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The p99's signed-rank test: one stalled window cannot swing it; a head slower in every block does. */
@Tag("unit")
class SignedRankTest {

    private static final double ALPHA = 0.001;

    /** 16 blocks whose head is {@code ratio} times the base, with a little alternating noise. */
    private static List<PairedT.Block> blocks(double ratio) {
        List<PairedT.Block> blocks = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            double noise = 1 + (i % 2 == 0 ? 0.03 : -0.03) * (1 + i % 3);
            double headNoise = 1 + (i % 3 == 0 ? 0.02 : -0.01);
            blocks.add(new PairedT.Block(1000, 1000 * noise, 1000 * ratio * headNoise, 1000 * ratio));
        }
        return blocks;
    }

    @Test
    void oneStalledWindowDoesNotMakeARegressionWhileTheTTestFollowsIt() {
        List<PairedT.Block> aa = blocks(1.0);
        // One head window stalled twentyfold: a GC pause, the machine taking the CPU.
        aa.set(5, new PairedT.Block(1000, 1000, 20_000, 1000));
        RunToRunInterval.Comparison ranks = SignedRank.compare(aa, ALPHA, 0.8);
        assertTrue(ranks.low() <= 1, "no significant rise: " + ranks);
        assertEquals(1.0, ranks.ratio(), 0.05, "the typical block moved little");
        RunToRunInterval.Comparison t = PairedT.compare(aa, ALPHA, 0.8).comparison();
        assertTrue(t.ratio() > 1.08, "the t's mean log-ratio follows the one stall: " + t.ratio());
    }

    @Test
    void aHeadSlowerInEveryBlockIsSignificant() {
        RunToRunInterval.Comparison slower = SignedRank.compare(blocks(1.3), ALPHA, 0.8);
        assertTrue(slower.low() > 1, slower.toString());
        assertEquals(1.3, slower.ratio(), 0.03);
        assertTrue(Math.exp(slower.mdeLog()) - 1 < 0.3, "an MDE below the effect: " + slower.mdeLog());
        RunToRunInterval.Comparison faster = SignedRank.compare(blocks(0.75), ALPHA, 0.8);
        assertTrue(faster.high() < 1, faster.toString());
    }

    @Test
    void tooFewBlocksForTheAlphaAreNeverSignificantAndSaySo() {
        assertFalse(SignedRank.reachable(8, ALPHA), "8 blocks cannot reach α 0.001: 2⁻⁸ is 0.0039");
        assertTrue(SignedRank.reachable(16, ALPHA));
        RunToRunInterval.Comparison few = SignedRank.compare(blocks(2.0).subList(0, 8), ALPHA, 0.8);
        assertTrue(few.low() <= 1 && few.high() >= 1, "never significant: " + few);
        assertTrue(Double.isFinite(few.mdeLog()) && Math.exp(few.mdeLog()) - 1 > 100, "an MDE no threshold passes, finite for summary.json");
    }
}
