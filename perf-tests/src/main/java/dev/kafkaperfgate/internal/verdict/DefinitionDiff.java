package dev.kafkaperfgate.internal.verdict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** The settings that differ between two scenario definitions, as {@code producer.batch.size: 16384 → 32768}. */
final class DefinitionDiff {

    private DefinitionDiff() {
    }

    static List<String> between(JsonNode baseline, JsonNode current) {
        Map<String, String> before = flatten(baseline);
        Map<String, String> after = flatten(current);
        TreeSet<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        List<String> differences = new ArrayList<>();
        for (String key : keys) {
            String was = before.getOrDefault(key, "(unset)");
            String is = after.getOrDefault(key, "(unset)");
            if (!was.equals(is)) {
                differences.add(key + ": " + was + " → " + is);
            }
        }
        return differences;
    }

    private static Map<String, String> flatten(JsonNode node) {
        Map<String, String> flat = new TreeMap<>();
        flatten("", node, flat);
        return flat;
    }

    private static void flatten(String path, JsonNode node, Map<String, String> flat) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                flatten(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), flat);
            }
        } else {
            flat.put(path, node.isTextual() ? node.asText() : node.toString());
        }
    }
}
