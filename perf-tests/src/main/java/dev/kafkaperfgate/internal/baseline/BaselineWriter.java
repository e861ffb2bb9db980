package dev.kafkaperfgate.internal.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Iterator;
import java.util.Map;

/**
 * Writes a baseline file in the one format {@link BaselineReader} reads: the only writer, so that
 * numbers keep the spelling the gate gave them ({@code 10000.0} stays {@code 10000.0}). Diff-
 * friendly: one top-level field per line, one run per line, keys in a fixed order.
 *
 * <pre>{@code
 * ObjectNode baseline = BaselineWriter.baseline(profile, scenario, workload, window, sha, definition, fingerprint, history);
 * Path staged = BaselineWriter.stage(baseline, target);   // a temp file beside target, read back by BaselineReader
 * BaselineWriter.commit(staged, target);                  // atomic rename
 * }</pre>
 */
public final class BaselineWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private BaselineWriter() {
    }

    /** The file's tree, keys in the order the file lists them. */
    public static ObjectNode baseline(String profile, String scenario, String workload, int window, String definitionSha256,
                                      JsonNode definition, JsonNode fingerprint, ArrayNode history) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", Baseline.SCHEMA_VERSION);
        root.put("profile", profile);
        root.put("scenario", scenario);
        root.put("workload", workload);
        root.put("window", window);
        root.put("definitionSha256", definitionSha256);
        root.set("definition", definition);
        root.set("fingerprint", fingerprint);
        root.set("history", history);
        return root;
    }

    /** The file's text. */
    public static String text(ObjectNode baseline) {
        StringBuilder text = new StringBuilder("{\n");
        for (Iterator<Map.Entry<String, JsonNode>> fields = baseline.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getKey().equals("history")) {
                continue;
            }
            text.append("  ").append(compact(JSON.getNodeFactory().textNode(field.getKey()))).append(": ")
                    .append(compact(field.getValue())).append(",\n");
        }
        text.append("  \"history\": [\n");
        JsonNode history = baseline.path("history");
        for (int i = 0; i < history.size(); i++) {
            text.append("    ").append(compact(history.get(i))).append(i < history.size() - 1 ? ",\n" : "\n");
        }
        return text.append("  ]\n}\n").toString();
    }

    /**
     * Writes the file beside {@code target} under a temporary name and reads it back with
     * {@link BaselineReader}: what is staged is what the gate will accept.
     *
     * @throws BaselineException when the reader refuses it (nothing is left behind then)
     */
    public static Path stage(ObjectNode baseline, Path target, String profile, String scenario) throws IOException {
        Path staged = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".staged");
        try {
            Files.writeString(staged, text(baseline));
            // A baseline is a file for everyone who clones the repository (createTempFile makes it 0600).
            Files.setPosixFilePermissions(staged, PosixFilePermissions.fromString("rw-r--r--"));
            BaselineReader.read(staged, profile, scenario);
            return staged;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(staged);
            throw e;
        }
    }

    /** Replaces {@code target} with the staged file in one rename. */
    public static void commit(Path staged, Path target) throws IOException {
        Files.move(staged, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String compact(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
