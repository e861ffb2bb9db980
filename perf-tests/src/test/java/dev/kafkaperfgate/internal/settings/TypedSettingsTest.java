package dev.kafkaperfgate.internal.settings;

import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.settings.machine.MachineSettings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Settings typed to the leaf (issue 73): a getter of {@link GateSettings} that returns text returns
 * text the gate uses as text, never text a later part parses (a CPU list, JVM flags, a path, an
 * address list: those are typed, in {@link dev.kafkaperfgate.internal.settings.machine.MachineSettings}). Each text getter is named here with
 * what the gate does with it; a new one fails this test until it is typed or named.
 */
@Tag("unit")
class TypedSettingsTest {

    /** Every getter that may return text, and why it stays text. */
    private static final Map<String, String> TEXT = Map.ofEntries(
            Map.entry("suite", "a tag, compared with a scenario's tags"),
            Map.entry("scenarioPatterns", "sent to each side's worker as written: its catalog selects by them"),
            Map.entry("baselinesRef", "a git ref, handed to git as written"),
            Map.entry("profile", "a name, a folder under baselines/"),
            Map.entry("fallbackReason", "a line shown in the console and the summary"),
            Map.entry("runCommit", "an id written into the summary"),
            Map.entry("runId", "an id written into the summary"),
            Map.entry("runModule", "a relative path shown in the reproduce line, never opened"),
            Map.entry("brokerImage", "an image name handed to Testcontainers as written"),
            Map.entry("externalBootstrapServers", "Kafka's bootstrap.servers, handed to the clients as written"),
            Map.entry("toString", "the settings, shown"));

    @Test
    void everyTextGetterIsTextTheGateUsesAsText() {
        Set<String> found = new TreeSet<>();
        for (Method method : GateSettings.class.getDeclaredMethods()) {
            if (Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 0
                    && method.getReturnType() == String.class) {
                found.add(method.getName());
            }
        }
        assertEquals(new TreeSet<>(TEXT.keySet()), found, "a GateSettings getter returns text: type it (MachineSettings) or name it here");
    }

    /** Paired mode's part too: its files are paths, made once; text only where the gate uses text. */
    @Test
    void pairedModesTextIsTextTheGateUsesAsText() {
        Map<String, String> text = Map.of("baseRef", "a git ref, handed to git as written", "baseCommit", "a commit, shown in the headline");
        Set<String> found = new TreeSet<>();
        for (java.lang.reflect.RecordComponent component : PairedSettings.class.getRecordComponents()) {
            if (component.getType() == String.class) {
                found.add(component.getName());
            }
        }
        assertEquals(new TreeSet<>(text.keySet()), found, "a PairedSettings component is text: type it or name it here");
        GateSettings settings = GateSettings.of(Map.of(GateProperties.BASE_CLASSPATH_FILE, "target/base.txt",
                GateProperties.BASE_SCENARIOS_DIR, "base/perf"));
        assertEquals(java.nio.file.Path.of("target/base.txt"), settings.paired().baseClasspathFile());
        assertEquals(java.nio.file.Path.of("base/perf"), settings.paired().baseScenariosDir());
        InvalidSettingException notAPath = org.junit.jupiter.api.Assertions.assertThrows(InvalidSettingException.class,
                () -> GateSettings.of(Map.of(GateProperties.RESULTS_DIR, "perf\u0000results")));
        org.junit.jupiter.api.Assertions.assertTrue(notAPath.getMessage().startsWith("-D" + GateProperties.RESULTS_DIR + ": not a path: "),
                notAPath.getMessage());
    }

    @Test
    void theMachinesSettingsAreParsedOnceAndTyped() {
        GateSettings settings = GateSettings.of(Map.of(GateProperties.BROKER_JVM_FLAGS, " -Xms1g  -Xmx1g -XX:+UseG1GC ",
                GateProperties.WORKER_JVM_FLAGS, "-Xmx256m", GateProperties.EXTERNAL_JMX, "b1:9999, service:jmx:rmi:///jndi/rmi://b2:9999/jmxrmi",
                GateProperties.TROGDOR_COORDINATOR, "http://coordinator:8889", GateProperties.TROGDOR_AGENTS, "agent-1, agent-2",
                GateProperties.BROKER_CLASSPATH_FILE, "target/broker.classpath"));
        MachineSettings machine = settings.machine();
        assertEquals(Arrays.asList("-Xms1g", "-Xmx1g", "-XX:+UseG1GC"), machine.brokerJvmFlags().flags());
        assertEquals(Arrays.asList("-Xmx256m"), settings.paired().workerJvmFlags().flags());
        assertEquals(Arrays.asList("b1:9999", "service:jmx:rmi:///jndi/rmi://b2:9999/jmxrmi"), machine.externalJmx());
        assertEquals("coordinator", machine.trogdorCoordinator().orElseThrow().getHost());
        assertEquals(Arrays.asList("agent-1", "agent-2"), machine.trogdorAgents());
        assertEquals(java.nio.file.Path.of("target/broker.classpath"), machine.brokerClasspathFile().orElseThrow());
        assertEquals(JvmFlags.of(Defaults.BROKER_JVM_FLAGS), GateSettings.defaults().machine().brokerJvmFlags());
    }
}
