package dev.kafkaperfgate.internal.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A paired measurement that grows while a verdict is INCONCLUSIVE keeps its blocks, their run order and their stalls. */
@Tag("unit")
class PairedMeasurementTest {

    @Test
    void moreBlocksFollowTheFirstInRunOrderAndJoinItsBlocks() {
        PairedMeasurement first = measurement(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE), 100);
        PairedMeasurement more = measurement(List.of(Side.HEAD, Side.BASE, Side.BASE, Side.HEAD), 200);
        PairedMeasurement grown = first.append(more);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), grown.stretches().stream().map(PairedMeasurement.Stretch::number).toList());
        assertEquals(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE, Side.HEAD, Side.BASE, Side.BASE, Side.HEAD),
                grown.stretches().stream().map(PairedMeasurement.Stretch::side).toList());
        // Two blocks now, each with the base's and the head's values of its own four trials, and which side went first.
        List<?> blocks = grown.blocks().get(Metric.THROUGHPUT);
        assertEquals(2, blocks.size());
        assertEquals(new dev.kafkaperfgate.internal.verdict.PairedT.Block(101, 104, 102, 103), blocks.get(0));
        assertEquals(new dev.kafkaperfgate.internal.verdict.PairedT.Block(202, 203, 201, 204, false), blocks.get(1));
        assertEquals(first.baseDefinition(), grown.baseDefinition());
    }

    @Test
    void stallsKeepTheirWindowsThroughAGrowthAndAreLeftOutWhereNoneWereRecorded() {
        PairedMeasurement none = measurement(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE), 100);
        assertTrue(none.stallsLine().isEmpty());
        assertFalse(none.toJson().has("stalls"), "an older worker's windows say nothing of stalls");

        List<PairedMeasurement.Stretch> stalled = new ArrayList<>();
        List<Side> order = List.of(Side.HEAD, Side.BASE, Side.BASE, Side.HEAD);
        for (int i = 0; i < order.size(); i++) {
            stalled.add(new PairedMeasurement.Stretch(order.get(i), i + 1, Map.of(Metric.THROUGHPUT, 200.0), Map.of(), Map.of(),
                    Map.of("gcPauseMillis", i == 3 ? 25.0 : 0.0, "stealMillis", 0.0)));
        }
        PairedMeasurement grown = none.append(new PairedMeasurement(stalled, null, null));
        // The first block's trials recorded none: no side has a stall in every window, so nothing is charted.
        assertFalse(grown.toJson().path("stalls").path("head").has("gcPauseMillis"), grown.toJson().path("stalls").toString());
        PairedMeasurement alone = new PairedMeasurement(stalled, null, null);
        assertEquals("[0.0,25.0]", alone.toJson().path("stalls").path("head").path("gcPauseMillis").toString());
        assertEquals("GC pauses: base 0 ms in 2, head 25 ms in 1 of 2 (longest 25 ms); the machine's steal: base 0 ms in 2, head 0 ms in 2",
                alone.stallsLine().orElseThrow());
    }

    /** Four trials whose throughput is {@code base} plus the trial's number. */
    private static PairedMeasurement measurement(List<Side> order, double base) {
        List<PairedMeasurement.Stretch> trials = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            trials.add(new PairedMeasurement.Stretch(order.get(i), i + 1, Map.of(Metric.THROUGHPUT, base + i + 1)));
        }
        return new PairedMeasurement(trials, JsonNodeFactory.instance.objectNode().put("side", "base"),
                JsonNodeFactory.instance.objectNode().put("side", "head"));
    }
}
