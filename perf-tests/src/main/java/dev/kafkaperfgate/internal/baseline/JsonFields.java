package dev.kafkaperfgate.internal.baseline;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reads required fields out of a JSON tree and collects one message per problem, each naming the
 * file and the field's path (e.g. {@code history[2].throughput.trials[1]}), so a damaged file
 * is reported whole instead of one problem per attempt.
 */
final class JsonFields {

    private final String file;
    private final List<String> problems = new ArrayList<>();

    JsonFields(String file) {
        this.file = file;
    }

    List<String> problems() {
        return problems;
    }

    void problem(String path, String message) {
        problems.add(file + ": " + path + ": " + message);
    }

    /** The object at {@code parent.key}, or {@code null} (with a problem) when it is absent or not an object. */
    JsonNode object(JsonNode parent, String key, String path) {
        return typed(parent, key, path, JsonNode::isObject, "an object");
    }

    JsonNode array(JsonNode parent, String key, String path) {
        return typed(parent, key, path, JsonNode::isArray, "an array");
    }

    private JsonNode typed(JsonNode parent, String key, String path, Predicate<JsonNode> isKind, String kind) {
        JsonNode node = present(parent, key, path);
        if (node != null && !isKind.test(node)) {
            problem(path, "must be " + kind + ", got " + kind(node));
            return null;
        }
        return node;
    }

    String text(JsonNode parent, String key, String path) {
        JsonNode node = present(parent, key, path);
        if (node == null) {
            return null;
        }
        if (!node.isTextual()) {
            problem(path, "must be a string, got " + kind(node));
            return null;
        }
        return node.asText();
    }

    /** An integer of at least {@code min}; {@code -1} when it is not one. */
    int integer(JsonNode parent, String key, String path, int min) {
        JsonNode node = present(parent, key, path);
        if (node == null) {
            return -1;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.asInt() < min) {
            problem(path, "must be an integer of at least " + min + ", got " + node);
            return -1;
        }
        return node.asInt();
    }

    /** A finite number greater than zero; NaN when it is not one. */
    double positive(JsonNode parent, String key, String path) {
        return positive(present(parent, key, path), path);
    }

    double positive(JsonNode node, String path) {
        if (node == null) {
            return Double.NaN;
        }
        if (!node.isNumber() || !Double.isFinite(node.asDouble())) {
            problem(path, "must be a finite number, got " + node);
            return Double.NaN;
        }
        if (node.asDouble() <= 0) {
            problem(path, node.asDouble() < 0 ? node + " is negative" : "is zero: no run measures nothing");
            return Double.NaN;
        }
        return node.asDouble();
    }

    /** Flags every key of {@code node} not in {@code allowed}: a field this gate does not know means nothing to it. */
    void onlyKeys(JsonNode node, String path, List<String> allowed) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problem(path.isEmpty() ? name : path + "." + name, "unknown field; allowed here: " + String.join(", ", allowed));
            }
        }
    }

    private JsonNode present(JsonNode parent, String key, String path) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            problem(path, "missing");
            return null;
        }
        return node;
    }

    private static String kind(JsonNode node) {
        return node.getNodeType().name().toLowerCase() + " " + node;
    }
}
