package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The shape of each scenario's whole-client measurement. Measured on the example adopter at the
 * defaults: its end-to-end scenario, measured in trials with the windows' 24 blocks and 2 looks,
 * took 15 of a failing run's 22 minutes, most of it after the run had already failed.
 */
@Tag("unit")
class PairedScenarioLooksTest {

    private static final PairedScenario.Looks DEFAULTS = new PairedScenario.Looks(true, 24, 2, 8, 1);

    @Test
    void aProduceScenarioIsMeasuredInWindowsAndAnEndToEndOneWithTheTrialsOwnShape() {
        CatalogEntry produce = entry(WorkloadKind.PRODUCE, true);
        CatalogEntry endToEnd = entry(WorkloadKind.END_TO_END, false);

        assertEquals(24, DEFAULTS.blocks(produce));
        assertEquals(2, DEFAULTS.looks(produce, false));
        assertEquals(8, DEFAULTS.blocks(endToEnd));
        assertEquals(1, DEFAULTS.looks(endToEnd, false));
    }

    @Test
    void onceTheRunHasFailedNoMetricIsLookedAtTwice() {
        assertEquals(1, DEFAULTS.looks(entry(WorkloadKind.PRODUCE, true), true));
        assertEquals(24, DEFAULTS.blocks(entry(WorkloadKind.PRODUCE, true)), "the first look is whole: every scenario gets its measurement");
    }

    @Test
    void aTrialsRunMeasuresEveryScenarioInTrials() {
        PairedScenario.Looks trials = new PairedScenario.Looks(false, 8, 1, 8, 1);

        assertEquals(8, trials.blocks(entry(WorkloadKind.PRODUCE, true)));
        assertEquals(1, trials.looks(entry(WorkloadKind.PRODUCE, true), false));
    }

    private static CatalogEntry entry(WorkloadKind kind, boolean windows) {
        return new CatalogEntry("s", Path.of("s.yaml"), kind, List.of("pr"), Thresholds.PAIRED, 1, 1, (short) 1, Map.of(), windows);
    }
}
