package dev.kafkaperfgate.internal.paired.client;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Any settings request between two readings of the brokers' counts is named with how many; none is no change. */
@Tag("unit")
class SettingsWatchTest {

    @Test
    void namesEachSettingsRequestSentMeanwhileWithItsCount() {
        assertEquals(Optional.of("AlterClientQuotas ×1, IncrementalAlterConfigs ×2"), SettingsWatch.changes(
                Map.of("IncrementalAlterConfigs", 3.0),
                Map.of("IncrementalAlterConfigs", 5.0, "AlterClientQuotas", 1.0)), "a request first seen now counts from 0");
    }

    @Test
    void unchangedCountsAreNoChange() {
        assertEquals(Optional.empty(), SettingsWatch.changes(Map.of("AlterConfigs", 2.0), Map.of("AlterConfigs", 2.0)));
        assertEquals(Optional.empty(), SettingsWatch.changes(Map.of(), Map.of()));
    }
}
