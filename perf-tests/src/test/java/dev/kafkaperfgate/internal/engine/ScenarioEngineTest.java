package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.PairedTest;
import dev.kafkaperfgate.internal.verdict.Verdict;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine's flow on scripted measurements: keep measuring while inconclusive, confirm a flag, settle. */
class ScenarioEngineTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final ScenarioEngine engine = new ScenarioEngine(GatePolicy.forSuite(23, Map.of()),
            new PrintStream(printed, true, StandardCharsets.UTF_8));

    /** Blocks of a component's CPU ns/op: the head's two values against the base's 100 and 100. */
    private static PairedTest.Block block(double head1, double head2) {
        return new PairedTest.Block(100, 100, head1, head2);
    }

    /** A measurer whose measurements are scripted, one list of blocks per measure or extend call, appended as a real one grows. */
    private static final class Scripted implements Measurer<List<PairedTest.Block>> {
        private final List<List<PairedTest.Block>> script;
        private final int looks;
        private int calls;
        private int freshened;

        Scripted(int looks, List<List<PairedTest.Block>> script) {
            this.looks = looks;
            this.script = script;
        }

        @Override
        public List<PairedTest.Block> measure(boolean confirmation) {
            return new ArrayList<>(script.get(calls++));
        }

        @Override
        public List<PairedTest.Block> extend(List<PairedTest.Block> measurement) {
            List<PairedTest.Block> grown = new ArrayList<>(measurement);
            grown.addAll(script.get(calls++));
            return grown;
        }

        @Override
        public int maxLooks() {
            return looks;
        }

        @Override
        public Evidence evidence(List<PairedTest.Block> blocks) {
            return new Evidence.Paired("orders-publish", "value.serializer com.acme.OrderSerializer",
                    Map.of(Metric.COMPONENT_CPU_NS_PER_OP, blocks), Thresholds.UNSET, List.of());
        }

        @Override
        public void freshen() {
            freshened++;
        }

        @Override
        public String confirmationWay() {
            return "a second set of duels";
        }
    }

    @Test
    void anInconclusiveComponentIsMeasuredMoreUntilItIsDecided() {
        // Noisy at first (+/-8% between blocks), then steady: a later look decides it.
        List<PairedTest.Block> noisy = List.of(block(108, 108), block(93, 93), block(101, 101));
        List<PairedTest.Block> steady = List.of(block(100, 100), block(101, 101), block(99, 99));
        Scripted measurer = new Scripted(3, List.of(noisy, steady, steady));

        Decision<List<PairedTest.Block>> decision = engine.decide("orders-publish", measurer);

        MetricVerdict ns = decision.verdict().metrics().get(0);
        assertEquals(Verdict.OK, ns.verdict(), printed.toString());
        assertTrue(ns.comparison().runs() > 3, "it grew, and the blocks spent are in the verdict: " + ns.line());
        assertEquals(ns.comparison().runs() / 3, measurer.calls, "one look per 3 blocks");
        assertTrue(printed.toString().contains("[orders-publish] inconclusive: value.serializer com.acme.OrderSerializer cpuNsPerOp; "
                + "measuring more (look 2 of 3, each at α/3)"), printed.toString());
    }

    @Test
    void aMeasurementThatCannotGrowIsJudgedOnce() {
        Scripted measurer = new Scripted(1, List.of(List.of(block(125, 125), block(78, 78), block(104, 104))));
        Decision<List<PairedTest.Block>> decision = engine.decide("orders-publish", measurer);
        assertEquals(Verdict.INCONCLUSIVE, decision.verdict().metrics().get(0).verdict());
        assertEquals(1, measurer.calls);
    }

    @Test
    void aFlagIsMeasuredAgainOnAFreshMeasurementAndFailsOnlyWhenItRepeats() {
        List<PairedTest.Block> slower = List.of(block(130, 131), block(129, 130), block(131, 130));
        Scripted regressed = new Scripted(3, List.of(slower, slower));
        Decision<List<PairedTest.Block>> decision = engine.decide("orders-publish", regressed);
        assertTrue(decision.regressed());
        assertEquals(1, regressed.freshened);

        Scripted noise = new Scripted(3, List.of(slower, List.of(block(100, 100), block(101, 101), block(99, 100))));
        Decision<List<PairedTest.Block>> passed = engine.decide("orders-publish", noise);
        assertFalse(passed.regressed());
        assertTrue(passed.again().metrics().get(0).reason().endsWith("did not repeat: noise"), passed.again().metrics().get(0).reason());
    }
}
