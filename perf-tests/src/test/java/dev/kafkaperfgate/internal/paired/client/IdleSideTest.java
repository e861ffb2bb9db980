package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.engine.Side;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A side that works while the other measures is refused by name; an idle side's wake-ups are not. */
@Tag("unit")
class IdleSideTest {

    @Test
    void aHeadBurningHalfACpuDuringTheBasesWindowsIsRefusedByName() {
        String message = IdleSide.refusal(Side.HEAD, 24_000, 48_000, 200, 48_000).orElseThrow();
        assertTrue(message.startsWith("the head's processes used 50% of a CPU while the base measured (24000 ms of CPU in 48000 ms"
                + " of its windows), the base's 0.4% while the head measured"), message);
        assertTrue(message.endsWith("so this scenario is not judged"), message);
    }

    @Test
    void theBaseIsNamedToo() {
        assertTrue(IdleSide.refusal(Side.BASE, 6_000, 48_000, 0, 48_000).orElseThrow().startsWith("the base's processes used 13%"));
    }

    @Test
    void anIdleSidesFewWakeUpsAndUnreadTimeAreNoRefusal() {
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 480, 48_000, 0, 48_000), "1% of a CPU");
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 4_800, 48_000, 0, 48_000), "exactly the limit");
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 0, 0, 0, 0), "nothing measured");
    }

    @Test
    void twoSidesStillCompilingAlikeAreNoRefusalButOneWorkingUnlikeTheOtherIs() {
        // A 3 s warm-up: both JITs still compile while the other measures (15% measured here).
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 1_050, 7_000, 700, 7_000), "15% against 10%");
        assertTrue(IdleSide.refusal(Side.HEAD, 2_400, 7_000, 500, 7_000).isPresent(), "34% against 7%");
    }

    @Test
    void oneJitBurstInAShortMeasurementIsNoRefusal() {
        // Under act: 2 blocks, 4 s of the base's windows; the head compiled 400 ms of it, the base nothing.
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 400, 4_000, 0, 4_000), "10%, but under 1 s in all");
        assertTrue(IdleSide.refusal(Side.HEAD, 3_200, 4_000, 0, 4_000).isPresent(), "a burner: 80% of 4 s");
    }

    @Test
    void theJitFinishingItsCompilesIsCountedApartUpToHalfACpu() {
        // Measured: an unsettled idle JVM's C2 thread, 1,070 ms over 9 s of the other's windows (12%).
        assertEquals(java.util.Optional.empty(), IdleSide.jitRefusal(Side.HEAD, 1_070, 9_000));
        assertEquals(java.util.Optional.empty(), IdleSide.jitRefusal(Side.HEAD, 600, 1_000), "60%, but under 1 s in all");
        String message = IdleSide.jitRefusal(Side.HEAD, 6_000, 10_000).orElseThrow();
        assertTrue(message.startsWith("the head's JIT compiled for 60% of a CPU while the base measured (6000 ms in 10000 ms"), message);
        assertTrue(message.endsWith("(more settle windows: -Dperf.paired.settle)"), message);
    }
}
