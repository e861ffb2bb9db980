package dev.kafkaperfgate.internal.engine;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A paired measurement that grows while a verdict is INCONCLUSIVE keeps its blocks and their run order. */
class PairedMeasurementTest {

    @Test
    void moreBlocksFollowTheFirstInRunOrderAndJoinItsBlocks() {
        PairedMeasurement first = measurement(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE), 100);
        PairedMeasurement more = measurement(List.of(Side.HEAD, Side.BASE, Side.BASE, Side.HEAD), 200);
        PairedMeasurement grown = first.append(more);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8), grown.trials().stream().map(PairedMeasurement.Trial::number).toList());
        assertEquals(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE, Side.HEAD, Side.BASE, Side.BASE, Side.HEAD),
                grown.trials().stream().map(PairedMeasurement.Trial::side).toList());
        // Two blocks now, each with the base's and the head's values of its own four trials.
        List<?> blocks = grown.blocks().get(Metric.THROUGHPUT);
        assertEquals(2, blocks.size());
        assertEquals(new dev.kafkaperfgate.internal.verdict.PairedTest.Block(101, 104, 102, 103), blocks.get(0));
        assertEquals(new dev.kafkaperfgate.internal.verdict.PairedTest.Block(202, 203, 201, 204), blocks.get(1));
        assertEquals(first.baseDefinition(), grown.baseDefinition());
    }

    /** Four trials whose throughput is {@code base} plus the trial's number. */
    private static PairedMeasurement measurement(List<Side> order, double base) {
        List<PairedMeasurement.Trial> trials = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            trials.add(new PairedMeasurement.Trial(order.get(i), i + 1, Map.of(Metric.THROUGHPUT, base + i + 1)));
        }
        return new PairedMeasurement(trials, JsonNodeFactory.instance.objectNode().put("side", "base"),
                JsonNodeFactory.instance.objectNode().put("side", "head"));
    }
}
