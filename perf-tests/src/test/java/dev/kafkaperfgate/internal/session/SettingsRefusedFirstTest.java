package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.settings.GateSettings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A setting the gate cannot take fails the run before anything starts (GateSettings parses each one,
 * typed, when the settings are made: issue 73): no results folder, no broker,
 * nothing printed. The first test goes through {@code GateSession.run}, which the unit tier keeps
 * out (UnitTierTest), so only the parser's tests are tagged unit.
 */
class SettingsRefusedFirstTest {

    @Test
    void trogdorAgentsWithoutACoordinatorFailBeforeAnythingStarts() {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GateSession.run(
                GateSettings.of(Map.of("perf.trogdor.agents", "agent-1")), new PrintStream(console)));
        assertTrue(e.getMessage().startsWith("-Dperf.trogdor.agents names agents of a coordinator"), e.getMessage());
        assertEquals("", console.toString(), "nothing ran, nothing was said but the error");
    }

    @Tag("unit")
    @Test
    void aCpuListTasksetCannotTakeIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GateSettings.of(Map.of("perf.client.cpus", "1-x")));
        assertTrue(e.getMessage().startsWith("-Dperf.client.cpus: not a CPU list: '1-x'"), e.getMessage());
        GateSettings taken = GateSettings.of(Map.of("perf.broker.cpus", "0", "perf.client.cpus", "1,2-3"));
        assertEquals("0", taken.machine().brokerCpus().orElseThrow().cpus());
        assertEquals("1,2-3", taken.machine().clientCpus().orElseThrow().cpus());
        assertTrue(GateSettings.defaults().machine().clientCpus().isEmpty(), "unset: unpinned");
    }

    @Tag("unit")
    @Test
    void aTrogdorCoordinatorThatIsNoAddressIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, 
                () -> GateSettings.of(Map.of("perf.trogdor.coordinator", "trogdor:8889", "perf.trogdor.agents", "a")));
        assertTrue(e.getMessage().startsWith("-Dperf.trogdor.coordinator=trogdor:8889: must be the coordinator's address"), e.getMessage());
    }
}
