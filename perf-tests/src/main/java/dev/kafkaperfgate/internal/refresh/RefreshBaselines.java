package dev.kafkaperfgate.internal.refresh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineException;
import dev.kafkaperfgate.internal.baseline.BaselineReader;
import dev.kafkaperfgate.internal.baseline.BaselineWriter;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.history.HistoryException;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.verdict.Judge;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Map;
import java.util.List;
import java.util.Locale;
import java.util.stream.StreamSupport;

/**
 * Merges a completed gate run into {@code baselines/<profile>/<machine class>/}: appends the run to
 * each scenario's history and drops the oldest runs beyond the window. The Java half of
 * {@code kafka-perf-gate-tools refresh} (and {@code scripts/refresh-baselines.sh}, its wrapper).
 * Each scenario's nightly history ({@code <scenario>.history.jsonl}) gets the run's line too.
 *
 * <p>It refuses (exit 1, nothing written) a run that is incomplete, has errors, carries an
 * injected regression, belongs to another profile, or misses a scenario it names; names or file
 * names from summary.json that would leave the baselines folder; a scenario whose baseline cannot
 * judge it any more ({@link Judge#mismatches}, the verdict's own rule) unless {@code --accept}
 * names it; and a baseline that {@link BaselineReader} refuses, unless {@code --overwrite-corrupt}.
 * Every file is staged and read back before the first one is replaced, so a refresh is applied
 * whole or not at all.
 */
public final class RefreshBaselines {

    /** What summary.json may name: the gate's own alphabets, never a path. */
    private static final String PROFILE = "[a-z0-9][a-z0-9._-]{0,79}";
    private static final String SCENARIO = "[A-Za-z0-9][A-Za-z0-9._-]{0,199}";
    private static final String RESULT_FILE = "[A-Za-z0-9][A-Za-z0-9._-]{0,200}\\.json";
    private static final String MACHINE_CLASS = "[a-z0-9][a-z0-9-]{0,79}";

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Staged(Path file, Path target, String report) {
    }

    private RefreshBaselines() {
    }

    /**
     * Merges the run {@code options} name and prints what changed.
     *
     * @throws RefusedException naming the file and the cause; nothing was written
     */
    public static void run(RefreshOptions options, PrintStream out) throws IOException {
        run(options, out, BaselineWriter::commit);
    }

    /** How a staged file replaces its target: one rename ({@link BaselineWriter#commit}); a test makes it fail. */
    @FunctionalInterface
    interface Replacer {
        void replace(Path staged, Path target) throws IOException;
    }

