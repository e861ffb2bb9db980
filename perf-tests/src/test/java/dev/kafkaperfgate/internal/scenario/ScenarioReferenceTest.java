package dev.kafkaperfgate.internal.scenario;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scenario reference (docs/scenarios.md) documents every key the parser accepts. The keys are
 * read from the parser's own sources: the top-level list and every {@code rejectUnknown(List.of(...))},
 * so a key added to the parser without a line in the docs fails here. (Topic configs are Kafka's
 * own names, checked against Kafka's list, and not repeated in the docs.)
 */
@Tag("unit")
class ScenarioReferenceTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/kafkaperfgate/internal/scenario");
    private static final Path REFERENCE = Path.of("../docs/scenarios.md");
    private static final Pattern KEY_LIST = Pattern.compile("(?:rejectUnknown\\(List\\.of\\(|TOP_LEVEL = List\\.of\\()([^)]*)\\)");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

    @Test
    void everyKeyTheParserAcceptsIsDocumented() throws IOException {
        Set<String> keys = acceptedKeys();
        assertTrue(keys.size() > 40, "the parser's key lists were not found (" + keys.size() + " keys): " + keys);
        String reference = Files.readString(REFERENCE);
        List<String> undocumented = new ArrayList<>();
        for (String key : keys) {
            Pattern mention = Pattern.compile("(?<![A-Za-z0-9.-])" + Pattern.quote(key) + "(?![A-Za-z0-9-])");
            if (!mention.matcher(reference).find()) {
                undocumented.add(key);
            }
        }
        assertEquals(List.of(), undocumented, "keys the parser accepts but " + REFERENCE + " never names");
    }

    @Test
    void theKeyListsAreFoundWhereTheParserChecksThem() throws IOException {
        Set<String> keys = acceptedKeys();
        for (String expected : List.of("name", "workload", "producer.config", "partitions", "restart-after", "records.per.request")) {
            assertTrue(keys.contains(expected), expected + " missing from " + keys);
        }
    }

    private static Set<String> acceptedKeys() throws IOException {
        Set<String> keys = new TreeSet<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher list = KEY_LIST.matcher(Files.readString(file).replaceAll("\\s+", " "));
                while (list.find()) {
                    Matcher quoted = QUOTED.matcher(list.group(1));
                    while (quoted.find()) {
                        keys.add(quoted.group(1));
                    }
                }
            }
        }
        return keys;
    }
}
