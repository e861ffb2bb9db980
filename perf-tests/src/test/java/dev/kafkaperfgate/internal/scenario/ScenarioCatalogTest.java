package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class ScenarioCatalogTest {

    @TempDir
    Path dir;

    @Test
    void theShippedCatalogIsValid() {
        ScenarioCatalog catalog = ScenarioCatalog.load(Path.of(System.getProperty("perf.scenarios.dir", "scenarios")));
        assertTrue(catalog.select("pr", null).size() >= 2);
        assertTrue(catalog.select("nightly", null).size() > catalog.select("pr", null).size());
        // A mirror needs two clusters and MirrorMaker 2, which paired mode does not start: nightly only.
        assertEquals(EnumSet.complementOf(EnumSet.of(WorkloadKind.MIRROR)), workloads(catalog, "pr"), "every workload but mirror runs in pr");
        assertEquals(EnumSet.allOf(WorkloadKind.class), workloads(catalog, "nightly"), "every workload runs in nightly");
    }

    private static EnumSet<WorkloadKind> workloads(ScenarioCatalog catalog, String suite) {
        return catalog.select(suite, null).stream().map(Scenario::workload)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(WorkloadKind.class)));
    }

    @Test
    void selectsBySuiteAndNamePattern() throws IOException {
        write("a.yaml", scenario("producer-a", "[pr]", ""));
        write("b.yaml", scenario("producer-b", "[nightly]", "sweep: {parameter: record.size, values: [64, 128]}\n"));
        ScenarioCatalog catalog = ScenarioCatalog.load(dir);
        assertEquals(List.of("producer-a"), names(catalog.select("pr", null)));
        assertEquals(List.of("producer-b[record.size=64]", "producer-b[record.size=128]"), names(catalog.select("nightly", null)));
        assertEquals(List.of("producer-b[record.size=128]"), names(catalog.select(null, "*=128]")));
        assertEquals(List.of("producer-a", "producer-b[record.size=64]"), names(catalog.select("", "producer-a, *=64*")));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> catalog.select("pr", "nothing*"));
        assertTrue(none.getMessage().startsWith("no scenario matches suite 'pr' and names 'nothing*'"), none.getMessage());
    }

    @Test
    void duplicateNamesAcrossFilesAndBadFilesAreAllReportedTogether() throws IOException {
        write("a.yaml", scenario("producer-a", "[pr]", ""));
        write("b.yaml", scenario("producer-a", "[pr]", ""));
        write("c.yaml", scenario("producer-c", "[pr]", "trials: 0\n"));
        ScenarioValidationException error = assertThrows(ScenarioValidationException.class, () -> ScenarioCatalog.load(dir));
        assertEquals(2, error.errors().size(), error.getMessage());
        assertTrue(error.getMessage().startsWith("2 errors in the scenario files; no scenario runs:\n"), error.getMessage());
        assertTrue(error.getMessage().contains("c.yaml:14: trials: must be 1..100, got 0"), error.getMessage());
        assertTrue(error.getMessage().contains("b.yaml:1: name: duplicate scenario name 'producer-a', first defined at "),
                error.getMessage());
    }

    @Test
    void aMissingOrEmptyDirectoryIsAnError() {
        assertThrows(ScenarioValidationException.class, () -> ScenarioCatalog.load(dir.resolve("absent")));
        assertThrows(ScenarioValidationException.class, () -> ScenarioCatalog.load(dir));
    }

    private static String scenario(String name, String tags, String extra) {
        return """
                name: %s
                tags: %s
                workload: produce
                records: 1000
                record.size: 100
                rate: unlimited
                producer:
                  acks: all
                  linger.ms: 5
                  batch.size: 16384
                  compression.type: lz4
                warmup: none
                thresholds: {throughput: -10%%, p99: +25%%}
                """.formatted(name, tags) + extra;
    }

    private void write(String name, String text) throws IOException {
        Files.writeString(dir.resolve(name), text);
    }

    private static List<String> names(List<Scenario> scenarios) {
        return scenarios.stream().map(Scenario::name).toList();
    }
}
