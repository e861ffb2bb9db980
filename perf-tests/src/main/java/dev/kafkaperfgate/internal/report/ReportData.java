package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineException;
import dev.kafkaperfgate.internal.baseline.BaselineReader;
import dev.kafkaperfgate.internal.baseline.MachineClass;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the HTML report draws, gathered from a run's files: summary.json, the result file
 * of each scenario (and of its confirmation re-run), the sweep summaries, and the profile's
 * baseline files. The page's script only lays it out.
 */
final class ReportData {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Scenarios in the order a reader should look at them: what failed the build first. */
    private static final List<String> ATTENTION = List.of("regression", "error", "failed", "no-baseline", "MISMATCH",
            "INCONCLUSIVE", "IMPROVEMENT", "BETTER", "NEW", "OK");

    private ReportData() {
    }

    /**
     * @param resultsDir   the run's results (summary.json and the files it names)
     * @param baselinesDir the baselines root; the run's profile folder below it is read when present
     * @throws UncheckedIOException when summary.json or a result file it names cannot be read
     */
    static ObjectNode read(Path resultsDir, Path baselinesDir) {
        JsonNode summary = readJson(resultsDir.resolve("summary.json"));
        // The run's machine class's folder; summaries from before classes name only the CPU model.
        String machineClass = summary.hasNonNull("machineClass") ? summary.get("machineClass").asText()
                : MachineClass.of(summary.path("fingerprint").path("cpuModel").asText(""));
        Path profileDir = baselinesDir.resolve(summary.path("profile").asText("unknown")).resolve(machineClass);
        Map<String, Baseline> baselines = new HashMap<>();
        List<String> baselineProblems = new ArrayList<>();

        List<JsonNode> entries = new ArrayList<>();
        summary.path("scenarios").forEach(entries::add);
        entries.sort(Comparator.comparingInt(ReportData::attentionRank));
        ObjectNode data = JSON.createObjectNode();
        data.set("header", header(summary));
        ArrayNode scenarios = data.putArray("scenarios");
        for (JsonNode entry : entries) {
            String name = entry.path("scenario").asText();
            Baseline baseline = baseline(profileDir, summary.path("profile").asText(), name, baselineProblems);
            if (baseline != null) {
                baselines.put(name, baseline);
            }
            JsonNode result = optionalJson(resultsDir, entry.path("resultFile").asText(null));
            JsonNode confirmation = optionalJson(resultsDir, entry.path("confirmation").path("resultFile").asText(null));
            ObjectNode page = ScenarioPage.of(entry, result, confirmation, baseline);
            ObjectNode flames = flames(resultsDir, entry.path("paired").path("components"));
            clientFlame(resultsDir, entry.path("paired").path("whereItWent")).ifPresent(tree -> flames.set(WHOLE_CLIENT, tree));
            if (!flames.isEmpty()) {
                page.set("flames", flames);
            }
            scenarios.add(page);
        }
        ArrayNode sweeps = data.putArray("sweeps");
        for (Path file : sweepFiles(resultsDir)) {
            sweeps.add(SweepPage.of(readJson(file), baselines));
        }
        ArrayNode problems = data.putArray("problems");
        baselineProblems.forEach(problems::add);
        return data;
    }

    /**
     * Per profiled component, its differential flame graph from the collapsed stacks beside its
     * recording ({@code whereItWent.recording}, a name the gate wrote; only a plain name inside the
     * results' {@code components/} folder is followed).
     */
    private static ObjectNode flames(Path resultsDir, JsonNode components) {
        ObjectNode flames = JSON.createObjectNode();
        components.fields().forEachRemaining(component -> {
            String recording = component.getValue().path("whereItWent").path("recording").asText("");
            if (!recording.matches("components/[A-Za-z0-9._-]+\\.jfr")) {
                return;
            }
            String stem = recording.substring(0, recording.length() - ".jfr".length());
            try {
                ObjectNode tree = FlameTree.of(resultsDir.resolve(stem + ".base.cpu.collapsed"), resultsDir.resolve(stem + ".head.cpu.collapsed"));
                if (tree != null) {
                    flames.set(component.getKey(), tree);
                }
            } catch (IOException e) {
                // No flame graph for it; the tables in the comment and the raw files still say where it went.
            }
        });
        return flames;
    }

    /** The key of a whole client's flame graph among a scenario's: no component's label holds a space and no dot. */
    static final String WHOLE_CLIENT = "the whole client";

    /**
     * A whole client's differential flame graph, from the collapsed stacks of its two recordings
     * ({@code whereItWent.recording}: {@code client/<stem>.jfr}, a name the gate wrote, standing for
     * {@code <stem>.base.jfr} and {@code <stem>.head.jfr}); empty when there is none.
     */
    private static java.util.Optional<ObjectNode> clientFlame(Path resultsDir, JsonNode went) {
        String recording = went.path("recording").asText("");
        if (!recording.matches("client/[A-Za-z0-9._-]+\\.jfr")) {
            return java.util.Optional.empty();
        }
        String stem = recording.substring(0, recording.length() - ".jfr".length());
        try {
            return java.util.Optional.ofNullable(FlameTree.of(resultsDir.resolve(stem + ".base.cpu.collapsed"),
                    resultsDir.resolve(stem + ".head.cpu.collapsed")));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    private static int attentionRank(JsonNode entry) {
        String outcome = entry.path("outcome").asText();
        int rank = ATTENTION.indexOf("passed".equals(outcome) ? entry.path("verdict").asText() : outcome);
        return rank < 0 ? ATTENTION.size() : rank;
    }

    private static ObjectNode header(JsonNode summary) {
        ObjectNode header = JSON.createObjectNode();
        for (String field : List.of("suite", "commit", "runId", "profile", "complete", "startedAt", "counts", "fingerprint", "drift",
                "policy", "injection", "mode")) {
            header.set(field, summary.path(field));
        }
        try {
            Duration duration = Duration.between(Instant.parse(summary.path("startedAt").asText()),
                    Instant.parse(summary.path("updatedAt").asText()));
            header.put("durationSeconds", duration.toSeconds());
        } catch (DateTimeParseException e) {
            header.putNull("durationSeconds");
        }
        return header;
    }

    /** The scenario's baseline, or null when it has none; an unreadable one is reported, not fatal. */
    private static Baseline baseline(Path profileDir, String profile, String scenario, List<String> problems) {
        Path file = profileDir.resolve(scenario + ".json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return BaselineReader.read(file, profile, scenario);
        } catch (BaselineException e) {
            problems.add(e.getMessage());
            return null;
        }
    }

    private static JsonNode optionalJson(Path dir, String fileName) {
        return fileName == null ? null : readJson(dir.resolve(fileName));
    }

    private static List<Path> sweepFiles(Path dir) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "sweep-*.json")) {
            stream.forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        files.sort(Comparator.naturalOrder());
        return files;
    }

    private static JsonNode readJson(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " for the report: " + e.getMessage(), e);
        }
    }
}
