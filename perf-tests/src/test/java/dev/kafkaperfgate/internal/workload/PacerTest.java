package dev.kafkaperfgate.internal.workload;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class PacerTest {

    @Test
    void aFixedRateSpacesIntendedSendsEvenlyAndNeverSendsEarly() {
        FakeClock clock = new FakeClock(1_000);
        Pacer pacer = Pacer.fixedRate(1_000, clock); // 1 ms apart
        assertEquals(1_000, pacer.awaitSlot(0));
        assertEquals(1_001_000, pacer.awaitSlot(1));
        assertEquals(1_001_000, clock.nanoTime(), "waited until the slot was due");
        assertEquals(2_001_000, pacer.awaitSlot(2));
    }

    @Test
    void aClientBehindScheduleSendsAtOnceAndKeepsTheIntendedTime() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = Pacer.fixedRate(1_000, clock);
        clock.advance(10_000_000); // a 10 ms stall: slots 1..10 are all overdue
        assertEquals(5_000_000, pacer.awaitSlot(5), "the intended time, not the actual one");
        assertEquals(10_000_000, clock.nanoTime(), "no waiting when behind");
        // response time = ack - intended keeps the 5 ms of lateness that service time would hide
        assertTrue(clock.nanoTime() - pacer.awaitSlot(5) == 5_000_000);
    }

    @Test
    void restartBeginsTheScheduleAgainAtTheCurrentTime() {
        FakeClock clock = new FakeClock(0);
        Pacer pacer = Pacer.fixedRate(100, clock);
        pacer.awaitSlot(3);
        clock.advance(1_000_000_000);
        pacer.restart();
        assertEquals(clock.nanoTime(), pacer.awaitSlot(0));
    }

    @Test
    void unlimitedNeverWaits() {
        FakeClock clock = new FakeClock(42);
        Pacer pacer = Pacer.unlimited(clock);
        assertTrue(pacer.isUnlimited());
        assertEquals(42, pacer.awaitSlot(1_000_000));
        assertEquals(42, clock.nanoTime());
    }

    @Test
    void aRateMustBePositive() {
        FakeClock clock = new FakeClock(0);
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(0, clock));
        assertThrows(IllegalArgumentException.class, () -> Pacer.fixedRate(Double.NaN, clock));
    }
}
