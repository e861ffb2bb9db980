package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.SlowTier;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.MachineClass;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.refresh.RefreshBaselines;
import dev.kafkaperfgate.internal.refresh.RefreshOptions;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate end to end on a process broker, with a short scenario and wide thresholds: three runs
 * become a baseline through the refresh (RefreshBaselines, as the tools' refresh runs it), a fourth run of the same build against
 * it passes, and a run with a large injected regression (0.5 ms of CPU burnt in the serializer per
 * record, a tenfold slowdown) is flagged,
 * confirmed on a fresh broker, and fails with one line; the refresh refuses that run.
 * Sensitivity at realistic effect sizes is measured by scripts/gate-power.sh, not here.
 */
// Slow tier: five stored-mode runs of the gate on a real broker (about 95 s); the fast tier keeps the verdict and decision unit tests and PerfGateTest.
@SlowTier
@Timeout(600)
class GateTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROFILE = "test-profile";
    private static final String SCENARIO = """
            name: gate-small
            tags: [pr]
            workload: produce
            duration: 2s
            record.size: 1024
            rate: unlimited
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none, delivery.timeout.ms: 20000, request.timeout.ms: 10000}
            warmup: {min: 4s, max: 10s, window: 1s, windows: 3, tolerance: 0.3}
            trials: 3
            thresholds: {throughput: -40%, p99: +300%, cpu: +40%, alloc: +40%}
            """;

    @TempDir
    static Path dir;
    private static KafkaBroker broker;
    private static final List<KafkaBroker> started = new ArrayList<>();

    /** Warmed as the suite's broker is: without it the first runs climb (14k, 32k, 41k records/s here). */
    @BeforeAll
    static void startBroker() {
        broker = start();
        BrokerWarmup.run(broker, Duration.ofSeconds(10), System.out);
    }

    private static KafkaBroker start() {
        KafkaBroker started = BrokerSelector.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS), System.out);
        GateTest.started.add(started);
        return started;
    }

    @AfterAll
    static void stopBrokers() {
        started.forEach(KafkaBroker::close);
    }

    @Test
    void theSameBuildPassesAgainstItsOwnBaselineAndALargeInjectedRegressionFails() throws Exception {
        Scenario scenario = parse();
        Path baselines = dir.resolve("baselines");
        for (int run = 1; run <= 3; run++) {
            Path results = run(scenario, baselines, "baseline-" + run);
            Refresh refresh = refresh(results, baselines);
            assertEquals(0, refresh.exit(), refresh.output());
            assertTrue(refresh.output().contains("gate-small: " + (run - 1) + " → " + run + " runs; median throughput"), refresh.output());
        }
        JsonNode baseline = JSON.readTree(baselines.resolve(PROFILE).resolve(MachineClass.current()).resolve("gate-small.json").toFile());
        assertEquals(3, baseline.get("history").size());

        JsonNode same = JSON.readTree(run(scenario, baselines, "same-build").resolve("summary.json").toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(same);
        assertEquals("passed", same.at("/scenarios/0/outcome").asText(), same.toPrettyString());
        assertEquals(3, same.at("/scenarios/0/metrics/0/baselineRuns").asInt(), "judged against the three runs");
        assertTrue(same.at("/scenarios/0/confirmation").isMissingNode(), "nothing to confirm");

        Path injectedResults;
        System.setProperty(GateProperties.INJECT_BURN_NS, "500000");
        try {
            injectedResults = dir.resolve("injected");
            ScenarioRegressedException failure = assertThrows(ScenarioRegressedException.class, () -> run(scenario, baselines, "injected"));
            String message = failure.getMessage();
            assertTrue(message.matches("gate-small: throughput REGRESSION: \\d+ → \\d+ records/s \\(-\\d+\\.\\d%, interval .*; confirmed by a re-run on a fresh broker: throughput REGRESSION: .*"),
                    message);
            assertTrue(!message.contains("\n"), "one line: " + message);
        } finally {
            System.clearProperty(GateProperties.INJECT_BURN_NS);
        }
        JsonNode injected = JSON.readTree(injectedResults.resolve("summary.json").toFile());
        dev.kafkaperfgate.internal.result.SummarySchema.assertValid(injected);
        assertEquals("regression", injected.at("/scenarios/0/outcome").asText());
        assertEquals("REGRESSION", injected.at("/scenarios/0/confirmation/verdict").asText());
        assertEquals(500_000, injected.at("/injection/burnNs").asLong());
        assertEquals(1, injected.get("regressions").asInt());
        assertEquals(1, injected.at("/decision/exitCode").asInt());
        assertTrue(injected.at("/decision/headline").asText().startsWith("confirmed regression: gate-small (throughput -"),
                injected.at("/decision/headline").asText());
        assertTrue(Files.isRegularFile(injectedResults.resolve("gate-small.confirmation.json")));

        Refresh refused = refresh(injectedResults, baselines);
        assertEquals(1, refused.exit(), refused.output());
        assertTrue(refused.output().contains("injected regression"), refused.output());
        assertEquals(baseline, JSON.readTree(baselines.resolve(PROFILE).resolve(MachineClass.current()).resolve("gate-small.json").toFile()), "left as it was");
    }

    /** One gate run of the scenario into {@code dir/name}; returns the results directory. */
    private static Path run(Scenario scenario, Path baselines, String name) {
        Path results = dir.resolve(name);
        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(broker, count -> {
            broker = start();
            return broker;
        }, System.out), results, null, System.out);
        runner.begin("pr", List.of(scenario), BaselineStore.load(baselines, PROFILE, List.of(scenario.name())),
                GateSettings.of(Map.of(GateProperties.PROFILE, PROFILE, GateProperties.INJECT_BURN_NS,
                        System.getProperty(GateProperties.INJECT_BURN_NS, "0"))));
        try {
            runner.run(scenario);
        } finally {
            runner.finish();
        }
        return results;
    }

    /** What the refresh printed, and its exit code as the tools' refresh command gives it (0 merged, 1 refused). */
    private record Refresh(int exit, String output) {
    }

    /** The refresh as the tools' command runs it (its command line is tested in the tools module). */
    private static Refresh refresh(Path results, Path baselines) throws IOException {
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        RefreshOptions options = new RefreshOptions(results, baselines, null, 0, List.of(), List.of(), false, "0123abc");
        try {
            RefreshBaselines.run(options, new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
            return new Refresh(0, printed.toString(java.nio.charset.StandardCharsets.UTF_8));
        } catch (RefreshBaselines.RefusedException e) {
            return new Refresh(1, printed.toString(java.nio.charset.StandardCharsets.UTF_8) + e.getMessage());
        }
    }

    private static Scenario parse() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(Files.writeString(dir.resolve("gate-small.yaml"), SCENARIO), errors);
        assertEquals(List.of(), errors);
        return scenarios.get(0);
    }
}
