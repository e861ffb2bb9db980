package dev.kafkaperfgate.internal.scenario;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A team's own client properties file, named by a scenario's {@code producer.config} or
 * {@code consumer.config} as {@code kafka-producer-perf-test --producer.config} takes it: the
 * file the application itself loads, so a pull request that changes it is measured. Read with
 * {@link Properties} (the format Kafka's tools read), keeping each key's line for errors.
 *
 * @param file   the file, absolute
 * @param values its keys and values, in file order
 * @param lines  the 1-based line each key was set on
 */
record ClientConfigFile(Path file, Map<String, String> values, Map<String, Integer> lines) {

    private static final Pattern KEY = Pattern.compile("^\\s*([^#!\\s=:][^=:\\s]*)\\s*[=:\\s]");

    /** The file {@code key} of {@code doc} names, relative to the scenario file; null (after reporting) when it is unusable. */
    static ClientConfigFile read(YamlMap doc, String key) {
        String name = doc.string(key, false);
        if (name == null) {
            return null;
        }
        Path file = doc.fileOf().toAbsolutePath().getParent().resolve(name).normalize();
        if (!Files.isRegularFile(file)) {
            doc.report(key, "file " + file + " does not exist or is not a regular file");
            return null;
        }
        String text;
        Properties properties = new Properties();
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
            properties.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            doc.report(key, "file " + file + " cannot be read as properties: " + e.getMessage());
            return null;
        }
        Map<String, Integer> lines = new LinkedHashMap<>();
        List<String> fileLines = text.lines().toList();
        for (int i = 0; i < fileLines.size(); i++) {
            Matcher matcher = KEY.matcher(fileLines.get(i) + " ");
            if (matcher.find()) {
                lines.put(matcher.group(1), i + 1);
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        properties.stringPropertyNames().stream().sorted((a, b) -> Integer.compare(lines.getOrDefault(a, 0), lines.getOrDefault(b, 0)))
                .forEach(property -> values.put(property, properties.getProperty(property).trim()));
        return new ClientConfigFile(file, values, lines);
    }

    /** Where {@code key} was set, for errors. */
    ValidationError error(String key, String message) {
        return new ValidationError(file, lines.getOrDefault(key, 1), key, message);
    }
}
