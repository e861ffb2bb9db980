package dev.kafkaperfgate.internal.engine;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Tag("unit")
class TrialOrderTest {

    @Test
    void blocksAlternateAbbaAndBaab() {
        assertEquals("ABBABAABABBA", TrialOrder.text(TrialOrder.of(3)));
    }

    @Test
    void eachSideGoesFirstEquallyOftenOverAnEvenNumberOfBlocks() {
        String order = TrialOrder.text(TrialOrder.of(6));
        long baseFirst = java.util.stream.IntStream.range(0, 6).filter(block -> order.charAt(block * 4) == 'A').count();
        assertEquals(3, baseFirst);
        assertEquals(12, order.chars().filter(c -> c == 'B').count());
    }

    @Test
    void refusesNoBlocks() {
        assertThrows(IllegalArgumentException.class, () -> TrialOrder.of(0));
    }
}
