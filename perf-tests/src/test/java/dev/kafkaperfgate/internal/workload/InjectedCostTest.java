package dev.kafkaperfgate.internal.workload;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The size gate-power's search scales is the injection's own unit, and rescaling keeps the rest. */
@Tag("unit")
class InjectedCostTest {

    @Test
    void aBurnIsSizedInNanosecondsAndKeepsHowOftenItBurns() {
        InjectedCost spike = new InjectedCost(1_000_000, 100);
        assertEquals(1_000_000, spike.magnitude());
        assertEquals(new InjectedCost(250_000, 100, 0), spike.withMagnitude(250_000));
    }

    @Test
    void anAllocationIsSizedInBytesAndKeepsAnyBurn() {
        InjectedCost alloc = new InjectedCost(50, 1, 420);
        assertEquals(420, alloc.magnitude());
        assertEquals(new InjectedCost(50, 1, 610), alloc.withMagnitude(610));
    }

    @Test
    void aSizeOutsideTheUnitsRangeIsRefused() {
        assertThrows(ArithmeticException.class, () -> new InjectedCost(0, 1, 420).withMagnitude(1L << 40));
        assertThrows(IllegalArgumentException.class, () -> new InjectedCost(600, 1).withMagnitude(-1));
    }
}
