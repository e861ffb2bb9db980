package dev.kafkaperfgate.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineReader;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scripts/refresh-baselines.sh on a real run's results (a fixture copied from a PR-suite run on
 * this machine, one scenario kept): what it merges, what it refuses, and that the gate's own
 * reader accepts what it writes. Runs with the jq on the PATH (1.6 on Debian, 1.7 on runners).
 */
class RefreshBaselinesScriptTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCENARIO = "producer-1k-acks1-20k";
    private static final String PROFILE = "linux-amd64-2c";
    /** The machine class the fixture run's summary.json names. */
    private static final String CLASS = "intel-xeon-processor-2-00ghz";

    @TempDir
    Path dir;
    Path results;
    Path baselines;

    @BeforeEach
    void copyFixture() throws IOException {
        results = dir.resolve("results");
        baselines = dir.resolve("baselines");
        Files.createDirectories(results);
        try (Stream<Path> files = Files.list(Path.of("../perf-tests/src/test/resources/runs/pr-run"))) {
            for (Path file : files.toList()) {
                Files.copy(file, results.resolve(file.getFileName()));
            }
        }
    }

    @Test
    void appendsRunsDropsTheOldestBeyondTheWindowAndWritesWhatTheReaderAccepts() throws Exception {
        RefreshScript.Outcome first = refresh();
        assertEquals(0, first.exit(), first.output());
        assertTrue(first.output().contains(SCENARIO + ": 0 → 1 runs; median throughput none → "), first.output());
        assertEquals(0, refresh("--window", "2").exit());
        RefreshScript.Outcome third = refresh("--window", "2");
        assertEquals(0, third.exit(), third.output());
        assertTrue(third.output().contains(SCENARIO + ": 2 → 2 runs"), third.output());

        Path file = baselineFile();
        Baseline baseline = BaselineReader.read(file, PROFILE, SCENARIO);
        assertEquals(2, baseline.history().size());
        assertEquals(2, baseline.window());
        assertEquals("0123abc", baseline.history().get(0).commit());
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.stream().filter(line -> line.startsWith("    {\"commit\":")).count(), "one run per line:\n" + String.join("\n", lines));

        // The nightly history beside it keeps every night, where the baseline keeps its window.
        List<NightlyHistory.Night> nights = NightlyHistory.read(NightlyHistory.file(file.getParent(), SCENARIO));
        assertEquals(3, nights.size());
        assertEquals(baseline.history().get(1).figures().metrics().get(Metric.THROUGHPUT).value(),
                nights.get(2).values().get(Metric.THROUGHPUT), 1e-9);
        assertTrue(nights.get(2).values().containsKey(Metric.P99), "every metric the run has (this old fixture: throughput and p99)");
    }

    @Test
    void aDamagedNightlyHistoryStopsTheRefreshAndIsLeftAsItWas() throws Exception {
        assertEquals(0, refresh().exit());
        Path history = NightlyHistory.file(baselineFile().getParent(), SCENARIO);
        Files.writeString(history, Files.readString(history) + "{\"commit\": \"cut short\n");
        byte[] damaged = Files.readAllBytes(history);
        byte[] baseline = Files.readAllBytes(baselineFile());

        RefreshScript.Outcome refused = refresh();
        assertEquals(1, refused.exit(), refused.output());
        assertTrue(refused.output().contains(history + ":2: not a JSON object"), refused.output());
        assertArrayEquals(damaged, Files.readAllBytes(history));
        assertArrayEquals(baseline, Files.readAllBytes(baselineFile()), "the baseline is not refreshed without its night");
        try (Stream<Path> files = Files.list(baselineFile().getParent())) {
            assertEquals(List.of(), files.filter(file -> file.toString().endsWith(".staged")).toList(), "nothing staged is left");
        }
    }

    @Test
    void refusesAnIncompleteRunAnotherProfileAndAScenarioNotInTheRun() throws Exception {
        RefreshScript.Outcome wrongProfile = refresh("--profile", "gha-ubuntu-latest");
        assertEquals(1, wrongProfile.exit());
        assertTrue(wrongProfile.output().contains("the run is of profile '" + PROFILE + "', not 'gha-ubuntu-latest'"), wrongProfile.output());

        RefreshScript.Outcome missing = refresh("--only", "no-such-scenario");
        assertEquals(1, missing.exit());
        assertTrue(missing.output().contains("scenario 'no-such-scenario' is not in this run"), missing.output());

        edit(results.resolve("summary.json"), summary -> summary.put("complete", false));
        RefreshScript.Outcome incomplete = refresh();
        assertEquals(1, incomplete.exit());
        assertTrue(incomplete.output().contains("refused: complete: false"), incomplete.output());
        assertTrue(Files.notExists(baselineFile()), "nothing written");
    }

    @Test
    void aCorruptBaselineIsNeverOverwrittenWithoutTheFlag() throws Exception {
        assertEquals(0, refresh().exit());
        byte[] whole = Files.readAllBytes(baselineFile());
        byte[] truncated = java.util.Arrays.copyOf(whole, whole.length / 2);
        Files.write(baselineFile(), truncated);

        RefreshScript.Outcome refused = refresh();
        assertEquals(1, refused.exit());
        assertTrue(refused.output().contains("cannot be read as a version-1 baseline"), refused.output());
        assertArrayEquals(truncated, Files.readAllBytes(baselineFile()), "left exactly as it was");

        RefreshScript.Outcome replaced = refresh("--overwrite-corrupt");
        assertEquals(0, replaced.exit(), replaced.output());
        assertEquals(1, BaselineReader.read(baselineFile(), PROFILE, SCENARIO).history().size());
    }

    @Test
    void aChangedExperimentNeedsAcceptWhichRestartsTheHistoryAndLeavesOtherScenariosAlone() throws Exception {
        assertEquals(0, refresh().exit());
        assertEquals(0, refresh().exit());
        Path other = baselines.resolve(PROFILE).resolve(CLASS).resolve("a-scenario-that-did-not-run.json");
        Files.writeString(other, "{\"kept\": true}\n");
        edit(results.resolve(SCENARIO + ".json"), result -> {
            ((ObjectNode) result.get("definition")).put("recordSize", 512);
            result.put("definitionSha256", "e".repeat(64));
        });

        RefreshScript.Outcome refused = refresh();
        assertEquals(1, refused.exit());
        assertTrue(refused.output().contains("refused: the baseline cannot judge this run (definition: recordSize: 1024 → 512); "
                + "if that change is intended, accept it with --accept " + SCENARIO), refused.output());
        assertEquals(2, BaselineReader.read(baselineFile(), PROFILE, SCENARIO).history().size());

        RefreshScript.Outcome accepted = refresh("--accept", SCENARIO);
        assertEquals(0, accepted.exit(), accepted.output());
        Baseline baseline = BaselineReader.read(baselineFile(), PROFILE, SCENARIO);
        assertEquals(1, baseline.history().size(), "the history restarts from the accepted run");
        assertEquals(512, baseline.definition().get("recordSize").asInt());
        assertEquals("{\"kept\": true}\n", Files.readString(other), "a scenario that did not run keeps its baseline");
    }

    @Test
    void aChangedSubjectIsWhatTheGateJudgesSoTheHistoryContinuesAndNumbersKeepTheirSpelling() throws Exception {
        assertEquals(0, refresh().exit());
        // The verdict's own rule: producer settings are the subject, judged, never a MISMATCH.
        edit(results.resolve(SCENARIO + ".json"), result -> ((ObjectNode) result.at("/definition/producer")).put("batch.size", "32768"));
        RefreshScript.Outcome merged = refresh();
        assertEquals(0, merged.exit(), merged.output());
        assertEquals(2, BaselineReader.read(baselineFile(), PROFILE, SCENARIO).history().size());
        // One writer, in Java: a double stays a double (jq wrote 20000.0 as 20000).
        assertTrue(Files.readString(baselineFile()).contains("\"recordsPerSecond\":20000.0"), Files.readString(baselineFile()));
    }

    @Test
    void pathsFromTheSummaryNeverLeaveTheBaselinesFolder() throws Exception {
        for (Edit hostile : List.<Edit>of(
                summary -> summary.put("profile", "../../outside"),
                summary -> ((ObjectNode) summary.get("scenarios").get(0)).put("scenario", "/../../../escaped"),
                summary -> ((ObjectNode) summary.get("scenarios").get(0)).put("scenario", ".."),
                summary -> ((ObjectNode) summary.get("scenarios").get(0)).put("resultFile", "../../outside.json"))) {
            copyFixture(dir.resolve("hostile-" + System.nanoTime()));
            edit(results.resolve("summary.json"), hostile);
            RefreshScript.Outcome refused = refresh();
            assertEquals(1, refused.exit(), refused.output());
            assertTrue(refused.output().contains("refused: profile: ") || refused.output().contains("refused: scenarios: "),
                    refused.output());
        }
        try (Stream<Path> written = Files.walk(dir)) {
            assertEquals(List.of(), written.filter(path -> path.toString().contains("outside") || path.toString().contains("escaped"))
                    .toList(), "nothing written outside baselines/");
        }
        assertTrue(Files.notExists(baselines.resolve(PROFILE)), "nothing written at all");
    }

    @Test
    void aDamagedHistoryEntryStopsTheRefreshBeforeAnyFileIsReplaced() throws Exception {
        // A run of two scenarios: the fixture's, and a copy named b-scenario.
        JsonNode result = JSON.readTree(results.resolve(SCENARIO + ".json").toFile());
        ((ObjectNode) result).put("scenario", "b-scenario");
        JSON.writeValue(results.resolve("b-scenario.json").toFile(), result);
        edit(results.resolve("summary.json"), summary -> ((com.fasterxml.jackson.databind.node.ArrayNode) summary.get("scenarios"))
                .add(((ObjectNode) summary.get("scenarios").get(0).deepCopy()).put("scenario", "b-scenario").put("resultFile", "b-scenario.json")));
        assertEquals(0, refresh().exit());
        Path other = baselines.resolve(PROFILE).resolve(CLASS).resolve("b-scenario.json");
        edit(baselineFile(), baseline -> ((ObjectNode) baseline.at("/history/0/throughput")).put("value", "oops"));
        byte[] first = Files.readAllBytes(baselineFile());
        byte[] second = Files.readAllBytes(other);

        RefreshScript.Outcome refused = refresh();
        assertEquals(1, refused.exit(), refused.output());
        assertTrue(refused.output().contains("cannot be read as a version-1 baseline"), refused.output());
        assertArrayEquals(first, Files.readAllBytes(baselineFile()), "the damaged file is left as it was");
        assertArrayEquals(second, Files.readAllBytes(other), "and so is every other: never half-applied");
    }

    private void copyFixture(Path into) throws IOException {
        results = into.resolve("results");
        Files.createDirectories(results);
        try (Stream<Path> files = Files.list(Path.of("../perf-tests/src/test/resources/runs/pr-run"))) {
            for (Path file : files.toList()) {
                Files.copy(file, results.resolve(file.getFileName()));
            }
        }
    }

    private Path baselineFile() {
        return baselines.resolve(PROFILE).resolve(CLASS).resolve(SCENARIO + ".json");
    }

    private interface Edit {
        void apply(ObjectNode json);
    }

    private static void edit(Path file, Edit edit) throws IOException {
        ObjectNode json = (ObjectNode) JSON.readTree(file.toFile());
        edit.apply(json);
        JSON.writeValue(file.toFile(), json);
    }

    private RefreshScript.Outcome refresh(String... options) throws IOException, InterruptedException {
        return RefreshScript.run(results, baselines, options);
    }
}
