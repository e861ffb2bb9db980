package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadyStateDetectorTest {

    private static final long SECOND = 1_000_000_000L;
    private static final WarmupPolicy POLICY = new WarmupPolicy(Duration.ofSeconds(10), Duration.ofSeconds(40),
            Duration.ofSeconds(2), 3, 0.10);

    @Test
    void aClimbingThroughputIsNotSteady() {
        // The shape measured on a fresh broker: 41.7k, 58.7k, 65.8k records/s.
        SteadyStateDetector steady = new SteadyStateDetector(POLICY);
        List.of(41_700.0, 58_700.0, 65_800.0).forEach(steady::addWindow);
        assertFalse(steady.isSteady());
        assertFalse(steady.isDone(12 * SECOND));
    }

    @Test
    void windowsWithinTheToleranceAreSteadyButOnlyAfterTheMinimum() {
        SteadyStateDetector steady = new SteadyStateDetector(POLICY);
        List.of(41_700.0, 65_000.0, 66_000.0, 68_000.0).forEach(steady::addWindow);
        assertTrue(steady.isSteady(), "spread 3k of 66.3k is under 10%");
        assertFalse(steady.isDone(8 * SECOND), "the minimum warm-up still applies");
        assertTrue(steady.isDone(10 * SECOND));
    }

    @Test
    void theMaximumEndsWarmUpEvenWhenNeverSteady() {
        SteadyStateDetector steady = new SteadyStateDetector(POLICY);
        List.of(10.0, 20.0, 40.0).forEach(steady::addWindow);
        assertFalse(steady.isDone(39 * SECOND));
        assertTrue(steady.isDone(40 * SECOND));
        assertFalse(steady.isSteady(), "and it says so");
    }

    @Test
    void onlyTheLastWindowsCount() {
        SteadyStateDetector steady = new SteadyStateDetector(POLICY);
        List.of(1.0, 100.0, 100.0, 100.0).forEach(steady::addWindow);
        assertTrue(steady.isSteady());
        assertEquals(List.of(1.0, 100.0, 100.0, 100.0), steady.windows());
    }

    @Test
    void noWarmUpIsDoneAtOnce() {
        assertTrue(new SteadyStateDetector(WarmupPolicy.NONE).isDone(0));
    }
}
