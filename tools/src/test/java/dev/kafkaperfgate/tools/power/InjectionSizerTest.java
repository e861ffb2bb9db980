package dev.kafkaperfgate.tools.power;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search for an injection's size, on the curves gate-power met on the pinned 2-core machine. */
@Tag("unit")
class InjectionSizerTest {

    @Test
    void beforeAnyProbeTheFirstSizeIsProbed() {
        assertEquals(700, new InjectionSizer(-10, 700).next());
    }

    @Test
    void anOvershootIsInterpolatedTowardSizeZeroThenBetweenTheBracket() {
        // The measured case: 1300 ns cost 31.3% of throughput, 416 ns nothing.
        InjectionSizer sizer = new InjectionSizer(-10, 1300);
        sizer.probed(1300, -31.3);
        // Between (0, 0%) and (1300, -31.3%): 1300 × 10 / 31.3 = 415.3.
        assertEquals(415.3, sizer.next(), 0.1);
        sizer.probed(416, +0.5);
        // +0.5% is the wrong way (progress -0.05), counted as none: 416 + (1 / 3.13) × 884 = 698.4.
        assertEquals(698.4, sizer.next(), 0.2);
        sizer.probed(700, -14);
        // Between (416, 0%) and (700, -14%): 416 + (10 / 14) × 284 = 618.9.
        assertFalse(sizer.done());
        assertEquals(618.9, sizer.next(), 0.1);
        sizer.probed(619, -9);
        assertTrue(sizer.done());
        assertEquals(619, sizer.next());
        assertEquals("[1300→-31.3%, 416→+0.5%, 700→-14.0%, 619→-9.0%]", sizer.toString());
    }

    @Test
    void aShortfallScalesUpByGoalOverEffect() {
        // 3.3 µs of burn measured +5% CPU per record against a +10% goal: twice the size.
        InjectionSizer sizer = new InjectionSizer(10, 3300);
        sizer.probed(3300, 5);
        assertEquals(6600, sizer.next(), 0.1);
    }

    @Test
    void aProbeThatMovedNothingOrTheWrongWayScalesUpByTheLargestStep() {
        InjectionSizer sizer = new InjectionSizer(-5, 500);
        sizer.probed(500, +1.0);
        assertEquals(500 * InjectionSizer.MAX_STEP, sizer.next());
        sizer.probed(2000, +0.2);
        assertEquals(2000 * InjectionSizer.MAX_STEP, sizer.next());
    }

    @Test
    void landingWithinAQuarterOfTheGoalEndsTheSearch() {
        InjectionSizer inside = new InjectionSizer(25, 1000);
        inside.probed(1000, 31);
        assertTrue(inside.done());
        InjectionSizer outside = new InjectionSizer(25, 1000);
        outside.probed(1000, 32);
        assertFalse(outside.done());
        // Past the goal by 28%: interpolated toward zero, 1000 × 25 / 32.
        assertEquals(781.25, outside.next(), 0.01);
    }

    @Test
    void aGoalOfZeroOrANonPositiveSizeIsRefused() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new InjectionSizer(0, 100)).getMessage().contains("non-zero"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new InjectionSizer(10, 0)).getMessage().contains("positive"));
        InjectionSizer sizer = new InjectionSizer(10, 100);
        assertThrows(IllegalArgumentException.class, () -> sizer.probed(100, Double.NaN));
    }
}
