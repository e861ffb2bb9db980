package dev.kafkaperfgate.internal.worker;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * What the unchanged-scenario check compares: each side's subject under the base's experiment,
 * by digest. A setting the head changes, or a value in the config file its scenario names,
 * changes it; a head with the same subject digests alike.
 */
@Tag("unit")
class SubjectDigestTest {

    private static final String SCENARIO = """
            name: orders
            tags: [pr]
            workload: produce
            duration: 2s
            record.size: 512
            rate: 1000
            producer: {acks: "1", batch.size: 16384, compression.type: none}
            producer.config: producer.properties
            """;

    @TempDir
    Path dir;

    @Test
    void aChangedSettingOrConfigFileChangesTheSubjectsDigest() throws Exception {
        Path base = scenario("base", SCENARIO, "linger.ms=5\n");
        String baseDigest = digest(base, base);
        assertEquals(baseDigest, digest(base, scenario("same", SCENARIO, "linger.ms=5\n")), "the same subject");
        assertNotEquals(baseDigest, digest(base, scenario("setting", SCENARIO.replace("batch.size: 16384", "batch.size: 32768"),
                "linger.ms=5\n")), "a setting in the scenario");
        assertNotEquals(baseDigest, digest(base, scenario("file", SCENARIO, "linger.ms=50\n")), "a value in its config file");
        // The experiment is the base's: a head that changes the rate alone changes nothing that runs.
        assertEquals(baseDigest, digest(base, scenario("rate", SCENARIO.replace("rate: 1000", "rate: 5000"), "linger.ms=5\n")));
    }

    private Path scenario(String name, String text, String producerProperties) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("producer.properties"), producerProperties);
        return Files.writeString(folder.resolve("orders.yaml"), text);
    }

    /** The digest a worker reports when it opens {@code subject} under {@code experiment}'s rules. */
    private static String digest(Path experiment, Path subject) {
        ObjectNode open = JsonNodeFactory.instance.objectNode().put("op", "open").put("name", "orders")
                .put("experimentFile", experiment.toString()).put("subjectFile", subject.toString())
                .put("bootstrap", "localhost:9").put("trialMillis", 1000).put("warmupMinMillis", 1000);
        SideScenario side = SideScenario.open(open, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            return side.subjectSha256();
        } finally {
            side.close();
        }
    }
}
