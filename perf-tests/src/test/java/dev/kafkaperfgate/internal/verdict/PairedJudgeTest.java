package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedJudgeTest {

    /** The PR suite's policy: 23 comparisons, 2% for the run, α ≈ 0.0295 per comparison and stage. */
    private static final GatePolicy POLICY = GatePolicy.forSuite(23, GateSettings.of(Map.of()));
    private static final PairedJudge JUDGE = new PairedJudge(POLICY);

    /** Six blocks whose head values are the base's times {@code ratio}, with ±{@code noise} alternating per block. */
    private static List<PairedT.Block> blocks(double ratio, double noise, double baseDrift) {
        List<PairedT.Block> blocks = new ArrayList<>();
        for (int block = 0; block < 6; block++) {
            double base = 1000 * (1 + baseDrift * block / 5.0);
            double wobble = block % 2 == 0 ? 1 + noise : 1 - noise;
            blocks.add(new PairedT.Block(base, base, base * ratio * wobble, base * ratio * wobble));
        }
        return blocks;
    }

    private static MetricVerdict judge(Metric metric, List<PairedT.Block> blocks) {
        return JUDGE.judge("s", Map.of(metric, blocks), Thresholds.UNSET, List.of()).metrics().get(0);
    }

    @Test
    void aTenPercentThroughputDropWithLittleNoiseIsARegression() {
        MetricVerdict verdict = judge(Metric.THROUGHPUT, blocks(0.9, 0.01, 0));
        assertEquals(Verdict.REGRESSION, verdict.verdict(), verdict.line());
        assertEquals(-10, verdict.deltaPercent(), 0.1);
        assertEquals(-3, verdict.thresholdPercent(), "paired mode's default threshold");
        assertTrue(verdict.line().contains("6 ABBA blocks"), verdict.line());
    }

    @Test
    void aChangeInsideTheNoiseIsNotARegression() {
        MetricVerdict verdict = judge(Metric.CPU_PER_RECORD, blocks(1.0, 0.002, 0));
        assertEquals(Verdict.OK, verdict.verdict(), verdict.line());
    }

    @Test
    void significantButBelowThePracticalBarIsNotARegression() {
        // +2% CPU, measured precisely: real, but under the +5% bar.
        MetricVerdict verdict = judge(Metric.CPU_PER_RECORD, blocks(1.02, 0.001, 0));
        assertEquals(Verdict.OK, verdict.verdict(), verdict.line());
    }

    @Test
    void noiseThatHidesTheThresholdIsInconclusiveWithItsMde() {
        MetricVerdict verdict = judge(Metric.CPU_PER_RECORD, blocks(1.0, 0.4, 0));
        assertEquals(Verdict.INCONCLUSIVE, verdict.verdict(), verdict.line());
        assertTrue(verdict.mdePercent() > 10, verdict.line());
    }

    @Test
    void aBaseThatDisagreesWithItselfMakesASmallerChangeInconclusive() {
        // The head is 10% slower, but the base itself climbed 40% across the run: the machine moved more than the head did.
        MetricVerdict verdict = judge(Metric.THROUGHPUT, blocks(0.9, 0.01, 0.4));
        assertEquals(Verdict.INCONCLUSIVE, verdict.verdict(), verdict.line());
        assertTrue(verdict.reason().contains("the base disagreed with itself"), verdict.reason());
    }

    @Test
    void aChangeLargerThanTheBasesOwnMovementStillCounts() {
        // The head is 60% slower while the base moved 40%: worse than anything the base did.
        MetricVerdict verdict = judge(Metric.THROUGHPUT, blocks(0.4, 0.01, 0.4));
        assertEquals(Verdict.REGRESSION, verdict.verdict(), verdict.line());
    }

    @Test
    void aScenariosOwnThresholdOverridesThePairedDefault() {
        Thresholds lenient = new Thresholds(20, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN);
        MetricVerdict verdict = JUDGE.judge("s", Map.of(Metric.THROUGHPUT, blocks(0.9, 0.01, 0)), lenient, List.of()).metrics().get(0);
        assertEquals(Verdict.OK, verdict.verdict(), verdict.line());
    }

    /** A scenario's {@code thresholds: {broker.cpu: +15%}}, every other value at the paired default. */
    private static final Thresholds BROKER_CPU = new Thresholds(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, 15, Double.NaN);

    @Test
    void theBrokersFiguresAreJudgedOnlyWhereTheScenarioGatesThem() {
        Map<Metric, List<PairedT.Block>> blocks = Map.of(Metric.THROUGHPUT, blocks(1.0, 0.002, 0),
                Metric.BROKER_CPU_PER_RECORD, blocks(1.4, 0.01, 0), Metric.BROKER_PRODUCE_TIME, blocks(2.0, 0.01, 0));
        ScenarioVerdict ungated = JUDGE.judge("s", blocks, Thresholds.UNSET, List.of());
        assertEquals(List.of(Metric.THROUGHPUT), ungated.metrics().stream().map(MetricVerdict::metric).toList(),
                "measured, shown, not judged: " + ungated.metrics());

        ScenarioVerdict gated = JUDGE.judge("s", blocks, BROKER_CPU, List.of());
        assertEquals(List.of(Metric.THROUGHPUT, Metric.BROKER_CPU_PER_RECORD), gated.metrics().stream().map(MetricVerdict::metric).toList());
        MetricVerdict cpu = gated.metrics().get(1);
        assertEquals(Verdict.REGRESSION, cpu.verdict(), cpu.line());
        assertEquals(15, cpu.thresholdPercent());
        assertTrue(cpu.line().startsWith("brokerCpuNsPerRecord"), cpu.line());
    }

    @Test
    void aGatedBrokerFigureTheBrokerDidNotGiveIsNotJudgedAtAll() {
        // The broker's JMX could not be read (or a node stopped answering): the gate asked for is refused, never passed.
        dev.kafkaperfgate.internal.engine.Referee referee = new dev.kafkaperfgate.internal.engine.Referee(POLICY);
        MissingFigureException e = assertThrows(MissingFigureException.class, () -> referee.judge(
                new dev.kafkaperfgate.internal.engine.Evidence.Paired("orders", Map.of(Metric.THROUGHPUT, blocks(1.0, 0.002, 0)), BROKER_CPU,
                        List.of())));
        assertTrue(e.getMessage().startsWith("orders: thresholds.broker.cpu gates the broker's brokerCpuNsPerRecord"), e.getMessage());
        // A component measured alone has no broker figures to give: its evidence is judged as it is.
        referee.judge(new dev.kafkaperfgate.internal.engine.Evidence.Paired("orders", "value.serializer com.acme.OrderSerializer",
                Map.of(Metric.COMPONENT_CPU_NS_PER_OP, blocks(1.0, 0.002, 0)), BROKER_CPU, List.of()));
    }

    /** Decided in advance, not per run: a component's wall clock is shown beside its CPU time and never judged. */
    @Test
    void aComponentsWallClockIsRecordedButOnlyItsCpuIsJudged() {
        ScenarioVerdict verdict = new PairedJudge(POLICY).judge("orders", Map.of(Metric.COMPONENT_NS_PER_OP, blocks(1.5, 0.002, 0),
                Metric.COMPONENT_CPU_NS_PER_OP, blocks(1.0, 0.002, 0)), Thresholds.UNSET, List.of());
        assertEquals(List.of(Metric.COMPONENT_CPU_NS_PER_OP), verdict.metrics().stream().map(MetricVerdict::metric).toList(),
                "a wall clock 50% slower beside the same CPU time is a neighbour's doing, not the component's");
        assertEquals(Verdict.OK, verdict.metrics().get(0).verdict());
    }

    /**
     * Duels as measured on this shared machine: the same serializer at ~600 ns/op in the first duels
     * and ~1100 in the later ones, the head +22% in every one. Side by side in one JVM the machine's moves fall
     * on both sides, so a component is judged on its ratio; the whole client's control still speaks.
     */
    @Test
    void aMachineThatMovesUnderAComponentsDuelsDoesNotHideItsChange() {
        List<PairedT.Block> duels = new ArrayList<>();
        double[] speeds = {620, 648, 600, 640, 1100, 1146, 1090, 1114};
        for (int duel = 0; duel < speeds.length; duel++) {
            double base = speeds[duel];
            double head = base * (duel % 2 == 0 ? 1.21 : 1.23);
            duels.add(new PairedT.Block(base, base * (duel < 4 ? 0.98 : 1.02), head, head * (duel < 4 ? 0.98 : 1.02)));
        }
        dev.kafkaperfgate.internal.engine.Referee referee = new dev.kafkaperfgate.internal.engine.Referee(POLICY);
        MetricVerdict component = referee.judge(new dev.kafkaperfgate.internal.engine.Evidence.Paired("orders",
                "value.serializer com.acme.OrderSerializer", Map.of(Metric.COMPONENT_CPU_NS_PER_OP, duels), Thresholds.UNSET, List.of()))
                .metrics().get(0);
        assertEquals(Verdict.REGRESSION, component.verdict(), component.line());
        MetricVerdict client = JUDGE.judge("orders", Map.of(Metric.CPU_PER_RECORD, duels), Thresholds.UNSET, List.of()).metrics().get(0);
        assertEquals(Verdict.INCONCLUSIVE, client.verdict(), "one after the other, such a base disagrees with itself: " + client.line());
    }

    /** 16 blocks of a p99 around {@code micros}, swinging ±30% between blocks, the head the same. */
    private static List<PairedT.Block> noisyP99(double micros) {
        List<PairedT.Block> blocks = new ArrayList<>();
        for (int block = 0; block < 16; block++) {
            double wobble = block % 2 == 0 ? 1.3 : 0.77;
            blocks.add(new PairedT.Block(micros, micros, micros * wobble, micros * wobble));
        }
        return blocks;
    }

    @Test
    void aNoisyP99IsOkWhenItsIntervalRulesOutARiseOfAMillisecondAndInconclusiveAboveIt() {
        MetricVerdict low = judge(Metric.P99, noisyP99(400));
        assertEquals(Verdict.OK, low.verdict(), low.line());
        assertTrue(low.reason().startsWith("decided by the p99 floor, not by the interval: p99 within the 1 ms floor"), low.reason());
        assertTrue(low.decidedByRule(), "OK by the floor, not by its interval: " + low.line());
        assertEquals(SignedRank.SAMPLES, low.comparison().samples(), "p99 is judged by signed ranks");

        MetricVerdict high = judge(Metric.P99, noisyP99(8000));
        assertEquals(Verdict.INCONCLUSIVE, high.verdict(), high.line());
    }

    /** Issue 61: "✅ OK · MDE 99900%" when the floor decided. No MDE above 1000% is printed; the floor says what decided. */
    @Test
    void anMdeBeyondAThousandPercentIsNotPrintedAndAFloorsOkSaysSo() {
        RunToRunInterval.Comparison wide = new RunToRunInterval.Comparison(400, 420, 1.05, 0.2, 5.0, Math.log(1000), 2.0, 16,
                SignedRank.SAMPLES);
        MetricVerdict verdict = new MetricVerdict(Metric.P99, Verdict.OK, 400, 420, 10, wide, "decided by the p99 floor");
        assertFalse(verdict.mdeResolvable());
        assertTrue(verdict.line().contains("MDE not resolvable here"), verdict.line());
        assertFalse(verdict.line().contains("99900"), verdict.line());
        assertTrue(verdict.decidedByRule());
        MetricVerdict byInterval = new MetricVerdict(Metric.P99, Verdict.OK, 400, 420, 10,
                new RunToRunInterval.Comparison(400, 420, 1.0, 0.97, 1.03, Math.log(1.05), 0.02, 16, SignedRank.SAMPLES), "");
        assertFalse(byInterval.decidedByRule(), "an interval that resolves the threshold decided: " + byInterval.line());
        assertTrue(byInterval.line().contains("MDE +5.0%"), byInterval.line());
    }

    @Test
    void aFixedRatesP99IsJudgedOnTheServiceTimeWhereThatIsSteadierAndOnlyOnce() {
        // The response time swings window to window, up to 3x; the service time, 30% higher on the head, barely moves.
        List<PairedT.Block> response = new ArrayList<>();
        List<PairedT.Block> service = new ArrayList<>();
        for (int block = 0; block < 16; block++) {
            double swing = 1 + block % 3;
            response.add(new PairedT.Block(8000 * swing, 8000, 8000, 8000 * (4 - swing)));
            double wobble = block % 2 == 0 ? 1.01 : 0.99;
            service.add(new PairedT.Block(6000 * wobble, 6000, 7800 * wobble, 7800));
        }
        List<MetricVerdict> verdicts = JUDGE.judge("s", Map.of(Metric.P99, response, Metric.SERVICE_P99, service),
                Thresholds.UNSET, List.of()).metrics();
        assertEquals(1, verdicts.size(), "the service time is the p99's basis, never a verdict of its own: " + verdicts);
        MetricVerdict p99 = verdicts.get(0);
        assertEquals(Metric.P99, p99.metric());
        assertEquals(Verdict.REGRESSION, p99.verdict(), p99.line());
        assertEquals(30, p99.deltaPercent(), 0.5);
        assertTrue(p99.reason().startsWith("judged on the service time: steadier window to window than the response time (noise "),
                p99.reason());

        // Swapped, the response time is the steadier: judged on it, as before, with nothing added.
        MetricVerdict steadyResponse = JUDGE.judge("s", Map.of(Metric.P99, service, Metric.SERVICE_P99, response),
                Thresholds.UNSET, List.of()).metrics().get(0);
        assertEquals(Verdict.REGRESSION, steadyResponse.verdict(), steadyResponse.line());
        assertTrue(steadyResponse.reason().isEmpty(), steadyResponse.reason());
    }

    /** Blocks of one measurement's allocation: the calling threads' bytes and the I/O thread's, each side its own JVM. */
    private static Map<Metric, List<PairedT.Block>> allocation(double baseCaller, double headCaller, double baseIo, double headIo) {
        List<PairedT.Block> whole = new ArrayList<>();
        List<PairedT.Block> io = new ArrayList<>();
        for (int block = 0; block < 12; block++) {
            double wobble = block % 2 == 0 ? 1.002 : 0.998;
            whole.add(new PairedT.Block(baseCaller + baseIo * wobble, baseCaller + baseIo, headCaller + headIo * wobble, headCaller + headIo));
            io.add(new PairedT.Block(baseIo * wobble, baseIo, headIo * wobble, headIo));
        }
        return Map.of(Metric.ALLOC_PER_RECORD, whole, Metric.IO_ALLOC_PER_RECORD, io);
    }

    /** The A/A of 2026-11-28: the same code, the I/O thread 8,820 against 7,970 B per request in two JVMs, the callers 1,300 both. */
    @Test
    void anIoThreadsJvmOffsetIsNotARegressionAndATeamsBytesOnTheCallerStillAre() {
        Map<Metric, List<PairedT.Block>> offset = allocation(1300, 1300, 7970, 8820);
        assertEquals(Verdict.REGRESSION, JUDGE.judge("s", Map.of(Metric.ALLOC_PER_RECORD, offset.get(Metric.ALLOC_PER_RECORD)),
                Thresholds.UNSET, List.of()).metrics().get(0).verdict(), "the whole client's bytes alone read the offset as +9.2%");
        List<MetricVerdict> held = JUDGE.judge("s", offset, Thresholds.UNSET, List.of()).metrics();
        assertEquals(1, held.size(), "the I/O thread's part is never a verdict of its own: " + held);
        assertEquals(Verdict.OK, held.get(0).verdict(), held.get(0).line());
        assertEquals(0, held.get(0).deltaPercent(), 0.1);
        assertTrue(held.get(0).reason().startsWith("judged with the producer's I/O thread held at the base's 7970 B/record "
                + "(the head's: +10.7%, not judged)"), held.get(0).reason());

        // 930 B more per record on the calling thread (a serializer's copy), beside the same offset, the other way round.
        MetricVerdict copy = JUDGE.judge("s", allocation(1300, 2230, 8820, 7970), Thresholds.UNSET, List.of()).metrics().get(0);
        assertEquals(Verdict.REGRESSION, copy.verdict(), copy.line());
        assertEquals(930.0 / (1300 + 8820) * 100, copy.deltaPercent(), 0.1);
    }
}
