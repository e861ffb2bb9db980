package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.RunToRunInterval;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Three kinds of worse, and improvements claimed only when confirmed. Allocation per record, threshold +5%. */
@Tag("unit")
class OutcomesTest {

    /** The PR suite's α per comparison and stage, √(0.02 / 25). */
    private static final double WARNING_ALPHA = 0.0283;

    @Test
    void worseBeyondTheThresholdTwiceIsARegression() {
        MetricVerdict settled = twice(alloc(Verdict.REGRESSION, 1.08, 1.06, 1.10), alloc(Verdict.REGRESSION, 1.09, 1.07, 1.11));
        assertEquals(Verdict.REGRESSION, settled.verdict());
    }

    /** The kafka-clients upgrade of the issue: +4.9%, then +5.6%, both beyond the noise. */
    @Test
    void worseBeyondTheNoiseTwiceButNotBeyondTheThresholdTwiceIsAWarning() {
        MetricVerdict settled = twice(alloc(Verdict.REGRESSION, 1.056, 1.04, 1.07), alloc(Verdict.OK, 1.049, 1.03, 1.068));
        assertEquals(Verdict.WARNING, settled.verdict());
        assertTrue(settled.reason().contains("worse in both measurements (+5.6%, then +4.9%; each beyond the noise at α 0.0283)"),
                settled.reason());
    }

    @Test
    void aFirstMeasurementsRegressionThatDoesNotRepeatIsNoise() {
        MetricVerdict settled = twice(alloc(Verdict.REGRESSION, 1.08, 1.06, 1.10), alloc(Verdict.OK, 1.004, 0.99, 1.02));
        assertEquals(Verdict.OK, settled.verdict());
        assertTrue(settled.reason().endsWith("the first measurement's +8.0% did not repeat: noise"), settled.reason());
    }

    @Test
    void aSecondMeasurementsRegressionAloneIsNoiseToo() {
        MetricVerdict settled = twice(alloc(Verdict.OK, 1.0, 0.99, 1.01), alloc(Verdict.REGRESSION, 1.08, 1.06, 1.10));
        assertEquals(Verdict.OK, settled.verdict());
        assertTrue(settled.reason().endsWith("flagged by the second measurement only: noise"), settled.reason());
    }

    /** The p99 "IMPROVEMENT -23.7%" from noise (interval -39.7% .. -3.5%, MDE 42%): measured once, not claimed. */
    @Test
    void anImprovementMeasuredOnceIsNotClaimed() {
        MetricVerdict p99 = new MetricVerdict(Metric.P99, Verdict.IMPROVEMENT, 100, 76, 10,
                comparison(0.763, 0.603, 0.965, Math.log(1.42)), "");
        MetricVerdict settled = Outcomes.once(verdict(p99), 0.0008).metrics().get(0);
        assertEquals(Verdict.INCONCLUSIVE, settled.verdict(), "its MDE (42%) is beyond the threshold");
        assertTrue(settled.reason().contains("better by -23.7% in one measurement"), settled.reason());
    }

    /** A metric worse beyond the noise in one of two measurements is never a bare OK: the line says which saw it. */
    @Test
    void worseInOneMeasurementOfTwoSaysWhichAndThatItIsNoise() {
        MetricVerdict firstOnly = twice(alloc(Verdict.OK, 1.03, 1.01, 1.05), alloc(Verdict.OK, 1.0, 0.99, 1.01));
        assertEquals(Verdict.OK, firstOnly.verdict());
        assertTrue(firstOnly.reason().endsWith("worse in the first measurement only (+3.0%): noise"), firstOnly.reason());
        MetricVerdict secondOnly = twice(alloc(Verdict.OK, 1.0, 0.99, 1.01), alloc(Verdict.OK, 1.03, 1.01, 1.05));
        assertTrue(secondOnly.reason().endsWith("worse in the second measurement only (+3.0%): noise"), secondOnly.reason());
    }

