package dev.kafkaperfgate.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code export} on a real paired run's summary.json (the PR suite, head against base): every
 * judged figure lands in Bencher Metric Format and in github-action-benchmark's two files, each
 * metric on the side its direction belongs to; a run that is not a clean run is refused.
 */
@Tag("unit")
class ExportCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PAIRED = Path.of("../perf-tests/src/test/resources/runs/paired-run/results");

    @TempDir
    Path dir;

    @Test
    void bencherGetsEveryJudgedFigureUnderItsScenario() throws IOException {
        JsonNode summary = JSON.readTree(PAIRED.resolve("summary.json").toFile());
        Path out = dir.resolve("bmf.json");
        assertEquals(0, KafkaPerfGateTools.commandLine().execute("export", "--results", PAIRED.toString(), "--format", "bencher",
                "--out", out.toString()));
        JsonNode bmf = JSON.readTree(out.toFile());
        int figures = 0;
        for (JsonNode scenario : summary.get("scenarios")) {
            for (JsonNode metric : scenario.get("metrics")) {
                JsonNode exported = bmf.path(scenario.get("scenario").asText()).path(metric.get("metric").asText()).path("value");
                assertEquals(metric.get("current").asDouble(), exported.asDouble(), scenario.get("scenario") + " " + metric.get("metric"));
                figures++;
            }
        }
        assertEquals(23, figures, "four scenarios: 5 + 6 + 6 + 6 metrics");
        assertEquals(4, bmf.size());
    }

    @Test
    void githubActionBenchmarkGetsEachDirectionInItsOwnFile() throws IOException {
        Path smaller = dir.resolve("smaller.json");
        Path bigger = dir.resolve("bigger.json");
        assertEquals(0, KafkaPerfGateTools.commandLine().execute("export", "--results", PAIRED.toString(), "--format",
                "benchmark-action-smaller", "--out", smaller.toString()));
        assertEquals(0, KafkaPerfGateTools.commandLine().execute("export", "--results", PAIRED.toString(), "--format",
                "benchmark-action-bigger", "--out", bigger.toString()));
        List<String> smallerNames = names(JSON.readTree(smaller.toFile()));
        List<String> biggerNames = names(JSON.readTree(bigger.toFile()));
        assertEquals(23, smallerNames.size() + biggerNames.size());
        assertTrue(biggerNames.contains("producer-1k-acks1-20k throughput"), biggerNames.toString());
        assertTrue(biggerNames.stream().allMatch(name -> name.endsWith(" throughput") || name.endsWith(" recordsPerRequest")), biggerNames.toString());
        assertTrue(smallerNames.contains("end-to-end-1k-acks-all p99Us"), smallerNames.toString());
        assertTrue(smallerNames.stream().noneMatch(name -> name.endsWith(" throughput")), smallerNames.toString());
        JsonNode first = JSON.readTree(smaller.toFile()).get(0);
        assertTrue(first.get("unit").isTextual() && first.get("value").isNumber(), first.toString());
    }

    @Test
    void aComponentIsItsOwnBenchmark() {
        ObjectNode summary = JSON.createObjectNode();
        ObjectNode scenario = ((ArrayNode) summary.putArray("scenarios")).addObject().put("scenario", "orders-publish");
        scenario.putArray("metrics").addObject().put("metric", "bytesPerOp").put("component",
                "value.serializer com.example.orders.OrderSerializer").put("current", 1237.0);
        JsonNode bmf = ExportCommand.export(summary, ExportCommand.Format.bencher);
        assertEquals(1237.0, bmf.path("orders-publish/value.serializer com.example.orders.OrderSerializer").path("bytesPerOp").path("value").asDouble());
    }

    @Test
    void anIncompleteOrInjectedRunIsRefusedAndAnUnknownFormatIsAUsageError() throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        ObjectNode summary = (ObjectNode) JSON.readTree(PAIRED.resolve("summary.json").toFile());
        summary.put("complete", false);
        JSON.writeValue(results.resolve("summary.json").toFile(), summary);
        assertEquals(1, KafkaPerfGateTools.commandLine().execute("export", "--results", results.toString(), "--format", "bencher",
                "--out", dir.resolve("x.json").toString()));
        summary.put("complete", true).putObject("injection").put("description", "burn 500000 ns");
        JSON.writeValue(results.resolve("summary.json").toFile(), summary);
        assertEquals(1, KafkaPerfGateTools.commandLine().execute("export", "--results", results.toString(), "--format", "bencher",
                "--out", dir.resolve("x.json").toString()));
        assertTrue(Files.notExists(dir.resolve("x.json")), "nothing written for a refused run");
        assertEquals(1, KafkaPerfGateTools.commandLine().execute("export", "--results", dir.resolve("none").toString(), "--format", "bencher"));
        assertEquals(2, KafkaPerfGateTools.commandLine().execute("export", "--results", PAIRED.toString(), "--format", "grafana"));
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(entry -> names.add(entry.get("name").asText()));
        return names;
    }
}
