package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultFileTest {

    /** Issue 58 item 1: a pull request that commits target/perf-results as a link gets no file written where it points. */
    @Test
    void aResultsFolderThatIsALinkIsRefusedAndNothingIsWrittenWhereItPoints(@TempDir Path dir) throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path target = Files.createDirectories(dir.resolve("checkout/target"));
        Path results = Files.createSymbolicLink(target.resolve("perf-results"), outside);
        java.io.UncheckedIOException refused = org.junit.jupiter.api.Assertions.assertThrows(java.io.UncheckedIOException.class,
                () -> ResultFile.write(new ObjectMapper().createObjectNode().put("decision", "PASS"), results, "summary.json"));
        assertTrue(refused.getMessage().contains("is a link, which the gate does not write through"), refused.getMessage());
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count());
        }
    }

    @TempDir
    Path dir;

    @Test
    void aResultFileHoldsEveryTrialAndHistogramsThatDecodeToTheSameCounts() throws IOException {
        ProduceScenario scenario = ProduceScenario.builder("producer-test").recordSize(100).recordsPerTrial(3)
                .recordsPerSecond(1000).trials(2).producerProperty("linger.ms", "5").producerProperty("acks", "1").build();
        TrialFigures first = trial(1, 100, 200, 300);
        TrialFigures second = trial(2, 400, 500, 600);
        ProduceResult result = new ProduceResult(scenario, "kpg-x-producer-test",
                new BrokerInfo("process", "4.3.1", null, "-Xmx1g", "0", "test", 1),
                new ClientJvm("17", "vm", List.of("-Xmx1g"), 2, "1"),
                new WarmupSummary(1000, 10_000_000_000L, true, "median latency µs", List.of(900.0, 800.0)),
                List.of(first, second));

        Path file = ResultFile.write(result, dir);
        assertEquals(dir.resolve("producer-test.json"), file);
        try (var leftovers = Files.list(dir)) {
            assertEquals(1, leftovers.count(), "no temp file is left beside the result");
        }
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals(ResultFile.SCHEMA_VERSION, json.get("schemaVersion").asInt());
        assertEquals("producer-test", json.get("scenario").asText());
        assertEquals("[\"acks\",\"linger.ms\"]", fieldNames(json.at("/definition/producer")), "sorted keys");
        assertEquals(1000.0, json.at("/definition/recordsPerSecond").asDouble());
        assertEquals(2, json.get("trials").size());
        Histogram decoded = HistogramCodec.decode(json.at("/trials/1/serviceHistogram").asText());
        assertEquals(3, decoded.getTotalCount());
        assertEquals(second.service().getValueAtPercentile(99), json.at("/trials/1/serviceLatencyUs/p99").asLong());
        assertTrue(json.at("/trials/0/responseHistogram").isTextual());
        assertEquals(6, json.at("/summary/serviceLatencyUs/count").asLong(), "the summary merges all trials");
        assertEquals(1.0, json.at("/summary/medianRecordsPerSec").asDouble(), 1e-9);
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, dev.kafkaperfgate.internal.metrics.Median.of(new double[] {4, 1, 3, 2}));
        assertEquals(3.0, dev.kafkaperfgate.internal.metrics.Median.of(new double[] {5, 3, 1}));
    }

    private static TrialFigures trial(int number, long... micros) {
        Histogram service = new Histogram(3);
        Histogram response = new Histogram(3);
        for (long value : micros) {
            service.recordValue(value);
            response.recordValue(value + 50);
        }
        // 3 records in 3 s: 1 record/s, whatever the trial
        return new TrialFigures(number, 3, 300, 3_000_000_000L, 1.0, 300 / 3.0 / 1048576, service, response, null, false,
                new ClientCost(4000 + number, 900, 120, 10), null);
    }

    private static String fieldNames(JsonNode node) {
        StringBuilder names = new StringBuilder("[");
        node.fieldNames().forEachRemaining(name -> names.append(names.length() > 1 ? "," : "").append('"').append(name).append('"'));
        return names.append(']').toString();
    }
}