    /** The A/A's "recordsPerRequest OK (−3.8%, interval −6.7% .. −0.7%)": worse at the first look's α, not the run's. */
    @Test
    void worseOnlyAtTheFirstLooksAlphaSaysSoRatherThanABareOk() {
        // Threshold +2%: a WARNING's floor is then 1.1% (the largest JVM pair's offset measured), below the +1.2% seen.
        MetricVerdict loose = new MetricVerdict(Metric.ALLOC_PER_RECORD, Verdict.OK, 1000, 1012, 2,
                comparison(1.012, 1.002, 1.022, Math.log(1.02)), "");
        MetricVerdict worseLoosely = Outcomes.once(verdict(loose), 0.0008).metrics().get(0);
        assertEquals(Verdict.OK, worseLoosely.verdict());
        assertTrue(worseLoosely.reason().startsWith("worse (+1.2%) at the first look's α only, not at the run's α 0.0008"),
                worseLoosely.reason());
        MetricVerdict worse = Outcomes.once(verdict(alloc(Verdict.OK, 1.03, 1.01, 1.05)), 0.0008).metrics().get(0);
        assertEquals(Verdict.WARNING, worse.verdict(), worse.reason());
        assertEquals("", Outcomes.once(verdict(alloc(Verdict.OK, 1.0, 0.99, 1.01)), 0.0008).metrics().get(0).reason());
    }

    /**
     * Issue 61's +5% Avro change: +4.0% in four duels whose interval at a look's α/3 (t 4.9 with 3
     * degrees of freedom) reached below no change, but not at the stage's α (t 3.0). Judged at the
     * stage's α in both measurements it is a WARNING; the second measurement alone, or the first
     * alone, is noise; within the noise at the stage's α in either, nothing is claimed.
     */
    @Test
    void worseIsJudgedAtTheStagesAlphaNotALooksSoThatASmallRealCostIsSeenTwice() {
        // log ratio 0.0392 (+4.0%), block sd 0.019, 4 blocks: the t interval at 0.0283 lies above 0, at 0.0094 it does not.
        MetricVerdict small = cpu(1.040, 0.019, 4);
        assertFalse(small.significantlyWorse(), "the judged interval, at a look's α, reaches below no change");
        assertTrue(small.worseAt(WARNING_ALPHA), "at the stage's α it lies wholly worse");
        assertFalse(small.worseAt(0.0094), "at α/3 it does not");
        MetricVerdict settled = Outcomes.twice(verdict(small), verdict(cpu(1.045, 0.02, 4)), WARNING_ALPHA).metrics().get(0);
        assertEquals(Verdict.WARNING, settled.verdict(), settled.reason());
        MetricVerdict noise = Outcomes.twice(verdict(small), verdict(cpu(1.004, 0.02, 4)), WARNING_ALPHA).metrics().get(0);
        assertEquals(Verdict.OK, noise.verdict(), noise.reason());
        assertTrue(noise.reason().endsWith("worse in the first measurement only (+4.0%): noise"), noise.reason());
        MetricVerdict strict = Outcomes.twice(verdict(small), verdict(cpu(1.045, 0.02, 4)), 0.0094).metrics().get(0);
        assertEquals(Verdict.OK, strict.verdict(), "at a look's α neither measurement is worse: " + strict.reason());
    }

    @Test
    void anImprovementBothMeasurementsShowIsClaimed() {
        MetricVerdict first = alloc(Verdict.IMPROVEMENT, 0.8, 0.78, 0.82);
        assertEquals(Verdict.IMPROVEMENT, twice(first, alloc(Verdict.IMPROVEMENT, 0.81, 0.79, 0.83)).verdict());
        assertEquals(Verdict.OK, twice(first, alloc(Verdict.OK, 0.99, 0.98, 1.0)).verdict());
    }

    /**
     * Issue 82's A/A: allocation +0.3%, its interval wholly worse (a JVM pair's offset), measured once and then twice: below a
     * WARNING's floor (1.25% for allocation at +5%), so its verdict stays OK, the figure shown; +1.5% twice is a WARNING.
     */
    @Test
    void aWorseIntervalBelowTheFloorIsNoWarningButItsFigureIsShown() {
        MetricVerdict once = Outcomes.once(verdict(alloc(Verdict.OK, 1.003, 1.001, 1.005)), 0.0008).metrics().get(0);
        assertEquals(Verdict.OK, once.verdict(), once.reason());
        assertTrue(once.reason().contains("worse by +0.3%, below a WARNING's floor of 1.3%"), once.reason());
        MetricVerdict both = twice(alloc(Verdict.OK, 1.003, 1.001, 1.005), alloc(Verdict.OK, 1.004, 1.002, 1.006));
        assertEquals(Verdict.OK, both.verdict(), both.reason());
        assertEquals(Verdict.WARNING, twice(alloc(Verdict.OK, 1.015, 1.01, 1.02), alloc(Verdict.OK, 1.016, 1.01, 1.02)).verdict());
        assertEquals(1.25, dev.kafkaperfgate.internal.verdict.WarningFloor.percent(Metric.ALLOC_PER_RECORD, 5), 1e-9);
        assertEquals(1.1, dev.kafkaperfgate.internal.verdict.WarningFloor.percent(Metric.ALLOC_PER_RECORD, 2), 1e-9,
                "never below the largest JVM pair's offset measured");
        assertEquals(2.5, dev.kafkaperfgate.internal.verdict.WarningFloor.percent(Metric.COMPONENT_CPU_NS_PER_OP, 10), 1e-9);
    }

