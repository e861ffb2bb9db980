package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
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
        assertTrue(typo.getMessage().startsWith("unknown property perf.suit (did you mean perf.suite?); the gate knows: "), typo.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PerfGateOptions.builder().property("batch.size", "1").build());
        PerfGateOptions options = PerfGateOptions.builder().suite("pr").brokerWarmup(Duration.ofSeconds(5)).build();
        assertEquals("pr", options.get(GateProperties.SUITE).orElseThrow());
        assertEquals("5000ms", options.get(GateProperties.BROKER_WARMUP).orElseThrow(), "one form for every duration");
    }

    /** Every documented setting has a typed setter, and a value the run could not take fails the build of the options. */
    @Test
    void typedSettersWriteTheDocumentedKeysAndBadValuesFailAtBuild() {
        PerfGateOptions options = PerfGateOptions.builder().pairedBlocks(6).pairedTrial(Duration.ofMillis(2500))
                .pairedWarmup(Duration.ofSeconds(5)).pairedPin(false)
                .brokerCpus("0").clientCpus("1").allowUnjudged(true).falseAlarmRate(0.01)
                .externalCluster("kafka-1:9093", Path.of("client.properties")).provenance("abc123", "run-7").build();
        assertEquals("6", options.get(GateProperties.PAIRED_BLOCKS).orElseThrow());
        assertEquals("2500ms", options.get(GateProperties.PAIRED_TRIAL).orElseThrow());
        assertEquals("5000ms", options.get(GateProperties.PAIRED_WARMUP).orElseThrow());
        assertEquals("false", options.get(GateProperties.PAIRED_PIN).orElseThrow());
        assertEquals("external", options.get(GateProperties.BROKER).orElseThrow());
        assertEquals("kafka-1:9093", options.get(GateProperties.EXTERNAL_BOOTSTRAP_SERVERS).orElseThrow());
        assertEquals("client.properties", options.get(GateProperties.EXTERNAL_CLIENT_PROPERTIES).orElseThrow());
        assertEquals("abc123", options.get(GateProperties.RUN_COMMIT).orElseThrow());

        // The same settings, read back typed: parsed once, when built.
        assertEquals(PerfGateOptions.Broker.EXTERNAL, options.broker());
        assertEquals(Duration.ofMillis(2500), options.pairedTrial());
        assertEquals(0.01, options.falseAlarmRate());
        assertTrue(options.allowUnjudged());
        assertEquals(java.util.Optional.of("pr"), options.suite(), "unset: the default suite, decided in Java");
        assertFalse(options.runRequested(), "nothing asks a JUnit suite to run");
        assertTrue(PerfGateOptions.builder().property(GateProperties.ENABLED, "true").build().runRequested(), "gate.sh's way in");
        assertEquals(java.util.Optional.empty(), PerfGateOptions.builder().scenarios("orders-*").build().suite(),
                "scenarios named without a suite: every one they name");
        assertEquals(java.util.Optional.empty(), options.brokerWarmup(), "unset: the mode's default");
        assertEquals(Path.of("target/perf-results"), options.resultsDir());

        PerfGateOptions enums = PerfGateOptions.builder().broker(PerfGateOptions.Broker.PROCESS)
                .components(PerfGateOptions.Components.OFF).pairedDesign(PerfGateOptions.ClientDesign.TRIALS).suite("all").build();
        assertEquals("process", enums.get(GateProperties.BROKER).orElseThrow(), "an enum writes the key's documented value");
        assertEquals("off", enums.get(GateProperties.COMPONENTS).orElseThrow());
        assertEquals("trials", enums.get(GateProperties.PAIRED_DESIGN).orElseThrow());
        assertEquals(PerfGateOptions.Components.OFF, enums.components());
        assertEquals(PerfGateOptions.ClientDesign.TRIALS, enums.pairedDesign());
        assertEquals(java.util.Optional.empty(), enums.suite(), "all: every scenario");

        IllegalArgumentException blocks = assertThrows(IllegalArgumentException.class,
                () -> PerfGateOptions.builder().pairedBlocks(1).build());
        assertTrue(blocks.getMessage().contains("perf.paired.blocks=1: must be in 2..100"), blocks.getMessage());
        IllegalArgumentException broker = assertThrows(IllegalArgumentException.class,
                () -> PerfGateOptions.builder().property(GateProperties.BROKER, "docker").build());
        assertTrue(broker.getMessage().contains("docker"), broker.getMessage());
        IllegalArgumentException flag = assertThrows(IllegalArgumentException.class,
                () -> PerfGateOptions.builder().property(GateProperties.ALLOW_UNJUDGED, "yes").build());
        assertTrue(flag.getMessage().contains("must be true or false"), flag.getMessage());
    }

    /** Only the gate's own documented exception leaves PerfGate.run, with the kind a caller acts on. */
    @Test
    void badInputAndBadSettingsLeaveRunAsPerfGateExceptionsOfTheirKind() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(scenarios.resolve("broken.yaml"), "name: broken\ntags: [smoke]\nworkload: produce\nrate: fast\n");
        PerfGateException input = assertThrows(PerfGateException.class, () -> PerfGate.run(PerfGateOptions.builder()
                .suite("smoke").scenariosDir(scenarios).resultsDir(dir.resolve("results")).broker(PerfGateOptions.Broker.PROCESS).build()));
        assertEquals(PerfGateException.Kind.INVALID_INPUT, input.kind(), input.getMessage());
        assertTrue(input.getMessage().contains("broken.yaml"), "names the file: " + input.getMessage());
        assertEquals(2, input.exitCode());

        Path valid = Files.createDirectories(dir.resolve("valid"));
        Files.writeString(valid.resolve("small.yaml"), "name: small\ntags: [smoke]\nworkload: produce\nduration: 2s\nrecord.size: 200\n"
                + "rate: 2000\nproducer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none}\ntrials: 1\n");
        PerfGateException settings = assertThrows(PerfGateException.class, () -> PerfGate.run(PerfGateOptions.builder()
                .suite("smoke").scenarios("no-such-scenario").scenariosDir(valid).resultsDir(dir.resolve("results"))
                .broker(PerfGateOptions.Broker.PROCESS).build()));
        assertEquals(PerfGateException.Kind.INVALID_SETTINGS, settings.kind(), settings.getMessage());
        assertTrue(settings.getMessage().contains("no-such-scenario"), settings.getMessage());
    }

    /** Issue 73: each class of failure has one place that names its party, and a stray IllegalArgumentException is not the user's setting. */
    @Test
    void eachFailureIsBlamedOnItsOwnPartyInOnePlace() {
        java.util.Map<RuntimeException, PerfGateException.Kind> cases = java.util.Map.of(
                new dev.kafkaperfgate.internal.settings.InvalidSettingException("-Dperf.paired.blocks=1: must be in 2..100"),
                PerfGateException.Kind.INVALID_SETTINGS,
                new dev.kafkaperfgate.internal.environment.SideInputException("the head's scenario files in x cannot be read", null),
                PerfGateException.Kind.INVALID_INPUT,
                new dev.kafkaperfgate.internal.scenario.ScenarioValidationException(java.util.List.of()), PerfGateException.Kind.INVALID_INPUT,
                new dev.kafkaperfgate.internal.environment.SideRefusedException("the head changed a file the gate runs on"),
                PerfGateException.Kind.REFUSED,
                new dev.kafkaperfgate.internal.basebuild.PairedRefusedException("the base cannot be measured; the stand-in would run the head"),
                PerfGateException.Kind.REFUSED,
                new IllegalArgumentException("a bug of the gate's own"), PerfGateException.Kind.INFRASTRUCTURE,
                new IllegalStateException("the broker died"), PerfGateException.Kind.INFRASTRUCTURE);
        cases.forEach((thrown, kind) -> {
            PerfGateException classified = PerfGate.classify(thrown);
            assertEquals(kind, classified.kind(), thrown.toString());
            assertEquals(kind == PerfGateException.Kind.INFRASTRUCTURE ? 3 : 2, classified.exitCode());
        });
        PerfGateException already = new PerfGateException(PerfGateException.Kind.REFUSED, "x", null);
        assertTrue(PerfGate.classify(already) == already, "passed on as it is");
    }

    /** Issue 58: a results folder committed as a link to somewhere else is refused before anything starts, and nothing lands there. */
    @Test
    void aResultsFolderThatIsALinkIsRefusedBeforeAnythingStarts() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path results = Files.createSymbolicLink(Files.createDirectories(dir.resolve("module/target")).resolve("perf-results"), outside);
        PerfGateException refused = assertThrows(PerfGateException.class, () -> PerfGate.run(PerfGateOptions.builder()
                .suite("smoke").scenariosDir(dir.resolve("perf")).resultsDir(results).broker(PerfGateOptions.Broker.PROCESS).build()));
        assertEquals(PerfGateException.Kind.REFUSED, refused.kind(), refused.getMessage());
        assertEquals(2, refused.exitCode());
        assertTrue(refused.getMessage().startsWith("the results folder " + results + " is a link"), refused.getMessage());
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count(), "nothing written where the link points");
        }

        // A link higher up (the whole target/ committed as one): refused too, and no folder made where it points.
        Path module = Files.createDirectories(dir.resolve("module2"));
        Files.createSymbolicLink(module.resolve("target"), outside);
        PerfGateException above = assertThrows(PerfGateException.class, () -> PerfGate.run(PerfGateOptions.builder()
                .suite("smoke").scenariosDir(dir.resolve("perf")).resultsDir(module.resolve("target/perf-results"))
                .broker(PerfGateOptions.Broker.PROCESS).build()));
        assertEquals(PerfGateException.Kind.REFUSED, above.kind(), above.getMessage());
        assertTrue(above.getMessage().contains("is a link, which the gate does not write through"), above.getMessage());
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count(), "no folder made where the link points");
        }
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
                .broker(PerfGateOptions.Broker.PROCESS).brokerWarmup(Duration.ZERO).build());

        assertEquals(GateResult.Outcome.NOT_JUDGED, result.outcome(), "a missing baseline must not turn the gate off");
        assertEquals(2, result.exitCode());
        assertFalse(result.judged(), "every metric is NEW");
        assertTrue(result.headline().startsWith("nothing was judged (1 NEW)"), result.headline());
        assertEquals(1, result.scenarios().size());
        assertEquals("small", result.scenarios().get(0).name());
        assertEquals(GateResult.Verdict.NEW, result.scenarios().get(0).verdict());
        assertEquals(GateResult.ScenarioOutcome.PASSED, result.scenarios().get(0).outcome());
        assertEquals(GateResult.Metric.THROUGHPUT, result.scenarios().get(0).metrics().get(0).metric());
        assertEquals(6, result.scenarios().get(0).metrics().size());

        JsonNode summary = new ObjectMapper().readTree(result.summaryFile().toFile());
        assertEquals("NOT_JUDGED", summary.at("/decision/outcome").asText());
        assertEquals(2, summary.at("/decision/exitCode").asInt());
        assertEquals(result.headline(), summary.at("/decision/headline").asText(), "one decision, written once");
    }

    @Test
    void aDurationPropertyTakesTheScenarioFilesSpellingOrSecondsAndNamesItself() {
        assertEquals(Duration.ofSeconds(5), GateSettings.of(java.util.Map.of("perf.broker.warmup", "5s")).brokerWarmup().orElseThrow());
        assertEquals(Duration.ofSeconds(30), GateSettings.of(java.util.Map.of("perf.broker.warmup", "30")).brokerWarmup().orElseThrow());
        assertEquals(java.util.Optional.empty(), GateSettings.defaults().brokerWarmup(), "unset: the mode's default");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(java.util.Map.of("perf.broker.warmup", "soon")));
        assertEquals("-Dperf.broker.warmup=soon: 'soon' is not a duration; write e.g. 500ms, 15s or 2m (at most 9 digits), "
                + "or whole seconds", bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GateSettings.of(java.util.Map.of("perf.broker.warmup",
                "99999999999999999999")), "no overflow, no raw NumberFormatException");
    }

    @Test
    void everyNumberAndFlagPropertyNamesItselfWhenItIsWrong() {
        // Each wrong value alone: the settings are parsed once, when made, and the first wrong one is named.
        assertEquals("-Dperf.paired.blocks=eight: must be a whole number in 2..100", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(java.util.Map.of(GateProperties.PAIRED_BLOCKS, "eight"))).getMessage());
        assertEquals("-Dperf.gate.false.alarm.rate=NaN: must be a number in 1.0E-6..0.5", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(java.util.Map.of(GateProperties.GATE_FALSE_ALARM_RATE, "NaN"))).getMessage());
        assertEquals("-Dperf.inject.burn.ns=-5: must be in 0..1000000000", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(java.util.Map.of(GateProperties.INJECT_BURN_NS, "-5"))).getMessage());
        assertEquals("-Dperf.baseline.required=yes: must be true or false", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(java.util.Map.of(GateProperties.BASELINE_REQUIRED, "yes"))).getMessage());
        java.util.Properties properties = new java.util.Properties();
        properties.putAll(java.util.Map.of(GateProperties.BROKER_STARTUP_TIMEOUT, "soon"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateSettings.of(properties)).getMessage()
                .startsWith("-Dperf.broker.startup.timeout=soon: "));
        properties.setProperty(GateProperties.BROKER_STARTUP_TIMEOUT, "90s");
        assertEquals(Duration.ofSeconds(90), dev.kafkaperfgate.internal.broker.BrokerSettings.from(GateSettings.of(properties)).startupTimeout());
    }
}
