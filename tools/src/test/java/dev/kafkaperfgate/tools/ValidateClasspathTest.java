package dev.kafkaperfgate.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code validate --classpath}: a team's scenario that names the team's own serializer fails
 * without the team's classes, and passes with them, as the suite would load them.
 */
class ValidateClasspathTest {

    @TempDir
    Path dir;

    @Test
    void theTeamsClassesAreCheckedAgainstItsClasspath() throws IOException {
        Path scenarios = Files.createDirectories(dir.resolve("perf"));
        Files.writeString(scenarios.resolve("orders.yaml"), """
                name: orders-publish
                tags: [pr]
                workload: produce
                duration: 2s
                rate: 1000
                record.source: {class: com.acme.OrderRecords}
                producer:
                  acks: all
                  linger.ms: 0
                  batch.size: 16384
                  compression.type: none
                  value.serializer: com.acme.OrderSerializer
                trials: 1
                """);
        Captured without = validate("validate", scenarios.toString());
        assertEquals(1, without.exit(), without.err());
        assertTrue(without.err().contains("com.acme.OrderRecords is not on the test classpath"), without.err());
        assertTrue(without.err().contains("com.acme.OrderSerializer could not be found"), without.err());

        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path records = Files.createDirectories(dir.resolve("src/com/acme")).resolve("OrderRecords.java");
        Files.writeString(records, """
                package com.acme;
                public class OrderRecords implements dev.kafkaperfgate.spi.RecordSource<String, String> {
                    @Override
                    public dev.kafkaperfgate.spi.SourceRecord<String, String> create(int index, java.util.SplittableRandom random) {
                        return new dev.kafkaperfgate.spi.SourceRecord<>(null, "order-" + index);
                    }
                }
                """);
        Path source = dir.resolve("src/com/acme/OrderSerializer.java");
        Files.writeString(source, """
                package com.acme;
                public class OrderSerializer implements org.apache.kafka.common.serialization.Serializer<String> {
                    @Override
                    public byte[] serialize(String topic, String data) {
                        return data == null ? null : data.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"), source.toString(),
                records.toString()));

        Captured with = validate("validate", "--classpath", classes.toString(), scenarios.toString());
        assertEquals(0, with.exit(), with.err());
        assertTrue(with.out().contains("1 scenarios in " + scenarios + " are valid"), with.out());

        Captured missing = validate("validate", "--classpath", dir.resolve("no-such-folder").toString(), scenarios.toString());
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("--classpath: " + dir.resolve("no-such-folder") + " does not exist"), missing.err());
    }

    private record Captured(int exit, String out, String err) {
    }

    /** The command prints to System.out and System.err itself: captured around the call. */
    private static Captured validate(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
        try {
            return new Captured(KafkaPerfGateTools.commandLine().execute(args), out.toString(), err.toString());
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }
}
