package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Tag("unit")
class SweepSummaryTest {

    @TempDir
    Path dir;

    // The U shape of the tuning articles: small batches cost requests, large ones wait to fill.
    private final SweepSummary summary = new SweepSummary("producer-1k-batch-size", "batch.size", false, List.of(
            new SweepSummary.Row("8192", "producer-1k-batch-size[batch.size=8192]", 19_990.0, 6_100, "response time"),
            new SweepSummary.Row("16384", "producer-1k-batch-size[batch.size=16384]", 19_995.5, 4_700, "response time"),
            new SweepSummary.Row("102400", "producer-1k-batch-size[batch.size=102400]", 19_998.2, 9_900, "response time")));

    @Test
    void theBestOfEachMetricIsMarkedInTheTable() {
        assertEquals("102400", summary.bestThroughput().value());
        assertEquals("16384", summary.bestP99().value());
        assertEquals("""
                [kafka-perf-gate] sweep producer-1k-batch-size over batch.size (p99 of response time):
                  batch.size     records/sec      p99 ms
                  8192               19990.0        6.10
                  16384              19995.5        4.70  <- best p99
                  102400             19998.2        9.90  <- best throughput
                """, summary.table());
    }

    @Test
    void theSummaryIsWrittenForTheReport() throws IOException {
        Path file = summary.write(dir);
        assertEquals(dir.resolve("sweep-producer-1k-batch-size.json"), file);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals("batch.size", json.get("parameter").asText());
        assertEquals(3, json.get("rows").size());
        assertEquals(4_700, json.at("/rows/1/p99Us").asLong());
        assertEquals("102400", json.get("bestThroughput").asText());
        assertEquals("16384", json.get("bestP99").asText());
    }

    @Test
    void anEmptySweepIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new SweepSummary("x", "batch.size", false, List.of()));
    }

    @Test
    void underATargetRateOnlyP99IsMarked() throws IOException {
        SweepSummary atRate = new SweepSummary(summary.group(), summary.parameter(), true, summary.rows());
        assertEquals(false, atRate.table().contains("best throughput"));
        assertEquals(true, atRate.table().contains("4.70  <- best p99"));
        assertEquals(true, new ObjectMapper().readTree(atRate.write(dir).toFile()).get("bestThroughput").isNull());
    }
}
