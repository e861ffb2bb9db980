package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.engine.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How many discarded settle trials each side runs before a scenario's measured ones. */
@Tag("unit")
class JitSettleTest {

    private static final Duration TRIAL = Duration.ofSeconds(3);

    /** Runs the settle loop, each side's replies taken in turn from its list; returns the sides in the order they ran. */
    private static List<Side> drive(JitSettle settle, List<Long> base, List<Long> head) {
        Iterator<Long> baseReplies = base.iterator();
        Iterator<Long> headReplies = head.iterator();
        List<Side> ran = new ArrayList<>();
        for (Optional<Side> next = settle.next(); next.isPresent(); next = settle.next()) {
            Side side = next.get();
            ran.add(side);
            settle.ran(side, (side == Side.BASE ? baseReplies : headReplies).next());
        }
        return ran;
    }

    @Test
    void theSidesAlternateUntilEachCompiledAtMostATenthOfATrialSinceItsPreviousReply() {
        // The cumulative compile times measured after a full warm-up at 20k records/s (AMD EPYC, 2 cores).
        JitSettle settle = new JitSettle(TRIAL, Map.of(Side.BASE, 20_284L, Side.HEAD, 33_574L), 0.10, 6);
        List<Side> ran = drive(settle,
                List.of(29_647L, 32_584L, 32_768L),            // +9363, +2937, +184: settled on its third
                List.of(37_491L, 44_079L, 45_634L, 45_792L));  // +3917, +6588, +1555, +158: on its fourth

        assertEquals(List.of(Side.BASE, Side.HEAD, Side.BASE, Side.HEAD, Side.BASE, Side.HEAD, Side.HEAD), ran);
        assertEquals(3, settle.runs(Side.BASE));
        assertEquals(4, settle.runs(Side.HEAD));
        assertTrue(settle.line().startsWith("settle trials (not measured): base 3, head 4; compiling since the previous reply: "
                + "base 184 ms, head 158 ms"), settle.line());
        assertFalse(settle.line().contains("still compiling"), settle.line());
    }

    @Test
    void exactlyTheBoundIsSettledAndOneMillisecondMoreIsNot() {
        JitSettle settle = new JitSettle(TRIAL, Map.of(Side.BASE, 0L, Side.HEAD, 0L), 0.10, 6);
        assertEquals(List.of(Side.BASE, Side.HEAD, Side.HEAD), drive(settle, List.of(300L), List.of(301L, 600L)));
    }

    @Test
    void aSideStillCompilingStopsAtTheMostAndTheLineSaysItWasMeasuredAnyway() {
        JitSettle settle = new JitSettle(TRIAL, Map.of(Side.BASE, 0L, Side.HEAD, 0L), 0.10, 3);
        List<Side> ran = drive(settle, List.of(50L), List.of(1_000L, 2_000L, 3_000L));

        assertEquals(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.HEAD), ran);
        assertTrue(settle.spent(Side.HEAD));
        assertFalse(settle.spent(Side.BASE));
        assertTrue(settle.line().endsWith("; still compiling more than 300 ms after 3: head (measured anyway; the ABBA order and "
                + "the base's control guard the verdict)"), settle.line());
    }

    @Test
    void aWorkerOfAnOlderGateThatDoesNotSayIsNotWaitedFor() {
        JitSettle settle = new JitSettle(TRIAL, Map.of(Side.BASE, -1L, Side.HEAD, 5_000L), 0.10, 6);
        assertEquals(List.of(Side.HEAD, Side.HEAD), drive(settle, List.of(), List.of(6_000L, 6_100L)));
        assertTrue(settle.line().contains("base unknown (an older gate's worker)"), settle.line());

        JitSettle neither = new JitSettle(TRIAL, Map.of(), 0.10, 6);
        assertEquals(List.of(), drive(neither, List.of(), List.of()));
    }
}
