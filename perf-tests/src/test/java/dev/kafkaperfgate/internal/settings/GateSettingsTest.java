package dev.kafkaperfgate.internal.settings;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one parse of the perf.* keys: defaults, types, what is refused, and derived settings checked again. */
class GateSettingsTest {

    @Test
    void unsetKeysTakeTheirDefaultsAndModeDependentOnesStayEmpty() {
        GateSettings settings = GateSettings.defaults();
        assertEquals("pr", settings.suite(), "the default suite: decided here, for every way in");
        assertFalse(settings.runRequested(), "a JUnit suite is skipped unless asked");
        assertEquals(Path.of(Defaults.SCENARIOS_DIR), settings.scenariosDir());
        assertEquals(Path.of(Defaults.RESULTS_DIR), settings.resultsDir());
        assertEquals(BrokerMode.AUTO, settings.brokerMode());
        assertEquals(Defaults.BROKER_STARTUP_TIMEOUT, settings.brokerStartupTimeout());
        assertEquals(Optional.empty(), settings.brokerWarmup(), "stored 30 s, paired none: the mode decides");
        assertEquals(Defaults.SUITE_FALSE_ALARM_RATE, settings.falseAlarmRate());
        PairedSettings paired = settings.paired();
        assertEquals(ClientDesign.WINDOWS, paired.design());
        assertEquals(OptionalInt.empty(), paired.blocks(), "24 windows or 8 trials: the design decides");
        assertEquals(ComponentsMode.AUTO, paired.components());
        assertEquals(ClientsMode.AUTO, paired.clients());
        assertTrue(paired.pin());
        assertTrue(paired.failFast());
        assertNull(paired.baseClasspathFile(), "not paired");
    }

    @Test
    void givenKeysAreTypedAndAllMeansEveryScenario() {
        GateSettings settings = GateSettings.of(Map.of("perf.suite", "all", "perf.broker", "process", "perf.paired.blocks", "12",
                "perf.paired.design", "trials", "perf.components", "off", "perf.broker.warmup", "500ms", "perf.fail.fast", "false"));
        assertNull(settings.suite());
        assertEquals(BrokerMode.PROCESS, settings.brokerMode());
        assertEquals(OptionalInt.of(12), settings.paired().blocks());
        assertEquals(ClientDesign.TRIALS, settings.paired().design());
        assertEquals(ComponentsMode.OFF, settings.paired().components());
        assertEquals(Optional.of(Duration.ofMillis(500)), settings.brokerWarmup());
        assertFalse(settings.paired().failFast());
        assertEquals("pr", GateSettings.of(Map.of("perf.suite", "pr")).suite());
        assertNull(GateSettings.of(Map.of("perf.scenarios", "orders-*")).suite(), "named scenarios without a suite: all they name");
        assertTrue(GateSettings.of(Map.of("perf.scenarios", "orders-*")).runRequested());
        assertTrue(GateSettings.of(Map.of("perf.enabled", "true")).runRequested());
        assertThrows(IllegalArgumentException.class, () -> GateSettings.of(Map.of("perf.enabled", "yes")));
    }

    @Test
    void aValueTheGateCannotTakeIsRefusedWhenTheSettingsAreMadeNamingItsKey() {
        assertEquals("-Dperf.components=sometimes: must be one of auto, always, off", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(Map.of("perf.components", "sometimes"))).getMessage());
        assertEquals("-Dperf.paired.design=warm: must be one of windows, trials", assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(Map.of("perf.paired.design", "warm"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateSettings.of(Map.of("perf.broker.startup.timeout", "0")))
                .getMessage().startsWith("-Dperf.broker.startup.timeout: must be 1s..3600s"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateSettings.of(Map.of("perf.pairedblocks", "8")))
                .getMessage().startsWith("unknown property perf.pairedblocks (did you mean perf.paired.blocks?)"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateSettings.of(Map.of("batch.size", "1")))
                .getMessage().startsWith("'batch.size' is not a gate setting"), "a map of settings holds gate settings only");
    }

    @Test
    void propertiesAreReadForTheirPerfKeysOnly() {
        Properties system = new Properties();
        system.setProperty("basedir", "/work");
        system.setProperty("java.home", "/usr/lib/jvm");
        system.setProperty("perf.suite", "nightly");
        GateSettings settings = GateSettings.of(system);
        assertEquals(Map.of("perf.suite", "nightly"), settings.given(), "the JVM's and Maven's own properties are not the gate's");
        system.setProperty("perf.suit", "pr");
        assertThrows(IllegalArgumentException.class, () -> GateSettings.of(system), "a misspelt perf.* key among them is refused");
    }

    @Test
    void derivedSettingsAreCheckedAgainAndTheOriginalIsUnchanged() {
        GateSettings base = GateSettings.of(Map.of("perf.suite", "pr"));
        GateSettings fallback = base.with(GateProperties.FALLBACK_REASON, "the base has no gate").with(GateProperties.SUITE, null);
        assertEquals("the base has no gate", fallback.fallbackReason());
        assertEquals(Defaults.SUITE, fallback.suite(), "removed: the default");
        assertEquals("pr", base.suite(), "settings are immutable");
        assertThrows(IllegalArgumentException.class, () -> base.with(GateProperties.PAIRED_BLOCKS, "1"), "checked like any other");
    }
}
