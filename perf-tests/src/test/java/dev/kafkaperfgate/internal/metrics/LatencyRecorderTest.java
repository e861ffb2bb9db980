package dev.kafkaperfgate.internal.metrics;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Tag("unit")
class LatencyRecorderTest {

    @Test
    void drainsAddUpToThePhaseTotals() {
        LatencyRecorder latencies = new LatencyRecorder(true);
        latencies.record(100, 150);
        latencies.record(300, 900);
        LatencyRecorder.Interval first = latencies.drain();
        assertEquals(2, first.count());
        assertEquals(200.0, first.meanMicros(), 1.0);
        latencies.record(500, 500);
        assertEquals(1, latencies.drain().count(), "an interval holds only what came after the last drain");
        assertEquals(3, latencies.count());
        assertEquals(900, latencies.response().getMaxValue(), 1.0);
        assertEquals(500, latencies.service().getMaxValue(), 1.0);
    }

    @Test
    void responseTimeIsOnlyKeptUnderATargetRate() {
        LatencyRecorder latencies = new LatencyRecorder(false);
        latencies.record(100, 5_000);
        latencies.drain();
        assertNull(latencies.response());
        assertEquals(1, latencies.count());
    }
}
