package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import dev.kafkaperfgate.internal.settings.ComponentsMode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 72's hostile heads, in real duels: a serializer change the whole client is spared only
 * when it stays inside its call. A head that hands work to a thread of its own, sleeps, returns
 * other bytes for some records, or changes its output after many calls is not confined, and the
 * reason names what the duels saw; a head whose change leaves its output and its JVM's other work
 * as they were (one more copy per record) is.
 */
class ConfinedTest {

    private static final String SERIALIZER = """
            package com.acme;
            public final class EventSerializer implements org.apache.kafka.common.serialization.Serializer<String> {
                static long calls;
                @Override
                public byte[] serialize(String topic, String data) {
                    byte[] bytes = data.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    calls++;
                    %s
                }
            }
            """;

    private static final String SCENARIO = """
            name: events-publish
            tags: [pr]
            workload: produce
            topic: {partitions: 3}
            duration: 2s
            record.source: dev.kafkaperfgate.usercode.WordRecords
            rate: 1000
            producer:
              acks: "1"
              linger.ms: 0
              batch.size: 16384
              compression.type: none
              value.serializer: com.acme.EventSerializer
            """;

    private static final ComponentRef SERIALIZER_REF = new ComponentRef("value.serializer", "com.acme.EventSerializer");

    @TempDir
    static Path work;
    private static Path base;
    private static Path scenario;

    @BeforeAll
    static void buildTheBase() throws IOException {
        base = compile("base", "return bytes;");
        scenario = work.resolve("perf/events-publish.yaml");
        Files.createDirectories(scenario.getParent());
        Files.writeString(scenario, SCENARIO);
    }

    @Test
    void aCopyThatLeavesTheOutputAloneIsConfined() throws IOException {
        Optional<String> why = duel("copy", "return java.util.Arrays.copyOf(bytes, bytes.length);");
        assertEquals(Optional.empty(), why, "one more copy per record: the same bytes, no work outside the call");
    }

    @Test
    void aThreadDoingTheWorkIsNotConfined() throws IOException {
        Optional<String> why = duel("thread", """
                if (calls == 1) {
                    Thread helper = new Thread(() -> { long x = 0; while (true) { x += System.nanoTime() % 7; if (x == 42) System.out.print(""); } });
                    helper.setDaemon(true);
                    helper.start();
                }
                return bytes;""");
        assertTrue(why.isPresent() && (why.get().contains("other threads used") || why.get().contains("more threads")), String.valueOf(why));
    }

    @Test
    void aSleepingCallIsNotConfined() throws IOException {
        Optional<String> why = duel("sleep", "java.util.concurrent.locks.LockSupport.parkNanos(20_000); return bytes;");
        assertTrue(why.isPresent() && why.get().contains("off the CPU"), String.valueOf(why));
    }

    @Test
    void otherBytesForSomeRecordsAreNotConfined() throws IOException {
        Optional<String> why = duel("some", "return (data.hashCode() & 15) == 3 ? java.util.Arrays.copyOf(bytes, bytes.length + 1) : bytes;");
        assertTrue(why.isPresent() && why.get().contains("output differs"), String.valueOf(why));
    }

    @Test
    void anOutputThatChangesAfterManyCallsIsNotConfined() throws IOException {
        Optional<String> why = duel("later", "return calls > 50_000 ? java.util.Arrays.copyOf(bytes, bytes.length + 1) : bytes;");
        assertTrue(why.isPresent() && why.get().contains("output differs"), String.valueOf(why));
    }

    /** One duel of the base against a head whose serializer's body is {@code body}; why it is not confined, if it is not. */
    private static Optional<String> duel(String name, String body) throws IOException {
        Path head = compile(name, body);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ComponentStage stage = new ComponentStage(classpath(base), classpath(head), ComponentsMode.ALWAYS, 1, 1,
                new DuelSettings(2, Duration.ofMillis(300), Duration.ofMillis(1500), Duration.ofMillis(400), Duration.ofMillis(1),
                        Duration.ofSeconds(60)), work.resolve("logs-" + name), new PrintStream(printed, true, StandardCharsets.UTF_8));
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
        if (name.equals("copy")) {
            // The listing (two JVMs, a few seconds) once: the others measure the same component.
            assertEquals(List.of(SERIALIZER_REF), stage.plan(List.of(files), work.resolve("lists-" + name)).get("events-publish").judged());
        }
        stage.measurer(files, SERIALIZER_REF).measure(false);
        Optional<String> why = stage.unconfined("events-publish", SERIALIZER_REF, true);
        System.out.println(name + ": " + why.orElse("confined") + " [" + stage.outsideFigures("events-publish", SERIALIZER_REF) + "]");
        return why;
    }

    private static String classpath(Path side) {
        return side + File.pathSeparator + System.getProperty("java.class.path");
    }

    private static Path compile(String side, String body) throws IOException {
        Path source = work.resolve(side + "-src/com/acme/EventSerializer.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, SERIALIZER.formatted(body));
        Path classes = work.resolve(side + "-classes");
        Files.createDirectories(classes);
        int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), source.toString());
        assertEquals(0, exit, "the " + side + "'s serializer compiles");
        return classes;
    }
}
