package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The public entry point as a team's code would call it, on a process broker. */
@Timeout(300)
class PerfGateTest {

    @TempDir
    Path dir;

    @Test
    void optionsRefuseWhatTheGateDoesNotKnow() {
        IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
                () -> PerfGateOptions.builder().property("perf.suit", "pr").build());
        assertTrue(typo.getMessage().startsWith("unknown property perf.suit; the gate knows: "), typo.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PerfGateOptions.builder().property("batch.size", "1").build());
        PerfGateOptions options = PerfGateOptions.builder().suite("pr").brokerWarmup(Duration.ofSeconds(5)).build();
        assertEquals("pr", options.get(GateProperties.SUITE).orElseThrow());
        assertEquals("5", options.get(GateProperties.BROKER_WARMUP).orElseThrow());
    }

    @Test
    void aRunWithoutBaselinesIsNotAPass() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("perf"));
        Files.writeString(scenarios.resolve("small.yaml"), """
                name: small
                tags: [smoke]
                workload: produce
                duration: 2s
                record.size: 200
                rate: 2000
                producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none, delivery.timeout.ms: 20000, request.timeout.ms: 10000}
                warmup: none
                trials: 1
                """);
        GateResult result = PerfGate.run(PerfGateOptions.builder()
                .suite("smoke").scenariosDir(scenarios).baselinesDir(dir.resolve("baselines")).resultsDir(dir.resolve("results"))
                .broker("process").brokerWarmup(Duration.ZERO).build());

        assertEquals(GateResult.Outcome.NOT_JUDGED, result.outcome(), "a missing baseline must not turn the gate off");
        assertEquals(2, result.exitCode());
        assertFalse(result.judged(), "every metric is NEW");
        assertTrue(result.headline().startsWith("nothing was judged (1 NEW)"), result.headline());
        assertEquals(1, result.scenarios().size());
        assertEquals("small", result.scenarios().get(0).name());
        assertEquals("NEW", result.scenarios().get(0).verdict());
        assertEquals(6, result.scenarios().get(0).metrics().size());

        JsonNode summary = new ObjectMapper().readTree(result.summaryFile().toFile());
        assertEquals("NOT_JUDGED", summary.at("/decision/outcome").asText());
        assertEquals(2, summary.at("/decision/exitCode").asInt());
        assertEquals(result.headline(), summary.at("/decision/headline").asText(), "one decision, written once");
    }

    @Test
    void aDurationPropertyTakesTheScenarioFilesSpellingOrSecondsAndNamesItself() {
        assertEquals(Duration.ofSeconds(5), GateProperties.seconds(java.util.Map.of("perf.broker.warmup", "5s"), "perf.broker.warmup",
                Duration.ZERO));
        assertEquals(Duration.ofSeconds(30), GateProperties.seconds(java.util.Map.of("perf.broker.warmup", "30"), "perf.broker.warmup",
                Duration.ZERO));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> GateProperties.seconds(java.util.Map.of("perf.broker.warmup", "soon"), "perf.broker.warmup", Duration.ZERO));
        assertEquals("-Dperf.broker.warmup=soon: 'soon' is not a duration; write e.g. 500ms, 15s or 2m (at most 9 digits), "
                + "or whole seconds", bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GateProperties.seconds(java.util.Map.of("perf.broker.warmup",
                "99999999999999999999"), "perf.broker.warmup", Duration.ZERO), "no overflow, no raw NumberFormatException");
    }

    @Test
    void everyNumberAndFlagPropertyNamesItselfWhenItIsWrong() {
        java.util.Map<String, String> bad = java.util.Map.of(
                GateProperties.PAIRED_BLOCKS, "eight", GateProperties.GATE_FALSE_ALARM_RATE, "NaN",
                GateProperties.BASELINE_REQUIRED, "yes", GateProperties.INJECT_BURN_NS, "-5", GateProperties.BROKER_STARTUP_TIMEOUT, "soon");
        assertEquals("-Dperf.paired.blocks=eight: must be a whole number in 2..100", assertThrows(IllegalArgumentException.class,
                () -> GateProperties.integer(bad, GateProperties.PAIRED_BLOCKS, 8, 2, 100)).getMessage());
        assertEquals("-Dperf.gate.false.alarm.rate=NaN: must be a number in 1.0E-6..0.5", assertThrows(IllegalArgumentException.class,
                () -> dev.kafkaperfgate.internal.verdict.GatePolicy.forSuite(4, bad)).getMessage());
        assertEquals("-Dperf.inject.burn.ns=-5: must be in 0..1000000000", assertThrows(IllegalArgumentException.class,
                () -> dev.kafkaperfgate.internal.workload.InjectedCost.from(bad)).getMessage());
        assertEquals("-Dperf.baseline.required=yes: must be true or false", assertThrows(IllegalArgumentException.class,
                () -> GateProperties.flag(bad, GateProperties.BASELINE_REQUIRED, false)).getMessage());
        java.util.Properties properties = new java.util.Properties();
        properties.putAll(java.util.Map.of(GateProperties.BROKER_STARTUP_TIMEOUT, "soon"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> dev.kafkaperfgate.internal.broker.BrokerSettings.from(properties)).getMessage()
                .startsWith("-Dperf.broker.startup.timeout=soon: "));
        properties.setProperty(GateProperties.BROKER_STARTUP_TIMEOUT, "90s");
        assertEquals(Duration.ofSeconds(90), dev.kafkaperfgate.internal.broker.BrokerSettings.from(properties).startupTimeout());
    }
}
