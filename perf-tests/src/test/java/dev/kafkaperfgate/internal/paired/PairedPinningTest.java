package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where a paired run puts its broker and workers, by default and when told. */
class PairedPinningTest {

    @Test
    void byDefaultTheBrokerTakesTheFirstHalfOfTheCpusAndTheWorkersTheRest() {
        PairedPinning two = PairedPinning.decide(GateSettings.of(Map.of()), List.of(0, 1), true);
        assertEquals("0", two.broker().cpus());
        assertEquals("1", two.clients().cpus());
        assertEquals("0", two.withBroker(GateSettings.defaults()).machine().brokerCpus().orElseThrow().cpus());
        assertTrue(two.line().contains("-Dperf.paired.pin=false"), two.line());

        // A 4-vCPU runner; and a container limited to CPUs 2, 3 and 5.
        PairedPinning four = PairedPinning.decide(GateSettings.of(Map.of()), List.of(0, 1, 2, 3), true);
        assertEquals("0,1", four.broker().cpus());
        assertEquals("2,3", four.clients().cpus());
        PairedPinning odd = PairedPinning.decide(GateSettings.of(Map.of()), List.of(2, 3, 5), true);
        assertEquals("2", odd.broker().cpus());
        assertEquals("3,5", odd.clients().cpus());
    }

    @Test
    void explicitCpusWinAndFalseTurnsItOff() {
        PairedPinning told = PairedPinning.decide(GateSettings.of(Map.of(GateProperties.CLIENT_CPUS, "1")), List.of(0, 1, 2, 3), true);
        assertNull(told.broker(), "only what was asked");
        assertEquals("1", told.clients().cpus());
        assertEquals(Map.of(), told.withBroker(GateSettings.defaults()).given());

        PairedPinning off = PairedPinning.decide(GateSettings.of(Map.of(GateProperties.PAIRED_PIN, "false")), List.of(0, 1), true);
        assertNull(off.broker());
        assertNull(off.clients());
        IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
                () -> PairedPinning.decide(GateSettings.of(Map.of(GateProperties.PAIRED_PIN, "no")), List.of(0, 1), true));
        assertTrue(typo.getMessage().contains("perf.paired.pin=no"), typo.getMessage());
    }

    @Test
    void oneCpuOrNoTasksetRunsUnpinnedAndSaysWhy() {
        PairedPinning one = PairedPinning.decide(GateSettings.of(Map.of()), List.of(0), true);
        assertNull(one.clients());
        assertTrue(one.line().contains("1 CPU, too few to split"), one.line());
        PairedPinning unknown = PairedPinning.decide(GateSettings.of(Map.of()), List.of(), true);
        assertNull(unknown.broker());
        PairedPinning noTaskset = PairedPinning.decide(GateSettings.of(Map.of()), List.of(0, 1), false);
        assertNull(noTaskset.clients());
        assertTrue(noTaskset.line().contains("taskset"), noTaskset.line());
    }
}
