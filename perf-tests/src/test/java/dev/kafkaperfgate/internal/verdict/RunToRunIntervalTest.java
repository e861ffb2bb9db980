package dev.kafkaperfgate.internal.verdict;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class RunToRunIntervalTest {

    /**
     * Worked by hand: logs ln100 ± 0.1 give mean ln100 and sd 0.1; the standard error of a new run
     * is 0.1·√(1 + 1/3) = 0.115470; Student's t with 2 degrees of freedom has
     * t(0.95) = 2.919986 and t(0.80) = 1.060660 (any t table).
     */
    @Test
    void matchesAHandWorkedPredictionInterval() {
        double[] baseline = {100 * Math.exp(0.1), 100, 100 * Math.exp(-0.1)};
        RunToRunInterval.Comparison same = RunToRunInterval.compare(100, baseline, 0.05, 0.8);
        assertEquals(100, same.baselineCenter(), 1e-9);
        assertEquals(1, same.ratio(), 1e-12);
        assertEquals(0.1, same.runToRunSd(), 1e-12);
        assertEquals(Math.exp(-2.919986 * 0.115470), same.low(), 1e-5);
        assertEquals(Math.exp(2.919986 * 0.115470), same.high(), 1e-5);
        assertEquals((2.919986 + 1.060660) * 0.115470, same.mdeLog(), 1e-5);

        RunToRunInterval.Comparison lower = RunToRunInterval.compare(50, baseline, 0.05, 0.8);
        assertEquals(0.5, lower.ratio(), 1e-12);
        assertTrue(lower.high() < 1, "half the throughput is outside the interval: " + lower);
    }

    @Test
    void tenRunsNarrowTheIntervalAsTheTQuantileShrinks() {
        // t(0.95) with 9 degrees of freedom is 1.833113.
        double[] baseline = {100, 100, 100, 100, 100, 110, 110, 110, 110, 110};
        RunToRunInterval.Comparison comparison = RunToRunInterval.compare(105, baseline, 0.05, 0.8);
        double sd = Math.log(1.1) / 2 * Math.sqrt(10.0 / 9);
        assertEquals(sd, comparison.runToRunSd(), 1e-12);
        assertEquals(Math.exp(Math.log(105 / comparison.baselineCenter()) + 1.833113 * sd * Math.sqrt(1.1)), comparison.high(), 1e-5);
    }

    @Test
    void refusesWhatItCannotTest() {
        assertThrows(IllegalArgumentException.class, () -> RunToRunInterval.compare(1, new double[] {1}, 0.05, 0.8));
        assertThrows(IllegalArgumentException.class, () -> RunToRunInterval.compare(0, new double[] {1, 2}, 0.05, 0.8));
        assertThrows(IllegalArgumentException.class, () -> RunToRunInterval.compare(1, new double[] {1, Double.NaN}, 0.05, 0.8));
        assertThrows(IllegalArgumentException.class, () -> RunToRunInterval.compare(1, new double[] {1, 2}, 0.6, 0.8));
    }
}
