package dev.kafkaperfgate.internal.verdict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The settings that differ between two scenario definitions, as {@code producer.batch.size: 16384 → 32768}.
 * Numbers are compared as numbers: {@code 10000} and {@code 10000.0} are the same rate, whichever
 * writer spelled them.
 */
final class DefinitionDiff {

    private DefinitionDiff() {
    }

    static List<String> between(JsonNode baseline, JsonNode current) {
        Map<String, JsonNode> before = flatten(baseline);
        Map<String, JsonNode> after = flatten(current);
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        List<String> differences = new ArrayList<>();
        for (String key : keys) {
            JsonNode was = before.get(key);
            JsonNode is = after.get(key);
            if (!same(was, is)) {
                differences.add(key + ": " + text(was) + " → " + text(is));
            }
        }
        return differences;
    }

    private static boolean same(JsonNode was, JsonNode is) {
        if (was == null || is == null) {
            return was == is;
        }
        if (was.isNumber() && is.isNumber()) {
            return was.decimalValue().compareTo(is.decimalValue()) == 0;
        }
        return text(was).equals(text(is));
    }

    private static String text(JsonNode node) {
        return node == null ? "(unset)" : node.isTextual() ? node.asText() : node.toString();
    }

    private static Map<String, JsonNode> flatten(JsonNode node) {
        Map<String, JsonNode> flat = new TreeMap<>();
        flatten("", node, flat);
        return flat;
    }

    private static void flatten(String path, JsonNode node, Map<String, JsonNode> flat) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), flat);
            }
        } else {
            flat.put(path, node);
        }
    }
}
