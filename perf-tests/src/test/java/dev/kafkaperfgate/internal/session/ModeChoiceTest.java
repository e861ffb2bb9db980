package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.basebuild.PairedRefusedException;
import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.stored.StoredMode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 73: the mode is chosen once, before anything is measured. A base without the gate (an
 * adoption) is found while paired mode opens, before any worker starts; what stands in is chosen
 * there: stored baselines in this JVM when it holds the head, and a refusal when the head is
 * elsewhere (stored mode here would measure this JVM's code, not the head's). Nothing is started:
 * the choice is made, not run.
 */
@Tag("unit")
class ModeChoiceTest {

    @TempDir
    Path dir;

    @Test
    void aBaseWithoutTheGateIsJudgedByStoredBaselinesHereOnlyWhenThisJvmHoldsTheHead() throws IOException {
        Map<String, String> properties = adoption();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ModeChoice.Chosen here = ModeChoice.here(GateSettings.of(properties), GateWiring.NONE, new PrintStream(console, true, StandardCharsets.UTF_8));
        ModeChoice.Measure stored = assertInstanceOf(ModeChoice.Measure.class, here);
        try (StoredMode mode = assertInstanceOf(StoredMode.class, stored.mode())) {
            assertEquals(java.util.List.of("orders-publish"), mode.scenarios());
        }
        assertEquals("", console.toString(), "chosen, nothing started or said yet");

        properties.put(GateProperties.HEAD_CLASSPATH_FILE, Files.writeString(dir.resolve("head.txt"), "/nowhere.jar").toString());
        PairedRefusedException refused = assertThrows(PairedRefusedException.class,
                () -> ModeChoice.here(GateSettings.of(properties), GateWiring.NONE, new PrintStream(console, true, StandardCharsets.UTF_8)));
        assertTrue(refused.getMessage().startsWith("the base's test classpath has no kafka-perf-gate library"), refused.getMessage());
        assertTrue(refused.getMessage().contains("its code would run where the gate decides"), refused.getMessage());
    }

    /** A paired request whose base classpath holds kafka-clients but not the gate: a base from before the gate was adopted. */
    private Map<String, String> adoption() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("perf"));
        Files.writeString(scenarios.resolve("orders.yaml"), """
                name: orders-publish
                tags: [pr]
                workload: produce
                duration: 2s
                record.size: 512
                rate: 1000
                producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
                """);
        String kafkaOnly = System.getProperty("java.class.path").replaceAll("[^:]*(test-classes|classes)(:|$)", "");
        Path classpath = Files.writeString(dir.resolve("no-gate.txt"), kafkaOnly);
        Map<String, String> properties = new HashMap<>();
        properties.put(GateProperties.BASE_CLASSPATH_FILE, classpath.toString());
        properties.put(GateProperties.BASE_SCENARIOS_DIR, scenarios.toString());
        properties.put(GateProperties.SCENARIOS_DIR, scenarios.toString());
        properties.put(GateProperties.BASELINES_DIR, dir.resolve("baselines").toString());
        properties.put("perf.suite", "pr");
        return properties;
    }
}