    static void run(RefreshOptions options, PrintStream out, Replacer replacer) throws IOException {
        Path summaryFile = options.results().resolve("summary.json");
        JsonNode summary = readJson(summaryFile, "run the gate first");
        refuseIf(summaryFile, runProblem(summary));
        String profile = summary.get("profile").asText();
        if (options.profile() != null && !options.profile().equals(profile)) {
            throw new RefusedException(summaryFile + ": refused: the run is of profile '" + profile + "', not '" + options.profile() + "'");
        }
        Fingerprint fingerprint;
        try {
            fingerprint = BaselineReader.fingerprint(summary, summaryFile.toString());
        } catch (BaselineException e) {
            throw new RefusedException(summaryFile + ": refused: " + String.join("; ", e.problems()));
        }
        List<String> ran = StreamSupport.stream(summary.get("scenarios").spliterator(), false)
                .map(scenario -> scenario.get("scenario").asText()).toList();
        List<String> selected = options.named().isEmpty() ? ran : options.named();
        for (String name : selected) {
            if (!ran.contains(name)) {
                throw new RefusedException(summaryFile + ": refused: scenario '" + name + "' is not in this run (it ran: "
                        + String.join(" ", ran) + ")");
            }
        }
        if (selected.isEmpty()) {
            throw new RefusedException(summaryFile + ": the run holds no scenarios");
        }
        Path targetDir = targetDir(options.baselines(), profile, summary.get("machineClass").asText());
        String commit = options.commit() != null ? options.commit()
                : summary.path("commit").isTextual() ? summary.get("commit").asText() : gitHead();

        // Pass 1: check everything, stage each new file and its report; nothing is replaced yet.
        List<Staged> staged = new ArrayList<>();
        try {
            for (String name : selected) {
                staged.add(stage(options, summary, fingerprint, profile, name, targetDir, commit, out));
                staged.add(stageNight(summary, name, targetDir, commit, options));
            }
        } catch (IOException | RuntimeException e) {
            for (Staged file : staged) {
                Files.deleteIfExists(file.file());
            }
            throw e;
        }
        // Pass 2: every check passed; replace the files, then say what changed. A rename that fails
        // midway (a full disk, a file system gone read-only) leaves no staged file behind, and says
        // which files were already replaced: those hold this run, the others do not.
        List<Path> replaced = new ArrayList<>();
        for (Staged file : staged) {
            try {
                replacer.replace(file.file(), file.target());
                replaced.add(file.target());
            } catch (IOException | RuntimeException e) {
                for (Staged left : staged) {
                    Files.deleteIfExists(left.file());
                }
                throw new RefusedException(file.target() + ": could not be replaced (" + e.getMessage() + "); the refresh stopped midway: "
                        + (replaced.isEmpty() ? "nothing was replaced" : "already replaced, with this run: " + replaced)
                        + "; no staged file is left. Fix the cause and refresh again with --only or --accept for the rest");
            }
        }
        staged.stream().filter(file -> !file.report().isEmpty()).forEach(file -> out.println("refresh-baselines: " + file.report()));
        out.println("refresh-baselines: merged " + staged.size() + " scenario(s) into " + targetDir);
    }

