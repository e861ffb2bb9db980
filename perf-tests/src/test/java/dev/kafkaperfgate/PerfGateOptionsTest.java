package dev.kafkaperfgate;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 73: the options keep the typed values they were given. The builder's values go through the
 * one parser every setting goes through (a key given on the command line is read the same way),
 * and each comes back from its getter as it was given, not rounded or re-read another way.
 */
@Tag("unit")
class PerfGateOptionsTest {

    @Test
    void everyTypedValueComesBackAsItWasGiven() {
        PerfGateOptions options = PerfGateOptions.builder()
                .suite("nightly").scenariosDir(Path.of("perf/scenarios")).baselinesDir(Path.of("perf/baselines"))
                .resultsDir(Path.of("target/perf-results")).broker(PerfGateOptions.Broker.PROCESS)
                .brokerWarmup(Duration.ofMillis(7500)).brokerStartupTimeout(Duration.ofSeconds(45)).falseAlarmRate(0.015).baselineRequired(true).allowUnjudged(true)
                .baseRef("origin/main").pairedDesign(PerfGateOptions.ClientDesign.TRIALS).pairedTrial(Duration.ofMillis(2500))
                .components(PerfGateOptions.Components.ALWAYS).componentBlocks(6).componentLooks(2)
                .build();
        assertEquals("nightly", options.suite().orElseThrow());
        assertTrue(options.runRequested());
        assertEquals(Path.of("perf/scenarios"), options.scenariosDir());
        assertEquals(Path.of("perf/baselines"), options.baselinesDir());
        assertEquals(Path.of("target/perf-results"), options.resultsDir());
        assertEquals(PerfGateOptions.Broker.PROCESS, options.broker());
        assertEquals(Duration.ofMillis(7500), options.brokerWarmup().orElseThrow());
        assertEquals(0.015, options.falseAlarmRate());
        assertTrue(options.baselineRequired());
        assertTrue(options.allowUnjudged());
        assertEquals("origin/main", options.baseRef().orElseThrow());
        assertEquals(PerfGateOptions.ClientDesign.TRIALS, options.pairedDesign());
        assertEquals(Duration.ofMillis(2500), options.pairedTrial());
        assertEquals(PerfGateOptions.Components.ALWAYS, options.components());
        assertEquals(6, options.componentBlocks());
        assertEquals(2, options.componentLooks());

        PerfGateOptions defaults = PerfGateOptions.builder().build();
        assertFalse(defaults.runRequested(), "an ordinary mvn test runs nothing");
        assertTrue(defaults.brokerWarmup().isEmpty(), "unset: the mode's own default");
        assertEquals(PerfGateOptions.Components.AUTO, defaults.components());
    }

    /** A typed value outside what the gate takes is refused when the options are built, naming its key. */
    @Test
    void aValueTheGateCannotTakeIsRefusedWhenBuilt() {
        IllegalArgumentException blocks = assertThrows(IllegalArgumentException.class,
                () -> PerfGateOptions.builder().componentBlocks(1).build());
        assertTrue(blocks.getMessage().contains("perf.paired.component.blocks") || blocks.getMessage().contains("component"), blocks.getMessage());
        IllegalArgumentException rate = assertThrows(IllegalArgumentException.class, () -> PerfGateOptions.builder().falseAlarmRate(0.9).build());
        assertTrue(rate.getMessage().contains("must be a number in"), rate.getMessage());
    }
}
