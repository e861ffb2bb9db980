package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine's steal from /proc/stat's summary line, in milliseconds; what the kernel does not say is unknown, never 0. */
@Tag("unit")
class MachineStealTest {

    @Test
    void readsTheStealColumnOfTheSummaryLineInTicksOfTenMilliseconds() {
        // This machine's line on 2026-11-27: user nice system idle iowait irq softirq steal guest guest_nice.
        assertEquals(OptionalLong.of(428_300), MachineSteal.parse("cpu  8979030 6073 1360722 5115182 23519 0 204177 42830 0 0"));
    }

    @Test
    void aLineWithoutStealOrNotTheSummaryIsUnknown() {
        assertEquals(OptionalLong.empty(), MachineSteal.parse("cpu  8979030 6073 1360722 5115182"), "a kernel before 2.6.11");
        assertEquals(OptionalLong.empty(), MachineSteal.parse("cpu0 4367013 2935 757801 2562722 13363 0 104394 23493 0 0"));
        assertEquals(OptionalLong.empty(), MachineSteal.parse("cpu  1 2 3 4 5 6 7 x 0 0"));
    }

    @Test
    void thisMachineSaysItsSteal() {
        // Linux here (the gate's CI and its runners): the figure is known and grows, never falls.
        OptionalLong first = MachineSteal.millis();
        assertTrue(first.isPresent(), "/proc/stat has a steal column on Linux");
        assertTrue(MachineSteal.millis().getAsLong() >= first.getAsLong());
    }
}
