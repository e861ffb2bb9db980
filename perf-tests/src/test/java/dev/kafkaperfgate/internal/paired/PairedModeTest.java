package dev.kafkaperfgate.internal.paired;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.PerfGate;
import dev.kafkaperfgate.PerfGateException;
import dev.kafkaperfgate.PerfGateOptions;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.worker.WorkerProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Paired mode end to end on a process broker, both sides on this test's own classpath: the same
 * code on both sides passes, and a head made far slower on purpose fails. The effects are large
 * and the scenario's thresholds wide, so that neither outcome depends on this machine's noise.
 */
@Timeout(600)
class PairedModeTest {

    /** An unthrottled producer; thresholds far beyond A/A noise, far below the injected cost. */
    private static final String SCENARIO = """
            name: paired-small
            tags: [smoke]
            workload: produce
            duration: 2s
            record.size: 512
            rate: unlimited
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none, delivery.timeout.ms: 30000, request.timeout.ms: 10000}
            warmup: {min: 3s, max: 6s, window: 1s}
            thresholds: {throughput: -20%, p99: +500%, cpu: +40%, alloc: +40%, wire.bytes: +40%, records.per.request: -60%,
                         broker.cpu: +200%}
            """;

    /**
     * Producer and consumer in one JVM at a fixed rate, measured in warm windows too: one producer
     * and one reader a side for the whole scenario, each window's records read before the next.
     */
    private static final String END_TO_END = """
            name: paired-windows-e2e
            tags: [smoke]
            workload: end-to-end
            duration: 2s
            record.size: 512
            rate: 2000
            producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none}
            consumer: {fetch.min.bytes: 1, fetch.max.wait.ms: 100}
            warmup: {min: 3s, max: 6s, window: 1s}
            thresholds: {throughput: -20%, p99: +500%, cpu: +40%, alloc: +40%, wire.bytes: +40%, records.per.request: -60%}
            """;

    /** A producer at a fixed rate: each window records the response time's p99 and the service time's beside it. */
    private static final String FIXED_RATE = """
            name: paired-windows-throttled
            tags: [smoke]
            workload: produce
            duration: 2s
            record.size: 512
            rate: 2000
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
            warmup: {min: 3s, max: 6s, window: 1s}
            thresholds: {throughput: -20%, p99: +500%, cpu: +40%, alloc: +40%, wire.bytes: +40%, records.per.request: -60%}
            """;

    /** A consumer going round its pre-loaded topic, measured in warm windows: no group join, no new client per window. */
    private static final String CONSUME = """
            name: paired-windows-reads
            tags: [smoke]
            workload: consume
            records: 100000
            record.size: 300
            topic: {partitions: 2}
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
            consumer: {fetch.min.bytes: 1, fetch.max.wait.ms: 100, max.poll.records: 500}
            warmup: {min: 3s, max: 6s, window: 1s}
            thresholds: {throughput: -40%, cpu: +60%, alloc: +60%, wire.bytes: +40%, records.per.request: -60%}
            """;

