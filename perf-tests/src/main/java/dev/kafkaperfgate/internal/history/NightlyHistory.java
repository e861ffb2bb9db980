package dev.kafkaperfgate.internal.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One scenario's nightly history: {@code <scenario>.history.jsonl} beside its baseline file, one
 * JSON object per accepted nightly run, oldest first, never trimmed. A line:
 *
 * <pre>{@code
 * {"commit":"6bb7a8f…","date":"2026-11-23T07:31:05Z","runId":"1795419065","definitionSha256":"c9b3…",
 *  "values":{"throughput":85700.0,"p99Us":486911.0,"cpuNsPerRecord":7094.0,...}}
 * }</pre>
 *
 * Only the run's value of each metric is kept (no trials, no histogram), so a year of nights is
 * a few hundred short lines that diff well in the nightly's pull request. The reader is as strict
 * as the baseline reader: a damaged line stops the run, named by file and line, rather than
 * dropping a night from the series without a word.
 */
public final class NightlyHistory {

    /** What follows the scenario's name in the file name. */
    public static final String SUFFIX = ".history.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private NightlyHistory() {
    }

    /**
     * One night.
     *
     * @param definitionSha256 the scenario definition's digest then: a changed definition starts a new series
     * @param values           each metric's run value that night
     */
    public record Night(String commit, String date, String runId, String definitionSha256, Map<Metric, Double> values) {

        public Night {
            values = Map.copyOf(values);
        }
    }

    /** Where {@code scenario}'s history is, beside its baseline in {@code classDir}. */
    public static Path file(Path classDir, String scenario) {
        return classDir.resolve(scenario + SUFFIX);
    }

    /**
     * The nights in {@code file}, oldest first; none when the file does not exist.
     *
     * @throws HistoryException naming the file and line of the first damaged line
     */
    public static List<Night> read(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new HistoryException(file + ": exists but is not a regular file (a symbolic link, a directory?); a history must be a file, or absent");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HistoryException(file + ": cannot be read: " + e.getMessage());
        }
        List<Night> nights = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                nights.add(parse(lines.get(i), file + ":" + (i + 1)));
            }
        }
        return nights;
    }

    /** The file's text with {@code night} appended: what a refresh stages. */
    public static String appended(Path file, Night night) {
        List<Night> nights = new ArrayList<>(read(file));
        nights.add(night);
        StringBuilder text = new StringBuilder();
        for (Night each : nights) {
            text.append(line(each)).append('\n');
        }
        return text.toString();
    }

    /**
     * Writes {@code text} beside {@code target} under a temporary name and reads it back: what is
     * staged is what the gate will read. The caller renames it into place.
     */
    public static Path stage(String text, Path target) throws IOException {
        Path staged = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".staged");
        try {
            Files.writeString(staged, text, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(staged, PosixFilePermissions.fromString("rw-r--r--"));
            read(staged);
            return staged;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(staged);
            throw e;
        }
    }

    /** One night as its line. */
    static String line(Night night) {
        ObjectNode node = JSON.createObjectNode();
        node.put("commit", night.commit());
        node.put("date", night.date());
        node.put("runId", night.runId());
        node.put("definitionSha256", night.definitionSha256());
        ObjectNode values = node.putObject("values");
        for (Metric metric : Metric.values()) {
            Double value = night.values().get(metric);
            if (value != null) {
                values.put(metric.key(), value);
            }
        }
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Night parse(String line, String where) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new HistoryException(where + ": not a JSON object: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new HistoryException(where + ": not a JSON object");
        }
        for (String field : List.of("commit", "date", "runId", "definitionSha256")) {
            if (!node.path(field).isTextual()) {
                throw new HistoryException(where + ": field '" + field + "' must be a string");
            }
        }
        JsonNode values = node.path("values");
        if (!values.isObject() || values.isEmpty()) {
            throw new HistoryException(where + ": field 'values' must be an object of metric values");
        }
        Map<Metric, Double> parsed = new EnumMap<>(Metric.class);
        for (Iterator<Map.Entry<String, JsonNode>> fields = values.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            Metric metric = Metric.forKey(field.getKey()).orElseThrow(() -> new HistoryException(where + ": values." + field.getKey()
                    + ": not a metric of the gate"));
            if (!field.getValue().isNumber() || !(field.getValue().asDouble() > 0) || Double.isInfinite(field.getValue().asDouble())) {
                throw new HistoryException(where + ": values." + field.getKey() + " must be a finite, positive number");
            }
            parsed.put(metric, field.getValue().asDouble());
        }
        return new Night(node.get("commit").asText(), node.get("date").asText(), node.get("runId").asText(),
                node.get("definitionSha256").asText(), parsed);
    }
}
