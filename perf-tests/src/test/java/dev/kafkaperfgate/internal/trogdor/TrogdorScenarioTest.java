package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.broker.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.run.ScenarioRunner;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A trogdor scenario end to end on this machine: the gate starts a Trogdor coordinator and two
 * agents (each its own JVM, from Kafka's Trogdor jars and the gate's), hands each agent its half
 * of the rate as the gate's own task, and adds their figures up into one result file, judged like
 * any other. The broker's own count of what it received checks the agents' figures.
 */
@Timeout(240)
class TrogdorScenarioTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Where the browser test finds the reports of real runs. */
    private static final Path REPORTS = Path.of("target/report-test");

    @TempDir
    Path dir;

    @Test
    void twoAgentsShareTheRateAndTheirFiguresAddUpToTheRun() throws IOException {
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
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(file, errors);
        assertEquals(List.of(), errors);

        KafkaBroker broker = BrokerSelector.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS), System.out);
        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(broker, count -> {
            throw new AssertionError("one broker serves this test");
        }, System.out), dir.resolve("results"), null, System.out);
        JsonNode result;
        try {
            runner.begin("nightly", scenarios, BaselineStore.load(dir.resolve("baselines"), "test", List.of("trogdor-produce")), Map.of());
            result = JSON.readTree(runner.run(scenarios.get(0)).toFile());
            runner.finish();
        } finally {
            runner.close();
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

        // The report carries both agents' figures; the browser test (src/test/browser) checks what a reader sees of them.
        String report = Files.readString(dir.resolve("results").resolve("report.html"));
        assertTrue(report.contains("\"perAgent\"") && report.contains("\"agent-2\""), "the report's data has each agent's row");
        Files.createDirectories(REPORTS);
        Files.copy(dir.resolve("results").resolve("report.html"), REPORTS.resolve("report-trogdor.html"), StandardCopyOption.REPLACE_EXISTING);
    }
}
