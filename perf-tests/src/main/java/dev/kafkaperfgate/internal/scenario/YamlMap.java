package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.settings.DurationText;
import dev.kafkaperfgate.internal.settings.Spelling;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML mapping read strictly: typed getters that report a wrong type, a value out of range, a
 * duplicate or unknown key as a {@link ValidationError} with its line, instead of guessing.
 * Getters return {@code null} (or the fallback) after reporting, so that reading goes on and every
 * problem of a file is found in one pass.
 */
final class YamlMap {

    private final Path file;
    private final String path;
    private final int line;
    private final List<ValidationError> errors;
    private final Map<String, NodeTuple> entries = new LinkedHashMap<>();

    YamlMap(Path file, String path, MappingNode node, List<ValidationError> errors) {
        this(file, path, node, line(node), errors);
    }

    /** @param line where a missing key of this mapping is reported: the line of the key that holds it */
    private YamlMap(Path file, String path, MappingNode node, int line, List<ValidationError> errors) {
        this.file = file;
        this.path = path;
        this.line = line;
        this.errors = errors;
        for (NodeTuple tuple : node.getValue()) {
            if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                errors.add(error(tuple.getKeyNode(), path, "keys must be plain names"));
                continue;
            }
            if (entries.containsKey(key.getValue())) {
                errors.add(error(key, field(key.getValue()), "duplicate key (first at line " + line(entries.get(key.getValue()).getKeyNode()) + ")"));
                continue;
            }
            entries.put(key.getValue(), tuple);
        }
    }

    Path fileOf() {
        return file;
    }

    /** Where this file's problems are collected, for problems found in files it names. */
    List<ValidationError> errors() {
        return errors;
    }

    String field(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    int line() {
        return line;
    }

    int lineOf(String key) {
        NodeTuple tuple = entries.get(key);
        return tuple == null ? line() : line(tuple.getKeyNode());
    }

    boolean has(String key) {
        return entries.containsKey(key);
    }

    /** Reports every key outside {@code allowed}, with the nearest allowed key as a hint. */
    void rejectUnknown(Collection<String> allowed) {
        for (String key : entries.keySet()) {
            if (!allowed.contains(key)) {
                String hint = Spelling.nearest(key, allowed).map(near -> " (did you mean '" + near + "'?)").orElse("");
                report(key, "unknown key" + hint + "; allowed here: " + String.join(", ", allowed));
            }
        }
    }

    void report(String key, String message) {
        errors.add(new ValidationError(file, lineOf(key), field(key), message));
    }

    void reportAt(Node at, String field, String message) {
        errors.add(error(at, field, message));
    }

    Node raw(String key) {
        NodeTuple tuple = entries.get(key);
        return tuple == null ? null : tuple.getValueNode();
    }

    String text(String key, boolean required) {
        Node value = raw(key);
        if (value == null) {
            if (required) {
                errors.add(new ValidationError(file, line(), field(key), "required"));
            }
            return null;
        }
        if (!(value instanceof ScalarNode scalar) || scalar.getTag().equals(Tag.NULL)) {
            report(key, "must be a single value");
            return null;
        }
        return scalar.getValue();
    }

    String string(String key, boolean required) {
        Node value = raw(key);
        String text = text(key, required);
        if (text != null && !((ScalarNode) value).getTag().equals(Tag.STR)) {
            report(key, "must be text, got '" + text + "'");
            return null;
        }
        return text;
    }

    Long integer(String key, long min, long max, Long fallback) {
        String text = typed(key, "a whole number", Tag.INT);
        if (text == null) {
            return fallback;
        }
        long parsed;
        try {
            parsed = Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            report(key, "must be a whole number, got '" + text + "'");
            return fallback;
        }
        if (parsed < min || parsed > max) {
            report(key, "must be " + min + ".." + max + ", got " + parsed);
            return fallback;
        }
        return parsed;
    }

    Double number(String key, double min, double max, Double fallback) {
        String text = typed(key, "a number", Tag.INT, Tag.FLOAT);
        if (text == null) {
            return fallback;
        }
        double parsed;
        try {
            // YAML 1.1 also types .inf, .nan, 0x10 and 1:30 as numbers; Java reads none of them.
            parsed = Double.parseDouble(text.replace("_", ""));
        } catch (NumberFormatException e) {
            report(key, "must be a plain decimal number, got '" + text + "'");
            return fallback;
        }
        if (!(parsed >= min && parsed <= max)) {
            report(key, "must be " + min + ".." + max + ", got " + text);
            return fallback;
        }
        return parsed;
    }

    /** The value's text when YAML typed it as one of {@code tags}; otherwise reported, and null. */
    private String typed(String key, String what, Tag... tags) {
        Node value = raw(key);
        String text = text(key, false);
        if (text == null) {
            return null;
        }
        if (!List.of(tags).contains(((ScalarNode) value).getTag())) {
            report(key, "must be " + what + ", got '" + text + "'");
            return null;
        }
        return text;
    }

    /** No gate run lasts a day; the bound also keeps every later nanosecond sum far from overflow. */
    private static final Duration MAX_DURATION = Duration.ofDays(1);

    Duration duration(String key, Duration fallback) {
        String text = text(key, false);
        if (text == null) {
            return fallback;
        }
        try {
            Duration parsed = DurationText.parse(text);
            if (parsed.isZero()) {
                report(key, "must be longer than zero");
                return fallback;
            }
            if (parsed.compareTo(MAX_DURATION) > 0) {
                report(key, "must be at most 24h (1440m), got '" + text + "'");
                return fallback;
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            report(key, e.getMessage());
            return fallback;
        }
    }

    /** A nested mapping, or {@code null} when absent or not a mapping (reported). */
    YamlMap map(String key) {
        Node value = raw(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof MappingNode mapping)) {
            report(key, "must be a mapping of keys to values");
            return null;
        }
        return new YamlMap(file, field(key), mapping, lineOf(key), errors);
    }

    /** Every entry as text, for Kafka properties: their values are strings to Kafka's ConfigDef. */
    Map<String, String> scalars() {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : entries.keySet()) {
            String text = text(key, false);
            if (text != null) {
                values.put(key, text);
            }
        }
        return values;
    }

    /** A list of values; each element node is returned so errors can point at its line. */
    List<ScalarNode> list(String key) {
        Node value = raw(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof SequenceNode sequence)) {
            report(key, "must be a list, e.g. [a, b]");
            return null;
        }
        List<ScalarNode> items = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            if (item instanceof ScalarNode scalar && !scalar.getTag().equals(Tag.NULL)) {
                items.add(scalar);
            } else {
                errors.add(error(item, field(key), "list items must be single values"));
            }
        }
        return items;
    }

    private ValidationError error(Node at, String field, String message) {
        return new ValidationError(file, line(at), field, message);
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }
}
