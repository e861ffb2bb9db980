package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rule that spares the whole client (issue 72), on duel figures: the same output and the
 * base's own work outside the call pass; each way out of the call, one at a time, does not, and
 * no duel at all is never taken for "confined".
 */
@Tag("unit")
class ConfinedRuleTest {

    private static final double[] QUIET = {40, 0, 0, 0};

    @Test
    void theSameOutputAndTheBasesOwnNoiseAreConfined() {
        assertEquals(Optional.empty(), Confined.why(List.of(duel(QUIET, new double[] {130, 4, 0, 80}, "a", "a"),
                duel(QUIET, new double[] {60, 0, 0, 0}, "a", "a"))));
    }

    @Test
    void eachWayOutOfTheCallIsNamed() {
        assertTrue(why(new double[] {40, 0, 1, 0}, "a").contains("started 1 more threads"));
        assertTrue(why(new double[] {40, 0, 0, 50_000}, "a").contains("off the CPU"));
        assertTrue(why(new double[] {900, 0, 0, 0}, "a").contains("other threads used"));
        assertTrue(why(new double[] {40, 200, 0, 0}, "a").contains("other threads allocated"));
        assertTrue(why(QUIET, "b").contains("output differs"));
        assertTrue(why(QUIET, "varies").contains("differs between calls or copies"));
    }

    @Test
    void noDuelOrAnOutputThatCannotBeComparedIsNeverConfined() {
        assertEquals(Optional.of("no duel measured it"), Confined.why(List.of()));
        assertTrue(Confined.why(List.of(duel(QUIET, QUIET, "n/a", "n/a"))).orElseThrow().contains("cannot be compared"));
        assertTrue(Confined.why(List.of(duel(QUIET, QUIET, "varies", "varies"))).orElseThrow().contains("cannot be compared"));
    }

    /**
     * A deserializer fed only other serializers' bytes: its output is not compared (n/a), but the
     * rest holds as for any component: no duel is never confined, and work outside its call is named.
     */
    @Test
    void withoutItsOutputTheWorkOutsideTheCallStillDecides() {
        assertEquals(Optional.empty(), Confined.why(List.of(duel(QUIET, QUIET, "n/a", "n/a")), false));
        assertEquals(Optional.of("no duel measured it"), Confined.why(List.of(), false));
        assertTrue(Confined.why(List.of(duel(QUIET, new double[] {130, 4, 2, 80}, "n/a", "n/a")), false).orElseThrow()
                .contains("started 2 more threads"));
        assertTrue(Confined.why(List.of(duel(QUIET, QUIET, "n/a", "n/a")), true).orElseThrow().contains("cannot be compared"),
                "with its output asked for, n/a is never confined");
    }

    private static String why(double[] head, String headOutput) {
        return Confined.why(List.of(duel(QUIET, head, "a", headOutput))).orElse("confined");
    }

    /** A duel of a 1 µs, 100 B call. */
    private static Confined.Duel duel(double[] base, double[] head, String baseOutput, String headOutput) {
        return new Confined.Duel(Map.of(Side.BASE, base, Side.HEAD, head), Map.of(Side.BASE, baseOutput, Side.HEAD, headOutput), 1000, 100);
    }
}
