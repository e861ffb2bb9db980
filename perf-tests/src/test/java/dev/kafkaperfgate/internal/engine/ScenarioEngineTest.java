package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.settings.GateSettings;
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
    private final ScenarioEngine engine = new ScenarioEngine(GatePolicy.forSuite(23, GateSettings.of(Map.of())),
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

        Decision<List<PairedTest.Block>> decision = decide(measurer, true);

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
        Decision<List<PairedTest.Block>> decision = decide(measurer, true);
        assertEquals(Verdict.INCONCLUSIVE, decision.verdict().metrics().get(0).verdict());
        assertEquals(1, measurer.calls);
    }

    @Test
    void aFlagIsMeasuredAgainOnAFreshMeasurementAndFailsOnlyWhenItRepeats() {
        List<PairedTest.Block> slower = List.of(block(130, 131), block(129, 130), block(131, 130));
        Scripted regressed = new Scripted(3, List.of(slower, slower));
        Decision<List<PairedTest.Block>> decision = decide(regressed, true);
        assertTrue(decision.regressed());
        assertEquals(1, regressed.freshened);

        Scripted noise = new Scripted(3, List.of(slower, List.of(block(100, 100), block(101, 101), block(99, 100))));
        Decision<List<PairedTest.Block>> passed = decide(noise, true);
        assertFalse(passed.regressed());
        assertTrue(passed.again().metrics().get(0).reason().endsWith("did not repeat: noise"), passed.again().metrics().get(0).reason());
    }

    @Test
    void onceTheRunHasFailedAFlagIsNotConfirmedAndSaysSo() {
        List<PairedTest.Block> slower = List.of(block(130, 131), block(129, 130), block(131, 130));
        Scripted measurer = new Scripted(3, List.of(slower, slower));
        Decision<List<PairedTest.Block>> decision = decide(measurer, false);
        assertFalse(decision.flagged(), "no second measurement");
        assertFalse(decision.regressed(), "nothing unconfirmed fails");
        assertEquals(0, measurer.freshened);
        assertEquals(1, measurer.calls, "measured once");
        MetricVerdict metric = decision.verdict().metrics().get(0);
        assertEquals(Verdict.INCONCLUSIVE, metric.verdict());
        assertTrue(metric.reason().endsWith("not confirmed: the run had already failed"), metric.reason());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("regression flagged, not confirmed: the run had already failed"));
    }

    @Test
    void firstLooksWaitForTheirConfirmationsWhichGoStrongestFirstAndStopOnceTheRunHasFailed() {
        RunDecisions decisions = new RunDecisions(GatePolicy.forSuite(23, GateSettings.of(Map.of())),
                new PrintStream(printed, true, StandardCharsets.UTF_8), true);
        // +20% in blocks that swing ±5%, and +30% in steady blocks: both flagged, the second by far more MDEs.
        Scripted weaker = new Scripted(1, List.of(alternating(126, 114), alternating(126, 114)));
        Scripted stronger = new Scripted(1, List.of(alternating(130, 131), alternating(130, 131)));
        FirstLook<List<PairedTest.Block>> consumer = decisions.look("consumer-300b-3p", weaker);
        FirstLook<List<PairedTest.Block>> producer = decisions.look("producer-1k-acks1-20k", stronger);
        assertTrue(consumer.flagged() && producer.flagged(), printed.toString(StandardCharsets.UTF_8));
        assertEquals(0, weaker.freshened + stronger.freshened, "a first look confirms nothing");
        assertTrue(producer.strength() > consumer.strength(), producer.strength() + " against " + consumer.strength());
        assertEquals(List.of(producer, consumer), java.util.stream.Stream.of(consumer, producer).sorted(FirstLook.STRONGEST_FIRST).toList());

        Decision<List<PairedTest.Block>> failed = decisions.conclude(producer);
        assertTrue(failed.regressed());
        assertEquals(1, stronger.freshened, "confirmed on an independent measurement");
        assertTrue(decisions.decided());

        Decision<List<PairedTest.Block>> spared = decisions.conclude(consumer);
        assertFalse(spared.flagged(), "no second measurement once the run has failed");
        assertEquals(1, weaker.calls);
        assertEquals(0, weaker.freshened);
        assertTrue(spared.verdict().metrics().get(0).reason().endsWith("not confirmed: the run had already failed"),
                spared.verdict().metrics().get(0).reason());

        assertEquals(0, new FirstLook<>("unflagged", weaker, null, List.of(), new dev.kafkaperfgate.internal.verdict.ScenarioVerdict(
                "unflagged", List.of(), List.of())).strength(), "nothing flagged: no strength");
    }

    @Test
    void aMetricThatNoLookLeftCouldDecideIsNotMeasuredMore() {
        // Eight blocks that swing ±20%: even three looks' 24 blocks would leave the MDE far above +10%.
        List<PairedTest.Block> swinging = alternating(120, 83);
        Scripted measurer = new Scripted(3, List.of(swinging, swinging, swinging));
        Decision<List<PairedTest.Block>> decision = decide(measurer, true);
        assertEquals(1, measurer.calls, "measured once: more looks could not decide it");
        assertEquals(Verdict.INCONCLUSIVE, decision.verdict().metrics().get(0).verdict());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("not measured more: even 3 looks would leave the MDE above the threshold"));

        // Eight blocks within ±9%: too few to decide, and three looks could, so it is measured more.
        List<PairedTest.Block> narrower = alternating(109, 92);
        Scripted decidable = new Scripted(3, List.of(narrower, narrower, narrower));
        decide(decidable, true);
        assertTrue(decidable.calls > 1, "measured more while it could still be decided: " + printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aLargeChangeInNoisyBlocksIsMeasuredMoreEvenWhileItsMdeIsAboveTheThreshold() {
        // +25% on average, swinging ±20%: the MDE stays above +10%, but more blocks can make +25% significant.
        List<PairedTest.Block> swinging = alternating(150, 104);
        Scripted measurer = new Scripted(3, List.of(swinging, swinging, swinging));
        decide(measurer, true);
        assertTrue(measurer.calls > 1, "measured more: " + printed.toString(StandardCharsets.UTF_8));
    }

    /** Measures, judges and concludes orders-publish, as {@link RunDecisions#decide} does with the run's fail-fast. */
    private <M> Decision<M> decide(Measurer<M> measurer, boolean confirm) {
        return engine.conclude(engine.look("orders-publish", measurer), confirm);
    }

    /** Eight blocks whose head reads {@code even} and {@code odd} in turn against the base's 100. */
    private static List<PairedTest.Block> alternating(double even, double odd) {
        List<PairedTest.Block> blocks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            blocks.add(i % 2 == 0 ? block(even, even) : block(odd, odd));
        }
        return blocks;
    }
}
