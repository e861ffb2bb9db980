package dev.kafkaperfgate.internal.stored;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.MachineClass;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenario files of every workload run on a process broker, as the perf suite runs them: a
 * scenario that fails is reported with its name, the next one still runs, and the run
 * summary says the run is incomplete.
 */
@Timeout(300)
class ScenarioRunnerTest {

    /** delivery.timeout.ms bounded: no test waits on the client's 120 s default. */
    private static final String PRODUCER = "producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: lz4, "
            + "delivery.timeout.ms: 20000, request.timeout.ms: 10000}\n";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = BrokerSelector.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS), System.out);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aFailingScenarioIsNamedTheOthersRunAndTheRunIsIncomplete() throws IOException {
        Path results = dir.resolve("results");
        // The console as a person reads it, kept for the progress lines' check below.
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        PrintStream console = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                System.out.write(b);
                printed.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                System.out.write(bytes, offset, length);
                printed.write(bytes, offset, length);
            }
        }, true, java.nio.charset.StandardCharsets.UTF_8);
        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(broker, count -> {
            throw new AssertionError("no scenario here regresses: nothing to re-run");
        }, console), results, null, console);
        List<Scenario> scenarios = parse(
                scenario("refused-topic", "produce", "topic: {configs: {cleanup.policy: bogus}}\nduration: 2s\nrecord.size: 100\nrate: 1000\nwarmup: none\ntrials: 1\n"),
                scenario("consume-small", "consume", "topic: {partitions: 3}\nrecords: 30000\nrecord.size: 300\ntrials: 2\n"
                        + "warmup: {min: 1s, max: 5s, windows: 2, tolerance: 0.5}\n"),
                scenario("e2e-small", "end-to-end", "duration: 2s\nrecord.size: 1024\nrate: 2000\nwarmup: none\ntrials: 2\n"
                        + "consumer: {fetch.min.bytes: 1}\n"));

        // No baselines, but e2e-small has a nightly history: 26 nights at 2500 records/s, then 2 at its rate of 2000, and tonight.
        Path classDir = Files.createDirectories(dir.resolve("no-baselines").resolve("test").resolve(MachineClass.current()));
        StringBuilder nights = new StringBuilder();
        for (int night = 0; night < 28; night++) {
            nights.append(String.format(java.util.Locale.ROOT, "{\"commit\":\"c%d\",\"date\":\"2026-10-%02dT03:17:00Z\",\"runId\":\"r%d\","
                    + "\"definitionSha256\":\"%s\",\"values\":{\"throughput\":%.1f}}%n", night, 1 + night, night,
                    ResultFile.definitionSha256(scenarios.get(2)), (night < 26 ? 2500 : 2000) + (night % 2) * 2.0));
        }
        Files.writeString(NightlyHistory.file(classDir, "e2e-small"), nights);
        runner.begin("pr", scenarios, BaselineStore.load(dir.resolve("no-baselines"), "test",
                scenarios.stream().map(Scenario::name).toList()), GateSettings.of(Map.of()));
        ScenarioFailedException rejected = assertThrows(ScenarioFailedException.class, () -> runner.run(scenarios.get(0)));
        assertTrue(rejected.getMessage().startsWith("scenario refused-topic (refused-topic.yaml): the cluster refused to create topic "), rejected.getMessage());
        assertTrue(rejected.getMessage().contains("Invalid value bogus for configuration cleanup.policy"), rejected.getMessage());

        JsonNode consume = JSON.readTree(runner.run(scenarios.get(1)).toFile());
        assertEquals("consume", consume.get("workload").asText());
        assertEquals(30_000, consume.at("/preload/records").asLong());
        assertTrue(consume.at("/warmup/windows").size() >= 2, "warm-up reads until two reads agree: " + consume.get("warmup"));
        assertEquals(2, consume.get("trials").size());
        for (JsonNode trial : consume.get("trials")) {
            assertEquals(30_000, trial.get("records").asLong(), "every record read exactly once");
            assertEquals(30_000L * 300, trial.get("bytes").asLong());
            assertTrue(trial.get("rebalanceTimeMs").asDouble() > 0, trial.toString());
            assertTrue(trial.get("fetchRecordsPerSec").asDouble() > trial.get("recordsPerSec").asDouble(),
                    "the fetch alone is faster than fetch plus join: " + trial);
            assertTrue(trial.at("/pollGapUs/count").asLong() > 0, trial.toString());
        }

        JsonNode e2e = JSON.readTree(runner.run(scenarios.get(2)).toFile());
        assertEquals("end-to-end", e2e.get("workload").asText());
        assertEquals(ResultFile.definitionSha256(scenarios.get(2)), e2e.get("definitionSha256").asText(), "the history's nights are of this definition");
        assertEquals("1", e2e.at("/definition/consumer/fetch.min.bytes").asText());
        for (JsonNode trial : e2e.get("trials")) {
            assertEquals(trial.get("records").asLong(), trial.at("/endToEndLatencyUs/count").asLong(),
                    "one end-to-end latency per record sent: " + trial);
            assertTrue(trial.at("/endToEndLatencyUs/p50").asLong() > 0, trial.toString());
            assertTrue(trial.at("/endToEndLatencyUs/p99.9").asLong() >= trial.at("/endToEndLatencyUs/p99").asLong());
            // The broker's side of the trial, read from the process broker's JMX: what it received, and what the reader fetched.
            assertEquals(trial.get("records").asDouble(), trial.at("/brokerSide/messages-in").asDouble(), 0.0, trial.toString());
            assertTrue(trial.at("/brokerSide/fetch-requests").asDouble() > 0, trial.toString());
        }

        runner.finish();
        // A long run says after every trial how far it is, with the time left while there is some.
        String lines = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(java.util.regex.Pattern.compile("\\[kafka-perf-gate] scenario 2 of 3, trial 1 of 2 done \\(\\d+m\\d\\ds elapsed, "
                + "about \\d+m\\d\\ds left\\)").matcher(lines).find(), lines);
        assertTrue(java.util.regex.Pattern.compile("\\[kafka-perf-gate] scenario 3 of 3, trial 2 of 2 done \\(\\d+m\\d\\ds elapsed\\)\\n")
                .matcher(lines).find(), "the last trial has nothing left: " + lines);
        // The report shows each trial's broker side; the browser test (src/test/browser) checks what a reader sees of it.
        Path reports = Files.createDirectories(Path.of("target/report-test"));
        Files.copy(results.resolve("report.html"), reports.resolve("report-broker.html"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        JsonNode run = JSON.readTree(results.resolve("summary.json").toFile());
        assertFalse(run.get("complete").asBoolean());
        assertEquals("INCOMPLETE", run.at("/decision/outcome").asText());
        assertEquals(2, run.at("/decision/exitCode").asInt());
        assertTrue(run.at("/decision/headline").asText().startsWith("run INCOMPLETE: refused-topic (failed): "), run.toString());
        assertEquals(List.of("failed", "passed", "passed"),
                run.get("scenarios").findValuesAsText("outcome"));
        assertTrue(run.at("/scenarios/0/message").asText().contains("refused-topic"), run.toString());
        assertEquals("NEW", run.at("/scenarios/1/verdict").asText(), "no baseline: every metric is NEW");
        assertEquals(List.of("throughput", "cpuNsPerRecord", "allocBytesPerRecord", "wireBytesPerRecord", "recordsPerRequest"),
                run.at("/scenarios/1/metrics").findValuesAsText("metric"), "a consume scenario has no p99");
        assertEquals(List.of("throughput", "p99Us", "cpuNsPerRecord", "allocBytesPerRecord", "wireBytesPerRecord", "recordsPerRequest"),
                run.at("/scenarios/2/metrics").findValuesAsText("metric"));
        assertEquals(2, run.at("/counts/NEW").asInt());
        // The trend across nightlies: e2e-small's throughput stepped down 20% three nights ago (tonight included).
        JsonNode trend = run.at("/scenarios/2/trend");
        assertEquals(29, trend.get("nights").asInt(), trend.toPrettyString());
        assertEquals(List.of("throughput"), trend.get("steps").findValuesAsText("metric"), trend.toPrettyString());
        assertTrue(trend.at("/steps/0/flagged").asBoolean(), trend.toPrettyString());
        assertEquals(3, trend.at("/steps/0/nightsSince").asInt());
        assertEquals("c26", trend.at("/steps/0/commit").asText());
        assertTrue(run.at("/decision/headline").asText().contains("; STEP CHANGE across nightlies (not a verdict of this run: bisect from "
                + "the commit named): e2e-small throughput -20."), run.at("/decision/headline").asText());
        assertTrue(run.at("/scenarios/1/trend").isMissingNode(), "a scenario without a history has no trend");
    }

    @Test
    void theTeamsOwnRecordsSerializersInterceptorAndWrapperAreWhatIsMeasured() throws IOException {
        Path results = dir.resolve("user-code-results");
        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(broker, count -> {
            throw new AssertionError("nothing to re-run");
        }, System.out), results, null, System.out);
        String userCode = """
                name: orders-%s
                tags: [orders-service]
                workload: %s
                topic: {partitions: 2}
                %s
                record.source: {class: dev.kafkaperfgate.usercode.WordRecords, config: {words: "6"}}
                producer.factory: dev.kafkaperfgate.usercode.TaggingProducers
                producer:
                  acks: all
                  linger.ms: 1
                  batch.size: 16384
                  compression.type: none
                  delivery.timeout.ms: 20000
                  request.timeout.ms: 10000
                  key.serializer: org.apache.kafka.common.serialization.StringSerializer
                  value.serializer: org.apache.kafka.common.serialization.StringSerializer
                  interceptor.classes: dev.kafkaperfgate.usercode.CountingInterceptor
                warmup: none
                trials: 2
                """;
        List<Scenario> scenarios = parse(
                userCode.formatted("produce", "produce", "duration: 2s\nrate: 2000"),
                userCode.formatted("e2e", "end-to-end", "duration: 2s\nrate: 1000")
                        + "consumer: {value.deserializer: org.apache.kafka.common.serialization.StringDeserializer, "
                        + "key.deserializer: org.apache.kafka.common.serialization.StringDeserializer}\n");
        runner.begin("orders-service", scenarios, BaselineStore.load(dir.resolve("no-baselines"), "test", List.of()), GateSettings.of(Map.of()));
        long wrappedBefore = dev.kafkaperfgate.usercode.TaggingProducers.SENT.get();
        long ackedBefore = dev.kafkaperfgate.usercode.CountingInterceptor.ACKED.get();

        JsonNode produce = JSON.readTree(runner.run(scenarios.get(0)).toFile());
        long sent = 0;
        for (JsonNode trial : produce.get("trials")) {
            sent += trial.get("records").asLong();
            // Six words of 4-8 letters and a space each: the serialized strings, not a fixed record size.
            double bytesPerRecord = trial.get("bytes").asDouble() / trial.get("records").asLong();
            assertTrue(bytesPerRecord > 6 * 5 && bytesPerRecord < 6 * 9, "serialized size per record: " + bytesPerRecord);
            assertTrue(trial.at("/cost/cpuNsPerRecord").asDouble() > 0, trial.toString());
            assertTrue(trial.at("/cost/allocBytesPerRecord").asDouble() > 0, trial.toString());
            assertTrue(trial.at("/cost/wireBytesPerRecord").asDouble() > bytesPerRecord,
                    "on the wire: the value, key, header and protocol overhead: " + trial);
            assertTrue(trial.at("/cost/recordsPerRequest").asDouble() >= 1, trial.toString());
        }
        assertEquals(sent, dev.kafkaperfgate.usercode.TaggingProducers.SENT.get() - wrappedBefore,
                "every measured record went through the team's wrapper");
        assertEquals(sent, dev.kafkaperfgate.usercode.CountingInterceptor.ACKED.get() - ackedBefore,
                "and through the team's interceptor");
        assertEquals("dev.kafkaperfgate.usercode.TaggingProducers", produce.at("/definition/producerFactory").asText());
        assertEquals("dev.kafkaperfgate.usercode.WordRecords", produce.at("/definition/recordSource/class").asText());

        JsonNode e2e = JSON.readTree(runner.run(scenarios.get(1)).toFile());
        for (JsonNode trial : e2e.get("trials")) {
            assertEquals(trial.get("records").asLong(), trial.at("/endToEndLatencyUs/count").asLong(),
                    "the team's deserializers read every record: " + trial);
        }
        runner.finish();
    }

    private static String scenario(String name, String workload, String rest) {
        return "name: " + name + "\ntags: [pr]\nworkload: " + workload + "\n" + PRODUCER + rest;
    }

    private static List<Scenario> parse(String... files) throws IOException {
        List<Scenario> scenarios = new ArrayList<>();
        List<ValidationError> errors = new ArrayList<>();
        for (String text : files) {
            String name = text.substring("name: ".length(), text.indexOf('\n'));
            scenarios.addAll(ScenarioFileParser.parse(Files.writeString(dir.resolve(name + ".yaml"), text), errors));
        }
        assertEquals(List.of(), errors);
        return scenarios;
    }

    /**
     * A trogdor scenario end to end on this machine: the gate starts a Trogdor coordinator and two
     * agents (each its own JVM, from Kafka's Trogdor jars and the gate's), hands each agent its half
     * of the rate as the gate's own task, and adds their figures up into one result file, judged like
     * any other. The broker's own count of what it received checks the agents' figures. An
     * end-to-end scenario then runs on the same agents, each reading its own records back.
     */
    @Test
    void aTrogdorScenariosAgentsShareTheRateAndTheirFiguresAddUpToTheRun() throws IOException {
        Path file = Files.writeString(dir.resolve("trogdor-produce.yaml"), """
                name: trogdor-produce
                workload: produce
                tags: [nightly]
                topic: {partitions: 2}
                duration: 2s
                record.size: 512
                rate: 2000
                producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none, delivery.timeout.ms: 20000, request.timeout.ms: 10000}
                warmup: {min: 1s, max: 1s, window: 1s}
                trials: 2
                trogdor: {agents: 2}
                """);
        Path endToEndFile = Files.writeString(dir.resolve("trogdor-e2e.yaml"), Files.readString(file)
                .replace("trogdor-produce", "trogdor-e2e").replace("workload: produce", "workload: end-to-end")
                .replace("trials: 2", "trials: 1\nconsumer: {fetch.max.wait.ms: 50}"));
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>(ScenarioFileParser.parse(file, errors));
        scenarios.addAll(ScenarioFileParser.parse(endToEndFile, errors));
        assertEquals(List.of(), errors);

        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(broker, count -> {
            throw new AssertionError("one broker serves this test");
        }, System.out), dir.resolve("trogdor-results"), null, System.out);
        runner.begin("nightly", scenarios, BaselineStore.load(dir.resolve("trogdor-baselines"), "test",
                List.of("trogdor-produce", "trogdor-e2e")), GateSettings.of(Map.of()));
        JsonNode result;
        JsonNode endToEnd;
        try {
            result = JSON.readTree(runner.run(scenarios.get(0)).toFile());
            endToEnd = JSON.readTree(runner.run(scenarios.get(1)).toFile());
        } finally {
            runner.finish();   // stops the run's Trogdor; the broker is this class's
        }

        assertEquals(2, result.at("/definition/trogdor/agents").asInt(), "a run on Trogdor is not compared with a local one");
        JsonNode agents = result.at("/trogdor/perAgent");
        assertEquals(List.of("agent-1", "agent-2"), List.of(agents.get(0).get("agent").asText(), agents.get(1).get("agent").asText()));
        long perAgent = 0;
        for (JsonNode agent : agents) {
            // Each agent sends half the rate: 1000 records/s for two trials of 2 s.
            assertEquals(1000, agent.get("medianRecordsPerSec").asDouble(), 100, agent.toString());
            perAgent += agent.get("records").asLong();
        }
        long trialRecords = 0;
        for (JsonNode trial : result.get("trials")) {
            assertEquals(2000, trial.get("recordsPerSec").asDouble(), 200, "the run's rate is the agents' together: " + trial);
            assertEquals(trial.get("records").asLong() * 512, trial.get("bytes").asLong());
            trialRecords += trial.get("records").asLong();
        }
        assertEquals(perAgent, trialRecords, "the run's trials are the agents' trials added up");
        assertTrue(result.at("/gate/p99Us/value").asDouble() > 0, result.get("gate").toString());
        assertTrue(result.at("/gate/cpuNsPerRecord/value").asDouble() > 0, result.get("gate").toString());
        assertEquals("response time", result.at("/gate/latency").asText());

        // The broker received at least every record the agents say was acknowledged in their trials (the warm-up adds more).
        JsonNode side = result.at("/trogdor/brokerSide");
        assertTrue(side.isObject(), "a process broker's JMX is read around the run: " + result.get("trogdor"));
        long received = side.get("messages-in").asLong();
        long warmup = result.at("/warmup/records").asLong();
        assertTrue(received >= trialRecords && received <= (trialRecords + warmup) * 1.1,
                "broker messages-in " + received + ", trials " + trialRecords + ", warm-up " + warmup);

        // End-to-end: each agent's reader got every record its producer sent, once (the workload fails the trial otherwise),
        // and the run's send-to-read latency is the agents' merged.
        assertEquals("end-to-end", endToEnd.get("workload").asText(), endToEnd.toString());
        JsonNode e2eTrial = endToEnd.get("trials").get(0);
        assertEquals(e2eTrial.get("records").asLong(), e2eTrial.at("/delivered/records").asLong(), e2eTrial.toString());
        assertEquals(2000, e2eTrial.get("recordsPerSec").asDouble(), 200, "both agents' halves: " + e2eTrial);
        assertTrue(e2eTrial.at("/endToEndLatencyUs/p99").asDouble() > 0, e2eTrial.toString());
        for (JsonNode agent : endToEnd.at("/trogdor/perAgent")) {
            assertTrue(agent.get("endToEndP99Us").asDouble() > 0, "each agent's reader: " + agent);
        }
        assertEquals(Map.of("fetch.max.wait.ms", "50"), JSON.convertValue(endToEnd.at("/definition/consumer"),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, String>>() { }), "the readers ran the scenario's consumer");

        // The report carries both agents' figures; the browser test (src/test/browser) checks what a reader sees of them.
        String report = Files.readString(dir.resolve("trogdor-results").resolve("report.html"));
        assertTrue(report.contains("\"perAgent\"") && report.contains("\"agent-2\""), "the report's data has each agent's row");
        Files.createDirectories(Path.of("target/report-test"));
        Files.copy(dir.resolve("trogdor-results").resolve("report.html"), Path.of("target/report-test").resolve("report-trogdor.html"), StandardCopyOption.REPLACE_EXISTING);
    }
}
