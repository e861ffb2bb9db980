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
        String message = IdleSide.refusal(Side.HEAD, 24_000, 48_000).orElseThrow();
        assertTrue(message.startsWith("the head's processes used 50% of a CPU while the base measured (24000 ms of CPU in 48000 ms"),
                message);
        assertTrue(message.endsWith("so this scenario is not judged"), message);
    }

    @Test
    void theBaseIsNamedToo() {
        assertTrue(IdleSide.refusal(Side.BASE, 6_000, 48_000).orElseThrow().startsWith("the base's processes used 13%"));
    }

    @Test
    void anIdleSidesFewWakeUpsAndUnreadTimeAreNoRefusal() {
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 480, 48_000), "1% of a CPU");
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 4_800, 48_000), "exactly the limit");
        assertEquals(java.util.Optional.empty(), IdleSide.refusal(Side.HEAD, 0, 0), "nothing measured");
    }
}