    private static Staged stage(RefreshOptions options, JsonNode summary, Fingerprint fingerprint, String profile, String name,
                                Path targetDir, String commit, PrintStream out) throws IOException {
        JsonNode entry = StreamSupport.stream(summary.get("scenarios").spliterator(), false)
                .filter(scenario -> scenario.get("scenario").asText().equals(name)).findFirst().orElseThrow();
        Path resultFile = options.results().resolve(entry.get("resultFile").asText());
        JsonNode result = readJson(resultFile, "summary.json lists it for '" + name + "'");
        refuseIf(resultFile, resultProblem(result));

        Path target = targetDir.resolve(name + ".json");
        boolean accepting = options.accept().contains(name);
        Baseline existing = null;
        ArrayNode history = JSON.createArrayNode();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new RefusedException(target + ": exists but is not a regular file (a symbolic link, a directory?); refused");
            }
            try {
                existing = BaselineReader.read(target, profile, name);
                history = (ArrayNode) JSON.readTree(target.toFile()).get("history");
            } catch (BaselineException e) {
                if (!options.overwriteCorrupt()) {
                    throw new RefusedException(target + ": cannot be read as a version-" + Baseline.SCHEMA_VERSION + " baseline ("
                            + String.join("; ", e.problems()) + "); fix it, or pass --overwrite-corrupt to replace it");
                }
                out.println("refresh-baselines: " + target + ": cannot be read as a version-" + Baseline.SCHEMA_VERSION
                        + " baseline; replacing it (--overwrite-corrupt)");
            }
        }
        if (existing != null && !accepting) {
            List<String> differences = Judge.mismatches(result.get("workload").asText(), result.get("definition"), fingerprint, existing);
            if (!differences.isEmpty()) {
                throw new RefusedException(target + ": refused: the baseline cannot judge this run (" + String.join("; ", differences)
                        + "); if that change is intended, accept it with --accept " + name);
            }
        }
        ArrayNode kept = JSON.createArrayNode();
        if (existing != null && !accepting) {
            kept.addAll(history);
        }
        kept.add(run(summary, result, commit));
        int window = options.window() > 0 ? options.window() : existing != null ? existing.window() : Defaults.BASELINE_WINDOW;
        while (kept.size() > window) {
            kept.remove(0);
        }
        ObjectNode baseline = BaselineWriter.baseline(profile, name, result.get("workload").asText(), window,
                result.get("definitionSha256").asText(), result.get("definition"), summary.get("fingerprint"), kept);
        Path file;
        try {
            file = BaselineWriter.stage(baseline, target, profile, name);
        } catch (BaselineException e) {
            throw new RefusedException(resultFile + ": refused: the baseline it would make is not one the gate reads: "
                    + String.join("; ", e.problems()));
        }
        ArrayNode previous = existing == null ? JSON.createArrayNode() : history;
        String report = name + ": " + previous.size() + " → " + kept.size() + " runs; median throughput "
                + median(previous, "throughput") + " → " + median(kept, "throughput") + " records/s"
                + (kept.get(0).path("p99Us").isObject() ? ", p99Us " + median(previous, "p99Us") + " → " + median(kept, "p99Us") + " µs" : "");
        return new Staged(file, target, report);
    }

    /**
     * Tonight's line in the scenario's nightly history ({@link NightlyHistory}), which keeps every
     * night where the baseline keeps its window; staged with the baseline, so both change or neither.
     */
    private static Staged stageNight(JsonNode summary, String name, Path targetDir, String commit, RefreshOptions options) throws IOException {
        JsonNode entry = StreamSupport.stream(summary.get("scenarios").spliterator(), false)
                .filter(scenario -> scenario.get("scenario").asText().equals(name)).findFirst().orElseThrow();
        JsonNode result = JSON.readTree(options.results().resolve(entry.get("resultFile").asText()).toFile());
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            JsonNode value = result.path("gate").path(metric.key()).path("value");
            if (value.isNumber() && value.asDouble() > 0) {
                values.put(metric, value.asDouble());
            }
        }
        Path target = NightlyHistory.file(targetDir, name);
        NightlyHistory.Night night = new NightlyHistory.Night(commit, summary.path("startedAt").asText(""), summary.path("runId").asText(""),
                result.get("definitionSha256").asText(), values);
        try {
            return new Staged(NightlyHistory.stage(NightlyHistory.appended(target, night), target), target, "");
        } catch (HistoryException e) {
            throw new RefusedException(e.getMessage() + "; refused: fix or remove the damaged line, nothing was written");
        }
    }

    /** One history entry: where and when it was measured, then the result file's gate figures. */
    private static ObjectNode run(JsonNode summary, JsonNode result, String commit) {
        ObjectNode run = JSON.createObjectNode();
        run.put("commit", commit);
        run.set("date", summary.get("startedAt"));
        run.set("runId", summary.get("runId"));
        run.set("ruler", summary.get("ruler"));
        run.setAll((ObjectNode) result.get("gate"));
        return run;
    }

    private static String median(ArrayNode history, String metric) {
        double[] values = StreamSupport.stream(history.spliterator(), false)
                .map(run -> run.path(metric).path("value")).filter(JsonNode::isNumber).mapToDouble(JsonNode::asDouble).sorted().toArray();
        if (values.length == 0) {
            return "none";
        }
        double median = values.length % 2 == 1 ? values[values.length / 2] : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.1f", median);
    }

    /** {@code baselines/<profile>/<class>}, created, and refused when it resolves outside the baselines folder. */
    private static Path targetDir(Path baselines, String profile, String machineClass) throws IOException {
        Path dir = baselines.resolve(profile).resolve(machineClass);
        Files.createDirectories(dir);
        Path root = baselines.toRealPath();
        Path real = dir.toRealPath();
        if (!real.startsWith(root)) {
            throw new RefusedException(dir + ": resolves outside " + baselines + " (" + real + "); refused");
        }
        return dir;
    }

    /** Why this summary.json cannot become a baseline, or {@code null}. */
    private static String runProblem(JsonNode summary) {
        if (!summary.isObject()) {
            return "not a JSON object";
        }
        if (summary.path("schemaVersion").asInt(-1) != 1) {
            return "schemaVersion: unknown version " + summary.get("schemaVersion") + "; this refresh reads 1";
        }
        if (!summary.path("finished").asBoolean(false)) {
            return "finished: false: the run did not reach its end";
        }
        if (!summary.path("complete").asBoolean(false)) {
            return "complete: false: scenarios did not run: " + String.join("; ", StreamSupport.stream(summary.path("scenarios").spliterator(), false)
                    .filter(scenario -> List.of("failed", "error").contains(scenario.path("outcome").asText()))
                    .map(scenario -> scenario.path("scenario").asText() + " (" + scenario.path("outcome").asText() + "): "
                            + scenario.path("message").asText()).toList());
        }
        if (summary.hasNonNull("injection")) {
            return "injection: the run carries an injected regression (" + summary.path("injection").path("description").asText()
                    + "); it can never become a baseline";
        }
        if (!summary.path("profile").isTextual() || !summary.get("profile").asText().matches(PROFILE)
                || summary.get("profile").asText().contains("..")) {
            return "profile: " + clip(summary.get("profile")) + " is not a profile name (lower-case letters, digits, ., _ and -)";
        }
        if (!summary.path("machineClass").isTextual() || !summary.get("machineClass").asText().matches(MACHINE_CLASS)) {
            return "machineClass: missing or not a class name (written by a gate from before machine classes?)";
        }
        if (!summary.path("ruler").isObject()) {
            return "ruler: missing";
        }
        if (!summary.path("scenarios").isArray()) {
            return "scenarios: missing";
        }
        for (JsonNode scenario : summary.get("scenarios")) {
            String name = scenario.path("scenario").asText("");
            if (!scenario.path("scenario").isTextual() || !name.matches(SCENARIO) || name.contains("..")) {
                return "scenarios: a scenario name is not one the gate writes (letters, digits, ., _ and -, no ..): "
                        + clip(scenario.get("scenario"));
            }
            String file = scenario.path("resultFile").asText("");
            if (!scenario.path("resultFile").isTextual() || !file.matches(RESULT_FILE) || file.contains("..")) {
                return "scenarios: a resultFile is not a bare file name in the results folder: " + clip(scenario.get("resultFile"));
            }
        }
        return null;
    }

    /** Why this result file cannot become a baseline run, or {@code null}. */
    private static String resultProblem(JsonNode result) {
        if (!result.path("definitionSha256").isTextual()) {
            return "definitionSha256: missing";
        }
        if (!result.path("definition").isObject()) {
            return "definition: missing";
        }
        if (!result.path("workload").isTextual()) {
            return "workload: missing";
        }
        JsonNode throughput = result.path("gate").path("throughput");
        if (!(throughput.path("value").isNumber() && throughput.path("value").asDouble() > 0)) {
            return "gate.throughput.value: must be a positive number";
        }
        if (!throughput.path("trials").isArray() || throughput.get("trials").isEmpty()
                || !StreamSupport.stream(throughput.get("trials").spliterator(), false).allMatch(t -> t.isNumber() && t.asDouble() > 0)) {
            return "gate.throughput.trials: must be positive numbers";
        }
        return null;
    }

    private static void refuseIf(Path file, String problem) {
        if (problem != null) {
            throw new RefusedException(file + ": refused: " + problem);
        }
    }

    private static JsonNode readJson(Path file, String hint) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new RefusedException(file + ": not found (" + hint + ")");
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new RefusedException(file + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * The checkout's HEAD, for a run that recorded no commit; "unknown" outside git (bounded: 10 s). The checkout is the
     * working folder's, found by its .git, never by git's discovery (issue 81).
     */
    private static String gitHead() {
        return dev.kafkaperfgate.internal.environment.Git.top(Path.of(""))
                .flatMap(top -> dev.kafkaperfgate.internal.environment.Git.output(top, java.time.Duration.ofSeconds(10), "rev-parse", "HEAD"))
                .map(String::trim).filter(sha -> !sha.isEmpty()).orElse("unknown");
    }

    private static String clip(JsonNode node) {
        String text = String.valueOf(node);
        return text.length() > 80 ? text.substring(0, 80) + "…" : text;
    }

    /** A refusal: one line naming the file and the cause; nothing was written. */
    /** A run or baseline the refresh will not merge; its message names the file and the cause. */
    public static final class RefusedException extends RuntimeException {
        RefusedException(String message) {
            super(message);
        }
    }
}
