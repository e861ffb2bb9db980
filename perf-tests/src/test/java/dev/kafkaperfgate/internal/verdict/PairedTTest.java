package dev.kafkaperfgate.internal.verdict;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Tag("unit")
class PairedTTest {

    /**
     * Worked by hand: block log-ratios d = ln 0.9 and ln 0.8; mean −0.164252 (ratio √0.72 = 0.848528);
     * SD |d₁ − d₂| / √2 = 0.083285; SE = SD / √2 = 0.058892; Student's t with 1 degree of freedom at
     * 0.95 is 6.313752, at 0.8 is 1.376382: interval exp(−0.164252 ± 6.313752 · 0.058892) = 0.585 .. 1.231,
     * MDE (6.313752 + 1.376382) · 0.058892 = 0.452884.
     */
    @Test
    void twoBlocksWorkedByHand() {
        PairedT.Result result = PairedT.compare(List.of(new PairedT.Block(100, 100, 90, 90),
                new PairedT.Block(100, 100, 80, 80)), 0.05, 0.8);
        RunToRunInterval.Comparison c = result.comparison();
        assertEquals(0.848528, c.ratio(), 1e-6);
        assertEquals(0.585038, c.low(), 1e-6);
        assertEquals(1.230689, c.high(), 1e-6);
        assertEquals(0.083285, c.runToRunSd(), 1e-6);
        assertEquals(0.452884, c.mdeLog(), 1e-6);
        assertEquals(100, c.baselineCenter(), 1e-9);
        assertEquals(Math.sqrt(90 * 80), c.current(), 1e-9);
        assertEquals(2, c.runs());
        assertEquals(0, result.controlLog(), 1e-12, "a base that repeats itself exactly has no drift");
    }

    /** A drift that is linear on the log scale cancels inside ABBA: the head's −10% is all that remains. */
    @Test
    void linearDriftCancelsInsideABlock() {
        List<PairedT.Block> blocks = new ArrayList<>();
        for (int block = 0; block < 6; block++) {
            int t = block * 4;
            // ABBA: base at t and t+3, head at t+1 and t+2, everything climbing 5% per trial.
            blocks.add(new PairedT.Block(level(t), level(t + 3), 0.9 * level(t + 1), 0.9 * level(t + 2)));
        }
        RunToRunInterval.Comparison c = PairedT.compare(blocks, 0.03, 0.8).comparison();
        assertEquals(0.9, c.ratio(), 1e-12);
        assertEquals(0.9, c.high(), 1e-9, "no noise is left, so the interval closes on the ratio");
    }

    /** Base 100, 110 in the first block and 120, 130 in the second: later half over earlier = √(130·120 / (100·110)). */
    @Test
    void controlComparesTheBasesLaterTrialsWithItsEarlierOnes() {
        double control = PairedT.compare(List.of(new PairedT.Block(100, 110, 100, 100),
                new PairedT.Block(120, 130, 100, 100)), 0.05, 0.8).controlLog();
        assertEquals(0.5 * Math.log(130.0 * 120 / (100 * 110)), control, 1e-12);
    }

    @Test
    void refusesWhatCannotBeTested() {
        assertThrows(IllegalArgumentException.class, () -> PairedT.compare(List.of(new PairedT.Block(1, 1, 1, 1)), 0.05, 0.8));
        assertThrows(IllegalArgumentException.class, () -> PairedT.compare(List.of(new PairedT.Block(1, 1, 1, 1),
                new PairedT.Block(1, 1, 0, 1)), 0.05, 0.8));
        assertThrows(IllegalArgumentException.class, () -> PairedT.compare(List.of(new PairedT.Block(1, 1, 1, 1),
                new PairedT.Block(1, 1, 1, 1)), 0.6, 0.8));
    }

    private static double level(int trial) {
        return 100 * Math.exp(0.05 * trial);
    }
}