    @TempDir
    Path dir;
    /** What the runs printed. */
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    /**
     * Both sides on the oldest kafka-clients the gate supports (issue 80): the team's release runs
     * beside the gate's classes in each worker, whatever the gate was built against; the newest
     * runs in ComponentStageTest and in the adopter's workflows.
     */
    @Test
    void theSameCodeOnBothSidesPasses() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        String oldest = dev.kafkaperfgate.internal.kafka.KafkaClientsJars.classPathWith(
                dev.kafkaperfgate.internal.kafka.KafkaClientsJars.oldest());
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), oldest);
        // The head's classes come first on its own classpath, with its own copy of the gate's worker,
        // which would report whatever it likes: the gate's jars go before it, so it is never loaded.
        Path marker = dir.resolve("shadow-was-loaded");
        Path shadow = ShadowClass.compile(dir.resolve("shadow"), WorkerProtocol.MAIN_CLASS, marker);
        Path headClasspath = Files.writeString(dir.resolve("head-classpath.txt"), shadow + File.pathSeparator + oldest);

        // The shadow is never reached (the gate's jars come first), so the client's reach is the same on both sides and the
        // scenario would pass unmeasured: measured anyway here, for the A/A and for the shadow's check.
        GateResult same = run(scenarios, classpath, dir.resolve("aa"), Map.of(GateProperties.HEAD_CLASSPATH_FILE, headClasspath.toString(),
                GateProperties.CLIENTS, "always"));
        assertFalse(Files.exists(marker), "the head's copy of the gate's worker ran");
        assertEquals(GateResult.Outcome.PASS, same.outcome(), same.headline());
        assertTrue(same.headline().startsWith("paired: head vs base test-base: pass"), same.headline());
        assertTrue(same.judged(), "paired verdicts are judgements");
        JsonNode summary = new ObjectMapper().readTree(same.summaryFile().toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(summary);
        assertEquals("paired", summary.at("/mode/name").asText());
        assertEquals(dev.kafkaperfgate.internal.kafka.KafkaClientsJars.oldest(), summary.at("/mode/kafkaClients/base").asText());
        assertEquals(dev.kafkaperfgate.internal.kafka.KafkaClientsJars.oldest(), summary.at("/mode/kafkaClients/head").asText());
        // Warm windows: one producer a side for the whole scenario, measured in alternating windows.
        assertEquals("windows", summary.at("/mode/design").asText(), summary.get("mode").toString());
        // Run without users of their own (no -Dperf.sandbox.*), the summary says whose code ran as whom.
        String self = System.getProperty("user.name");
        assertEquals("the base's code runs as " + self + ", the gate's own user; the head's code runs as " + self + ", the gate's own user",
                summary.at("/mode/isolation").asText());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("[paired-small] 8 warm windows of 1.0 s (2 ABBA blocks)"),
                console.toString(StandardCharsets.UTF_8));
        JsonNode trials = summary.at("/scenarios/0/paired/trials");
        assertEquals("ABBABAAB", trials.path("order").asText());
        assertEquals(4, trials.at("/base/throughput").size(), "each side's windows, in run order");
        assertEquals(4, trials.at("/head/throughput").size());
        // The producer's I/O thread's part of the allocation beside it in every window, held at the base's for its verdict.
        assertEquals(4, trials.at("/head/ioAllocBytesPerRecord").size(), trials.toString());
        GateResult.MetricResult allocation = same.scenarios().get(0).metrics().stream()
                .filter(metric -> metric.metric() == GateResult.Metric.ALLOC_PER_RECORD).findFirst().orElseThrow();
        assertTrue(allocation.line().contains(": judged with the producer's I/O thread held at the base's "), allocation.line());
        assertEquals("ABBA blocks", summary.at("/scenarios/0/metrics/0/samples").asText());
        // The stalls while each window ran (the side's GC pauses, the machine's steal), in run order, shown beside the p99.
        assertEquals(4, trials.at("/stalls/base/gcPauseMillis").size(), trials.path("stalls").toString());
        assertEquals(4, trials.at("/stalls/head/stealMillis").size(), trials.path("stalls").toString());
        assertTrue(trials.at("/stalls/line").asText().startsWith("GC pauses: base "), trials.path("stalls").toString());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("[paired-small] stalls in the windows (not judged): GC pauses: "),
                console.toString(StandardCharsets.UTF_8));
        // The broker's side of each trial, from its JMX: it received what each side sent.
        JsonNode brokerSide = trials.path("brokerMetrics");
        assertTrue(brokerSide.at("/messages-in/base").asDouble() > 0 && brokerSide.at("/messages-in/head").asDouble() > 0, trials.toString());
        assertTrue(brokerSide.has("produce-TotalTimeMs-mean"), brokerSide.toString());
        // The scenario gates the broker's CPU per record: judged like the client's figures; the produce time it does not name is not.
        GateResult.MetricResult brokerCpu = same.scenarios().get(0).metrics().stream()
                .filter(metric -> metric.metric() == GateResult.Metric.BROKER_CPU_PER_RECORD).findFirst().orElseThrow();
        assertTrue(brokerCpu.current() > 0 && brokerCpu.line().startsWith("brokerCpuNsPerRecord"), brokerCpu.line());
        assertTrue(same.scenarios().get(0).metrics().stream().noneMatch(metric -> metric.metric() == GateResult.Metric.BROKER_PRODUCE_TIME));

    }

    /** The end-to-end, consume and fixed-rate scenarios in warm windows too (slow tier: three more scenarios, about 90 s). */
    @Test
    @SlowTier
    void endToEndAndConsumeScenariosRunInWarmWindowsToo() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        Files.writeString(scenarios.resolve("paired-windows-e2e.yaml"), END_TO_END);
        Files.writeString(scenarios.resolve("paired-windows-reads.yaml"), CONSUME);
        Files.writeString(scenarios.resolve("paired-windows-throttled.yaml"), FIXED_RATE);
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        // A head classpath that differs (a class of its own first), so that its clients are measured.
        Path shadow = ShadowClass.compile(dir.resolve("shadow"), WorkerProtocol.MAIN_CLASS, dir.resolve("shadow-was-loaded"));
        Path headClasspath = Files.writeString(dir.resolve("head-classpath.txt"),
                shadow + File.pathSeparator + System.getProperty("java.class.path"));
        GateResult same = run(scenarios, classpath, dir.resolve("aa"), Map.of(GateProperties.HEAD_CLASSPATH_FILE, headClasspath.toString()));
        assertEquals(GateResult.Outcome.PASS, same.outcome(), same.headline());
        JsonNode summary = new ObjectMapper().readTree(same.summaryFile().toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(summary);
        // The end-to-end scenario in warm windows too: its p99 is send to receive, each window's records all read.
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("[paired-windows-e2e] 8 warm windows of 1.0 s (2 ABBA blocks)"),
                console.toString(StandardCharsets.UTF_8));
        JsonNode endToEnd = summary.at("/scenarios/1");
        assertEquals("paired-windows-e2e", endToEnd.path("scenario").asText(), endToEnd.toString());
        assertEquals(4, endToEnd.at("/paired/trials/base/throughput").size(), endToEnd.toString());
        assertEquals(4, endToEnd.at("/paired/trials/head/throughput").size());
        GateResult.ScenarioResult e2e = same.scenarios().get(1);
        assertEquals(GateResult.ScenarioOutcome.PASSED, e2e.outcome(), e2e.toString());
        GateResult.MetricResult p99 = e2e.metrics().stream().filter(metric -> metric.metric() == GateResult.Metric.P99).findFirst()
                .orElseThrow();
        assertTrue(p99.current() > 0 && p99.line().startsWith("p99Us"), p99.line());

        // The consume scenario in warm windows: one consumer a side going round the 100,000 records it pre-loaded.
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("[paired-windows-reads] 8 warm windows of 1.0 s (2 ABBA blocks)"), printed);
        GateResult.ScenarioResult reads = same.scenarios().get(2);
        assertEquals("paired-windows-reads", reads.name());
        assertEquals(GateResult.ScenarioOutcome.PASSED, reads.outcome(), reads.toString());
        GateResult.MetricResult readRate = reads.metrics().stream().filter(metric -> metric.metric() == GateResult.Metric.THROUGHPUT)
                .findFirst().orElseThrow();
        assertTrue(readRate.current() > 10_000, "a warm consumer reads far more than 10k records/s from a local broker: " + readRate.line());
        assertEquals(4, summary.at("/scenarios/2/paired/trials/head/cpuNsPerRecord").size(), summary.at("/scenarios/2").toString());

        assertTrue(summary.at("/scenarios/1/paired/trials/base").path("serviceP99Us").isMissingNode(),
                "an end-to-end scenario's p99 is send to receive, with no second basis");

        // At a fixed rate each window carries two p99s, the response time's and the service time's; one p99 verdict.
        JsonNode fixedRate = summary.at("/scenarios/3");
        assertEquals("paired-windows-throttled", fixedRate.path("scenario").asText(), fixedRate.toString());
        for (String side : List.of("base", "head")) {
            JsonNode windows = fixedRate.at("/paired/trials/" + side);
            assertEquals(4, windows.path("p99Us").size(), windows.toString());
            assertEquals(4, windows.path("serviceP99Us").size(), windows.toString());
            windows.path("serviceP99Us").forEach(value -> assertTrue(value.asDouble() > 0, windows.toString()));
        }
        assertEquals(1, same.scenarios().get(3).metrics().stream().filter(metric -> metric.metric() == GateResult.Metric.P99).count(),
                "the service time is the p99's other basis, not a verdict of its own: " + same.scenarios().get(3));
    }

    /**
     * Head and base with the same classes (by content) and the same scenario: nothing the clients
     * run changed, so nothing is measured, and the run passes saying so in its headline. (A changed
     * classpath is measured: the test above; a changed setting: SubjectDigestTest.)
     */
    // Slow tier (16 s; 32 s while it started a broker): the act test's first pull request (a README change) takes this path on every CI run.
    @SlowTier
    @Test
    void aScenarioWhoseClientsRunNothingChangedIsNotMeasuredAndPasses() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        Path head = scenarios(dir.resolve("head-perf"), SCENARIO);
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        GateResult result = run(scenarios, classpath, dir.resolve("unchanged"), Map.of(GateProperties.SCENARIOS_DIR, head.toString()));
        assertEquals(GateResult.Outcome.PASS, result.outcome(), result.headline());
        assertEquals(0, result.exitCode());
        assertTrue(result.headline().startsWith("paired: head vs base test-base: pass: nothing the clients run changed (1 scenario "
                + "not measured"), result.headline());
        assertEquals(GateResult.ScenarioOutcome.UNCHANGED, result.scenarios().get(0).outcome());
        assertFalse(console.toString(StandardCharsets.UTF_8).contains("[paired-small] base warm-up"), "nothing was measured");
        // Nothing needed a broker, so none was started (issue 73: measure what the change can reach, and no more).
        assertFalse(console.toString(StandardCharsets.UTF_8).contains("broker warm-up"), console.toString(StandardCharsets.UTF_8));
        JsonNode summary = new ObjectMapper().readTree(result.summaryFile().toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(summary);
        assertEquals("not started", summary.at("/fingerprint/brokerMode").asText(), summary.toString());
        assertTrue(summary.path("ruler").isMissingNode(), "no broker, no ruler: " + summary);
    }

    /** 40 µs of CPU per record in the head's send path: throughput falls by more than half, and a second measurement confirms it. */
    // Slow tier: a flagged run measures twice, on two pairs of worker JVMs (about 130 s). The fast tier fails a pull request end
    // to end in the adopter's act test, and ScenarioEngineTest holds the confirmation rule.
    @SlowTier
    @Test
    void aMuchSlowerHeadFailsAndASecondMeasurementConfirmsIt() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        GateResult slower = run(scenarios, classpath, dir.resolve("ab"), Map.of(GateProperties.INJECT_BURN_NS, "40000"));
        assertEquals(GateResult.Outcome.REGRESSION, slower.outcome(), slower.headline());
        assertEquals(1, slower.exitCode());
        assertTrue(slower.headline().contains("paired-small (") && slower.headline().contains("throughput"), slower.headline());
        JsonNode regressed = new ObjectMapper().readTree(slower.summaryFile().toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(regressed);
        assertTrue(regressed.at("/scenarios/0/confirmation/metrics").size() > 0, "confirmed by a second measurement");
        assertEquals(4, regressed.at("/scenarios/0/paired/confirmationTrials/head/throughput").size());
        // The whole client's flag waited for every scenario's first look, then was confirmed.
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("[paired-small] regression flagged: confirmed once every scenario has had its first look"), printed);
        assertTrue(printed.indexOf("confirmation 1 of 1: paired-small") > printed.indexOf("regression flagged: confirmed once"), printed);
        // The first measurement warms the base's worker first, the confirmation's fresh pair the head's.
        int confirming = printed.indexOf("confirmation 1 of 1: paired-small");
        assertTrue(printed.indexOf("[paired-small] base warm-up") < printed.indexOf("[paired-small] head warm-up"), printed);
        assertTrue(printed.indexOf("[paired-small] head warm-up", confirming) < printed.indexOf("[paired-small] base warm-up", confirming),
                printed.substring(confirming));
        // Where it went (issue 59), after the verdict: a few more windows of each worker, recorded by JFR; the burn leads.
        JsonNode went = regressed.at("/scenarios/0/paired/whereItWent");
        assertEquals("record", went.path("per").asText(), went.toString());
        assertTrue(went.at("/cpu/0/frame").asText().startsWith("dev.kafkaperfgate.internal.workload.InjectedCostInterceptor.onSend("),
                "the injected burn's frame gained most per record: " + went.path("cpu"));
        Path recordings = slower.summaryFile().getParent().resolve("client");
        for (String file : List.of("paired-small.base.jfr", "paired-small.head.jfr", "paired-small.head.cpu.collapsed")) {
            assertTrue(Files.size(recordings.resolve(file)) > 0, file);
        }
        assertTrue(printed.contains("[paired-small] where it went, the whole client ("), printed);
    }

    /**
     * A whole-client metric the first blocks cannot decide is measured with more blocks, each look
     * at α / looks. Throughput's threshold is a hundredth of a percent, far inside A/A noise, so its
     * interval straddles it; every other threshold is far outside it. The one way the run does not
     * grow is a first look that already decided throughput (a significant A/A difference, at α/2):
     * then the run must say so, and the test says which way it went.
     */
    // Slow tier: a paired run of up to four blocks on one pair of workers (about 70 s), an option that is off by default.
    @SlowTier
    @Test
    void anInconclusiveWholeClientMetricIsMeasuredWithMoreBlocks() throws IOException {
        Path scenarios = scenarios(dir.resolve("looks-perf"), SCENARIO.replace("thresholds: {throughput: -20%,", "thresholds: {throughput: -0.01%,"));
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        GateResult result = run(scenarios, classpath, dir.resolve("looks"), Map.of(GateProperties.PAIRED_LOOKS, "2"));
        JsonNode summary = new ObjectMapper().readTree(result.summaryFile().toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(summary);
        assertEquals(2, summary.at("/mode/looks").asInt(), summary.get("mode").toString());
        JsonNode trials = summary.at("/scenarios/0/paired/trials");
        JsonNode throughput = summary.at("/scenarios/0/metrics/0");
        assertEquals("throughput", throughput.path("metric").asText(), throughput.toString());
        if (trials.at("/head/throughput").size() == 4) {
            // The first look decided: throughput was significant either way, never left INCONCLUSIVE after one look.
            System.out.println("PairedModeTest: the first look decided throughput: " + throughput.path("line").asText());
            assertTrue(!"INCONCLUSIVE".equals(throughput.path("verdict").asText()), throughput.toString());
            assertEquals(2, throughput.path("baselineRuns").asInt(), throughput.toString());
        } else {
            assertEquals(8, trials.at("/head/throughput").size(), "two blocks, then two more: " + trials);
            assertEquals(8, trials.at("/base/throughput").size());
            assertEquals("ABBABAABABBABAAB", trials.path("order").asText().replaceAll("[^AB]", ""));
            assertEquals(4, throughput.path("baselineRuns").asInt(), "the blocks spent are reported: " + throughput);
            assertEquals("ABBA blocks", throughput.path("samples").asText());
        }
    }

    /**
     * A pull request that makes the broker work harder: the head's producer sends one record per
     * batch (batch.size 600 for 512-byte records), so the broker handles a request per record. The
     * scenario gates the broker's CPU per record, and that verdict fails the run, confirmed.
     */
    // Slow tier: two paired runs' worth of trials (a confirmation), about 90 s; the fast tier judges the figure in the A/A above.
    @SlowTier
    @Test
    void aHeadThatMakesTheBrokerWorkHarderFailsOnTheBrokersCpuPerRecord() throws IOException {
        Path base = scenarios(dir.resolve("base-perf"), SCENARIO);
        Path head = scenarios(dir.resolve("head-perf"), SCENARIO.replace("batch.size: 16384", "batch.size: 600"));
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        GateResult result = run(base, classpath, dir.resolve("broker"), Map.of(GateProperties.SCENARIOS_DIR, head.toString()));
        assertEquals(GateResult.Outcome.REGRESSION, result.outcome(), result.headline());
        GateResult.MetricResult brokerCpu = result.scenarios().get(0).metrics().stream()
                .filter(metric -> metric.metric() == GateResult.Metric.BROKER_CPU_PER_RECORD).findFirst().orElseThrow();
        assertEquals(GateResult.Verdict.REGRESSION, brokerCpu.verdict(), brokerCpu.line());
        assertTrue(brokerCpu.deltaPercent() > 200, brokerCpu.line());
    }

    @Test
    void aBaseWithoutTheGateFallsBackToStoredBaselinesAndSaysWhy() throws IOException {
        Path scenarios = scenarios(dir.resolve("perf"), SCENARIO);
        // A classpath without the gate library: what a base from before the gate was adopted has.
        String kafkaOnly = System.getProperty("java.class.path").replaceAll("[^:]*(test-classes|classes)(:|$)", "");
        Path classpath = Files.writeString(dir.resolve("no-gate.txt"), kafkaOnly);
        Map<String, String> properties = Map.of(GateProperties.BASE_CLASSPATH_FILE, classpath.toString(),
                GateProperties.BASE_SCENARIOS_DIR, scenarios.toString(), GateProperties.SCENARIOS_DIR, scenarios.toString());
        PairedUnavailableException e = assertThrows(PairedUnavailableException.class,
                () -> PairedMode.open(GateSettings.of(properties), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().startsWith("the base's test classpath has no kafka-perf-gate library"), e.getMessage());
        assertTrue(e.baseWithoutGate(), "the pull request adopts the gate");
    }

    /** A release older than the range is the side's input, named in one line: not judged, exit 2, never a stack trace. */
    @Test
    void aKafkaClientsOlderThanTheRangeIsNotJudgedInOneLine() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        String tooOld = dev.kafkaperfgate.internal.kafka.KafkaClientsJars.tooOld();
        Path classpath = Files.writeString(dir.resolve("classpath.txt"),
                dev.kafkaperfgate.internal.kafka.KafkaClientsJars.classPathWith(tooOld));
        PerfGateException e = assertThrows(PerfGateException.class,
                () -> run(scenarios, classpath, dir.resolve("too-old"), Map.of(GateProperties.CLIENTS, "always")));
        assertEquals(PerfGateException.Kind.INVALID_INPUT, e.kind(), e.getMessage());
        assertEquals(2, e.exitCode());
        assertEquals("the base's kafka-clients " + tooOld + " is older than the oldest release the gate supports ("
                + dev.kafkaperfgate.internal.kafka.KafkaClients.OLDEST_SUPPORTED + " to "
                + dev.kafkaperfgate.internal.kafka.KafkaClients.NEWEST_TESTED + " and newer): upgrade kafka-clients, or run an older "
                + "kafka-perf-gate", e.getMessage());
    }

    @Test
    void aBaseWhoseWorkerFailsIsAFailureNeverReadAsABaseWithoutTheGate() throws IOException {
        Path scenarios = scenarios(dir.resolve("perf"), SCENARIO);
        // The gate's classes, but none of the libraries they need: the base's worker dies at its first command.
        String gateOnly = GateCode.location(PerfGate.class);
        Path classpath = Files.writeString(dir.resolve("gate-only.txt"), gateOnly);
        PerfGateException e = assertThrows(PerfGateException.class,
                () -> run(scenarios, classpath, dir.resolve("broken-base"), Map.of()));
        assertEquals(PerfGateException.Kind.INFRASTRUCTURE, e.kind(), e.getMessage());
        assertEquals(3, e.exitCode());
        assertTrue(e.getMessage().startsWith("base worker"), e.getMessage());
    }

    @Test
    void aBaseWhoseScenariosDoNotParseIsNamedAndNothingIsMeasured() throws IOException {
        Path broken = scenarios(dir.resolve("broken"), SCENARIO.replace("rate: unlimited", "rate: fast"));
        Path good = scenarios(dir.resolve("good"), SCENARIO);
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        Map<String, String> properties = Map.of(GateProperties.BASE_CLASSPATH_FILE, classpath.toString(),
                GateProperties.BASE_SCENARIOS_DIR, broken.toString(), GateProperties.SCENARIOS_DIR, good.toString());
        PairedUnavailableException e = assertThrows(PairedUnavailableException.class,
                () -> PairedMode.open(GateSettings.of(properties), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().startsWith("the base's scenarios in " + broken + " cannot be read"), e.getMessage());
        assertTrue(e.getMessage().contains("paired-small.yaml"), "names the file: " + e.getMessage());
    }

    /**
     * Issue 73: the head's own files are the pull request's fault, not the machine's. A head whose
     * scenario names a client config that is a link its worker cannot follow is not judged, exit 2
     * (INVALID_INPUT), with the side and the file named; exit 3 would say "retry".
     */
    @Test
    void aHeadWhoseOwnConfigFileCannotBeReadIsNotJudgedAndNamedNotAnInfrastructureError() throws IOException {
        Path base = scenarios(dir.resolve("base-perf"), SCENARIO);
        Path head = scenarios(dir.resolve("head-perf"), SCENARIO + "producer.config: producer.properties\n");
        Files.createSymbolicLink(head.resolve("producer.properties"), dir.resolve("nowhere/producer.properties"));
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        dev.kafkaperfgate.PerfGateException refused = org.junit.jupiter.api.Assertions.assertThrows(dev.kafkaperfgate.PerfGateException.class,
                () -> run(base, classpath, dir.resolve("bad-head"), Map.of(GateProperties.SCENARIOS_DIR, head.toString())));
        assertEquals(dev.kafkaperfgate.PerfGateException.Kind.INVALID_INPUT, refused.kind(), refused.getMessage());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.getMessage().startsWith("the head's scenario files in " + head), refused.getMessage());
        assertTrue(refused.getMessage().contains("producer.properties"), "the file is named: " + refused.getMessage());
    }

    /**
     * The broker starts when a scenario's whole client is first measured (issue 73); a run whose
     * broker does not start is still the infrastructure's failure, exit 3, named once: not each
     * scenario's error, and not the pull request's.
     */
    @Test
    void aBrokerThatDoesNotStartStopsTheRunAsTheInfrastructuresFailure() throws IOException {
        Path scenarios = scenarios(dir.resolve("base-perf"), SCENARIO);
        Path classpath = Files.writeString(dir.resolve("classpath.txt"), System.getProperty("java.class.path"));
        dev.kafkaperfgate.PerfGateException stopped = org.junit.jupiter.api.Assertions.assertThrows(dev.kafkaperfgate.PerfGateException.class,
                () -> run(scenarios, classpath, dir.resolve("no-broker"), Map.of(GateProperties.CLIENTS, "always",
                        GateProperties.BROKER_CLASSPATH_FILE, Files.writeString(dir.resolve("broker.classpath"), "/nowhere/kafka.jar").toString())));
        assertEquals(dev.kafkaperfgate.PerfGateException.Kind.INFRASTRUCTURE, stopped.kind(), stopped.getMessage());
        assertEquals(3, stopped.exitCode());
        assertTrue(stopped.getMessage().startsWith("the run's broker did not start: "), stopped.getMessage());
        // The published summary says why too (gate.sh reads it, and keeps the deciding JVM's 3 for a run that stopped).
        JsonNode summary = new ObjectMapper().readTree(dir.resolve("no-broker").resolve("summary.json").toFile());
        assertEquals("INCOMPLETE", summary.at("/decision/outcome").asText(), summary.toString());
        assertTrue(summary.at("/decision/headline").asText().startsWith("paired: head vs base test-base: run INCOMPLETE: the run stopped: "
                        + "the run's broker did not start: process broker: "),
                summary.at("/decision/headline").asText());
    }

    private GateResult run(Path scenarios, Path classpath, Path results, Map<String, String> extra) {
        PerfGateOptions.Builder options = PerfGateOptions.builder().suite("smoke").scenariosDir(scenarios)
                .baselinesDir(dir.resolve("baselines")).resultsDir(results).broker(PerfGateOptions.Broker.PROCESS).brokerWarmup(Duration.ofSeconds(5))
                .property(GateProperties.BASE_CLASSPATH_FILE, classpath.toString())
                .property(GateProperties.BASE_SCENARIOS_DIR, scenarios.toString())
                .property(GateProperties.BASE_COMMIT, "test-base")
                .property(GateProperties.PAIRED_BLOCKS, "2")
                .property(GateProperties.PAIRED_LOOKS, "1")
                .property(GateProperties.PAIRED_TRIAL, "2s")
                // New worker JVMs warm up for 15 s by default; the effects judged here are tenfold, and the
                // steadiness test still runs past this minimum.
                .pairedWarmup(Duration.ofSeconds(5))
                // One settle trial a side instead of up to 6 (JitSettleTest holds the rule).
                .pairedSettle(1)
                .property(GateProperties.WORKER_JVM_FLAGS, "-Xms256m -Xmx256m -XX:+UseG1GC");
        extra.forEach(options::property);
        return PerfGate.run(options.build(), new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    private static Path scenarios(Path directory, String scenario) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("paired-small.yaml"), scenario);
        return directory;
    }
}
