package dev.kafkaperfgate.tools.bench;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The power tools' policy follows the PR suite's files, not a number written down once. */
@Tag("unit")
class PrSuiteTest {

    @Test
    void thisRepositorysPrSuiteMakesTwentyThreeComparisons() {
        // Two produce and one end-to-end scenario judged on 6 metrics each, one consume scenario on 5 (no p99).
        assertEquals(23, PrSuite.comparisons(Path.of("..", PrSuite.SCENARIOS)));
    }

    /** A produce scenario with the fewest keys a file may have. */
    private static String produce(String name, String tag) {
        return """
                name: %s
                tags: [%s]
                workload: produce
                duration: 5s
                record.size: 100
                rate: 1000
                producer:
                  acks: "1"
                  batch.size: 16384
                  compression.type: none
                  linger.ms: 0
                """.formatted(name, tag);
    }

    @Test
    void aScenarioAddedToTheSuiteMovesTheCount(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("one.yaml"), produce("one", "pr"));
        Files.writeString(dir.resolve("nightly.yaml"), produce("nightly-only", "nightly"));
        assertEquals(6, PrSuite.comparisons(dir), "a produce scenario: throughput, p99 and four costs per record; the nightly's not counted");
    }
}