    /**
     * Issue 82's linger.ms 0 → 1: CPU per record −49.7% (interval −51.5% .. −47.9%), measured once. The gate can tell: BETTER
     * (better, not confirmed), not INCONCLUSIVE; an improvement whose interval reaches inside the threshold stays unclaimed.
     */
    @Test
    void anImprovementWhollyBeyondTheThresholdMeasuredOnceIsBetterNotConfirmed() {
        MetricVerdict cpu = new MetricVerdict(Metric.CPU_PER_RECORD, Verdict.IMPROVEMENT, 95_000, 47_800, 5,
                comparison(0.503, 0.485, 0.521, Math.log(1.04)), "");
        MetricVerdict settled = Outcomes.once(verdict(cpu), 0.0008).metrics().get(0);
        assertEquals(Verdict.BETTER, settled.verdict());
        assertTrue(settled.reason().contains("better by -49.7% in one measurement: not confirmed"), settled.reason());
        assertEquals("BETTER (not confirmed)", Verdict.BETTER.headlineWord());
        assertFalse(Verdict.BETTER.needsAttention());
    }

    /** Issue 82: an INCONCLUSIVE says what would resolve it: MDE +12.9% against +5% in 4 blocks needs about 4 × (ln 1.129 / ln 1.05)² blocks. */
    @Test
    void anInconclusiveSaysWhatWouldResolveIt() {
        String cpu = dev.kafkaperfgate.internal.verdict.PairedJudge.resolving(Math.log(1.129), 5, 4, false);
        assertEquals("what would resolve it: about 25 blocks (-Dperf.paired.blocks=25), or a quieter runner", cpu);
        assertEquals("what would resolve it: a quieter runner, or a lower rate (blocks alone would take more than 200)",
                dev.kafkaperfgate.internal.verdict.PairedJudge.resolving(Math.log(2.25), 10, 8, true), "a p99 MDE of 125%, as an A/A measured");
    }

    private static MetricVerdict twice(MetricVerdict first, MetricVerdict second) {
        return Outcomes.twice(verdict(first), verdict(second), WARNING_ALPHA).metrics().get(0);
    }

    private static ScenarioVerdict verdict(MetricVerdict metric) {
        return new ScenarioVerdict("orders-publish", List.of(metric), List.of());
    }

    private static MetricVerdict alloc(Verdict verdict, double ratio, double low, double high) {
        return new MetricVerdict(Metric.ALLOC_PER_RECORD, verdict, 1000, 1000 * ratio, 5, comparison(ratio, low, high, Math.log(1.02)), "");
    }

    /**
     * A component's CPU ns/op (threshold +10%) judged at a look's α/3 = 0.0094 over {@code blocks}
     * ABBA blocks whose log ratios spread by {@code sd}: its interval and MDE drawn as PairedT draws them.
     */
    private static MetricVerdict cpu(double ratio, double sd, int blocks) {
        org.apache.commons.math3.distribution.TDistribution t = new org.apache.commons.math3.distribution.TDistribution(blocks - 1);
        double margin = t.inverseCumulativeProbability(1 - 0.0094) * sd / Math.sqrt(blocks);
        double mde = (t.inverseCumulativeProbability(1 - 0.0094) + t.inverseCumulativeProbability(0.8)) * sd / Math.sqrt(blocks);
        double log = Math.log(ratio);
        RunToRunInterval.Comparison comparison = new RunToRunInterval.Comparison(1000, 1000 * ratio, ratio, Math.exp(log - margin),
                Math.exp(log + margin), mde, sd, blocks, dev.kafkaperfgate.internal.verdict.PairedT.SAMPLES);
        return new MetricVerdict(Metric.COMPONENT_CPU_NS_PER_OP, Verdict.OK, 1000, 1000 * ratio, 10, comparison, "");
    }

    private static RunToRunInterval.Comparison comparison(double ratio, double low, double high, double mdeLog) {
        return new RunToRunInterval.Comparison(1000, 1000 * ratio, ratio, low, high, mdeLog, 0.01, 8, "ABBA blocks");
    }
}
