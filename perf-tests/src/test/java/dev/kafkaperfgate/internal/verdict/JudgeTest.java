package dev.kafkaperfgate.internal.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.MetricSample;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.spec.Thresholds;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JudgeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Fingerprint MACHINE = new Fingerprint("cpu", 2, "Linux amd64", "6.1", "jvm 17", "process", "4.3.1", "");
    private static final GatePolicy POLICY = GatePolicy.forSuite(7, GateSettings.of(Map.of()));
    private static final double[] STEADY = {100, 102, 98, 101, 99, 100, 103, 97, 100, 101};

    @Test
    void theRunBudgetIsSplitOverComparisonsAndBothStages() {
        assertEquals(Math.sqrt(0.02 / 7), POLICY.alpha(), 1e-12);
        assertEquals(0.25, GatePolicy.forSuite(1, GateSettings.of(Map.of("perf.gate.false.alarm.rate", "0.5"))).alpha(), 1e-12, "capped");
    }

    @Test
    void throughputBeyondThresholdAndNoiseIsARegressionWithinThresholdIsOk() {
        assertEquals(Verdict.REGRESSION, throughput(80, STEADY).verdict());
        assertEquals(Verdict.OK, throughput(95, STEADY).verdict(), "5% is significant here but under the 10% threshold");
        assertEquals(Verdict.IMPROVEMENT, throughput(125, STEADY).verdict());
        MetricVerdict regression = throughput(80, STEADY);
        assertTrue(regression.line().matches("throughput REGRESSION: 100 → 80 records/s \\(-20\\.\\d%, interval -2\\d\\.\\d% \\.\\. -1\\d\\.\\d%, "
                + "threshold -10%, MDE -\\d\\.\\d%, 10 baseline runs\\)"), regression.line());
    }

    @Test
    void noiseLargerThanTheThresholdIsInconclusiveWithItsMde() {
        MetricVerdict verdict = throughput(80, new double[] {100, 150, 70, 120, 90});
        assertEquals(Verdict.INCONCLUSIVE, verdict.verdict());
        assertTrue(verdict.mdePercent() < -10, "the MDE is larger than the threshold: " + verdict.mdePercent());
        assertTrue(verdict.reason().startsWith("run-to-run noise ("), verdict.reason());
    }

    @Test
    void tooShortABaselineIsInconclusive() {
        MetricVerdict verdict = throughput(50, new double[] {100, 101});
        assertEquals(Verdict.INCONCLUSIVE, verdict.verdict());
        assertEquals("the baseline holds 2 runs; run-to-run noise needs at least 3", verdict.reason());
    }

    @Test
    void latencyIsLowerIsBetter() {
        double[] p99 = Arrays.stream(STEADY).map(value -> value * 10).toArray();
        assertEquals(Verdict.REGRESSION, judge(run(Map.of(Metric.P99, 1400.0)), baseline(Metric.P99, p99)).metrics().get(1).verdict());
        assertEquals(Verdict.OK, judge(run(Map.of(Metric.P99, 1200.0)), baseline(Metric.P99, p99)).metrics().get(1).verdict(),
                "+20% is under the +25% threshold");
        assertEquals(Verdict.IMPROVEMENT, judge(run(Map.of(Metric.P99, 700.0)), baseline(Metric.P99, p99)).metrics().get(1).verdict());
    }

    @Test
    void noBaselineIsNew() {
        ScenarioVerdict verdict = judge(run(Map.of(Metric.P99, 1000.0)), null);
        assertEquals(Verdict.NEW, verdict.overall());
        assertEquals(List.of(Verdict.NEW, Verdict.NEW), verdict.metrics().stream().map(MetricVerdict::verdict).toList());
    }

    @Test
    void aChangedExperimentOrEnvironmentIsAMismatchThatSaysWhatDiffers() throws Exception {
        Baseline baseline = baseline(Metric.THROUGHPUT, STEADY);
        JsonNode changed = JSON.readTree("{\"producer\": {\"batch.size\": \"16384\", \"linger.ms\": \"0\"}, "
                + "\"kafkaClients\": \"4.3.1\", \"trials\": 5}");
        Fingerprint otherJvm = new Fingerprint("cpu", 2, "Linux amd64", "6.1", "jvm 21", "process", "4.3.1", "");
        Judge.Run run = new Judge.Run("s", "produce", "f".repeat(64), changed, otherJvm, figures(Map.of(Metric.P99, 1000.0)));
        ScenarioVerdict verdict = new Judge(POLICY).judge(run, baseline, Thresholds.DEFAULT);
        assertEquals(Verdict.MISMATCH, verdict.overall());
        assertEquals("baseline s.json differs: definition: trials: 3 → 5; environment: jvm: jvm 17 → jvm 21",
                verdict.metrics().get(0).reason());
    }

    @Test
    void aChangedSubjectIsJudgedAndNamed() throws Exception {
        Baseline baseline = baseline(Metric.THROUGHPUT, STEADY);
        // What a pull request changes: a client setting, the team's serializer, the kafka-clients version.
        JsonNode changed = JSON.readTree("{\"producer\": {\"batch.size\": \"8192\", \"linger.ms\": \"0\", "
                + "\"value.serializer\": \"com.example.OrderSerializer\"}, \"kafkaClients\": \"4.2.0\", \"trials\": 3}");
        Judge.Run run = new Judge.Run("s", "produce", SHA, changed, MACHINE, figures(Map.of(Metric.THROUGHPUT, 80.0)));
        ScenarioVerdict verdict = new Judge(POLICY).judge(run, baseline, Thresholds.DEFAULT);
        assertEquals(Verdict.REGRESSION, verdict.metrics().get(0).verdict());
        assertEquals(List.of("kafkaClients: 4.3.1 → 4.2.0", "producer.batch.size: 16384 → 8192",
                "producer.value.serializer: (unset) → com.example.OrderSerializer"), verdict.changes());
    }

    @Test
    void numbersSpelledDifferentlyAreTheSameSetting() throws Exception {
        Baseline baseline = baseline(Metric.THROUGHPUT, STEADY);
        JsonNode spelled = JSON.readTree("{\"producer\": {\"batch.size\": \"16384\", \"linger.ms\": \"0\"}, "
                + "\"kafkaClients\": \"4.3.1\", \"trials\": 3.0}");
        Judge.Run run = new Judge.Run("s", "produce", "f".repeat(64), spelled, MACHINE, figures(Map.of()));
        assertEquals(Verdict.OK, new Judge(POLICY).judge(run, baseline, Thresholds.DEFAULT).metrics().get(0).verdict(),
                "3 and 3.0 trials, and a hash of another spelling, are no MISMATCH");
    }

    @Test
    void baselineRunsThatPredateAMetricMakeItNewNotAFailure() {
        ScenarioVerdict verdict = judge(run(Map.of(Metric.CPU_PER_RECORD, 5000.0)), baseline(Metric.THROUGHPUT, STEADY));
        MetricVerdict cpu = verdict.metrics().stream().filter(metric -> metric.metric() == Metric.CPU_PER_RECORD).findFirst().orElseThrow();
        assertEquals(Verdict.NEW, cpu.verdict());
        assertEquals("the baseline's runs predate this metric", cpu.reason());
    }

    @Test
    void costPerRecordIsLowerIsBetterWithItsOwnThreshold() {
        double[] cpu = Arrays.stream(STEADY).map(value -> value * 50).toArray();
        Baseline baseline = baseline(Metric.CPU_PER_RECORD, cpu);
        assertEquals(Verdict.REGRESSION, cpuVerdict(judge(run(Map.of(Metric.CPU_PER_RECORD, 6000.0)), baseline)), "+20% beyond +10%");
        assertEquals(Verdict.OK, cpuVerdict(judge(run(Map.of(Metric.CPU_PER_RECORD, 5200.0)), baseline)), "+4% is within +10%");
    }

    @Test
    void theBrokersCpuIsJudgedAgainstTheBaselineOnlyWhereTheScenarioGatesIt() {
        double[] broker = Arrays.stream(STEADY).map(value -> value * 90).toArray();
        Baseline baseline = baseline(Metric.BROKER_CPU_PER_RECORD, broker);
        Judge.Run costlier = run(Map.of(Metric.BROKER_CPU_PER_RECORD, 13500.0));
        assertTrue(judge(costlier, baseline).metrics().stream().noneMatch(metric -> metric.metric().ofBroker()),
                "recorded, not judged, by default");
        Thresholds gated = new Thresholds(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 20,
                Double.NaN);
        MetricVerdict verdict = new Judge(POLICY).judge(costlier, baseline, gated).metrics().stream()
                .filter(metric -> metric.metric() == Metric.BROKER_CPU_PER_RECORD).findFirst().orElseThrow();
        assertEquals(Verdict.REGRESSION, verdict.verdict(), "+50% beyond +20%: " + verdict.line());
        // The referee asks before any judge does: a gated broker figure the run lacks is not judged, never passed.
        assertThrows(MissingFigureException.class, () -> new dev.kafkaperfgate.internal.engine.Referee(POLICY)
                .judge(new dev.kafkaperfgate.internal.engine.Evidence.Stored(run(Map.of()), baseline, gated)));
    }

    private static Verdict cpuVerdict(ScenarioVerdict verdict) {
        return verdict.metrics().stream().filter(metric -> metric.metric() == Metric.CPU_PER_RECORD).findFirst().orElseThrow().verdict();
    }

    private static MetricVerdict throughput(double current, double[] baselineRuns) {
        return judge(run(Map.of(Metric.THROUGHPUT, current)), baseline(Metric.THROUGHPUT, baselineRuns)).metrics().get(0);
    }

    private static ScenarioVerdict judge(Judge.Run run, Baseline baseline) {
        return new Judge(POLICY).judge(run, baseline, Thresholds.DEFAULT);
    }

    private static final String SHA = "0".repeat(64);

    private static JsonNode definition() {
        try {
            return JSON.readTree("{\"producer\": {\"batch.size\": \"16384\", \"linger.ms\": \"0\"}, \"kafkaClients\": \"4.3.1\", "
                    + "\"trials\": 3}");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A run of 100 records/s and 1000 µs p99 unless {@code values} says otherwise. */
    private static Judge.Run run(Map<Metric, Double> values) {
        return new Judge.Run("s", "produce", SHA, definition(), MACHINE, figures(values));
    }

    /** Throughput and p99 always (100 records/s, 1000 µs unless given); any other metric only when given. */
    private static RunFigures figures(Map<Metric, Double> values) {
        Map<Metric, MetricSample> samples = new java.util.EnumMap<>(Metric.class);
        samples.put(Metric.THROUGHPUT, sample(values.getOrDefault(Metric.THROUGHPUT, 100.0)));
        samples.put(Metric.P99, sample(values.getOrDefault(Metric.P99, 1000.0)));
        values.forEach((metric, value) -> samples.put(metric, sample(value)));
        return new RunFigures(samples, null);
    }

    private static MetricSample sample(double value) {
        return new MetricSample(value, new double[] {value});
    }

    /** A baseline whose runs have {@code runs} as {@code metric} and the defaults otherwise. */
    private static Baseline baseline(Metric metric, double[] runs) {
        List<BaselineRun> history = Arrays.stream(runs).mapToObj(value -> new BaselineRun("c", "d", "r", null,
                figures(Map.of(metric, value)))).toList();
        return new Baseline(Path.of("baselines/p/s.json"), Baseline.SCHEMA_VERSION, "p", "s", "produce", 10, SHA, definition(), MACHINE, history);
    }
}
