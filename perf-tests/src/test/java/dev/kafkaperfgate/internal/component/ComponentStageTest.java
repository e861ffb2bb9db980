package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.duel.ComponentDuel;
import dev.kafkaperfgate.internal.component.duel.DuelRequest;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.ComponentsMode;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The component stage for real: a team's serializer compiled twice under one class name, as a
 * base and a head build would have it, measured alone in duels of both sides and judged by the
 * engine. One more copy of each record is a confirmed regression named after the component, while
 * the unchanged RecordSource beside it is not measured; the same bytes on both sides are measured
 * alike, and skipped when asked to skip identical builds.
 */
class ComponentStageTest {

    private static final String SERIALIZER = """
            package com.acme;
            public final class EventSerializer implements org.apache.kafka.common.serialization.Serializer<String> {
                @Override
                public byte[] serialize(String topic, String data) {
                    byte[] bytes = data.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    return %s;
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
              partitioner.class: org.apache.kafka.clients.producer.RoundRobinPartitioner
            """;

    @TempDir
    static Path work;
    private static Path base;
    private static Path head;
    private static Path scenario;

    @BeforeAll
    static void buildBothSides() throws IOException {
        base = compile("base", "bytes");
        head = compile("head", "java.util.Arrays.copyOf(bytes, bytes.length)");
        scenario = work.resolve("perf/events-publish.yaml");
        Files.createDirectories(scenario.getParent());
        // Kafka's own partitioner is no team class: the stage leaves Kafka's classes to the whole-client stage.
        Files.writeString(scenario, SCENARIO);
    }

    /**
     * On the newest kafka-clients tested (issue 80): the duel JVM runs the gate's classes beside the
     * team's release, as a team on it runs them; the oldest runs in PairedModeTest.
     */
    @Test
    void oneMoreCopyPerRecordIsAConfirmedRegressionOfTheNamedComponent() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);
        String newest = dev.kafkaperfgate.internal.kafka.KafkaClientsJars.classPathWith(dev.kafkaperfgate.internal.kafka.KafkaClientsJars.newest());
        ComponentStage stage = stage(base + File.pathSeparator + newest, head + File.pathSeparator + newest, ComponentsMode.AUTO, console);
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
        ComponentStage.Plan plan = stage.plan(List.of(files), work.resolve("lists")).get("events-publish");
        ComponentRef serializer = new ComponentRef("value.serializer", "com.acme.EventSerializer");
        assertEquals(List.of(serializer), plan.judged(), "the team's serializer, and nothing of Kafka's");
        // The RecordSource is the same class on both sides: measuring it could only measure noise.
        assertEquals(List.of(), plan.reported(), "an unchanged RecordSource is not measured");
        assertTrue(plan.notes().stream().anyMatch(note -> note.startsWith("record.source dev.kafkaperfgate.usercode.WordRecords: not measured: the ")
                        && note.contains(" classes and resources its call can reach, and its settings, are byte for byte the same on both sides")),
                plan.notes().toString());

        Decision<PairedMeasurement> decision = new RunDecisions(GatePolicy.forSuite(23, GateSettings.of(Map.of())), console, false)
                .decide("events-publish", stage.measurer(files, serializer));

        MetricVerdict bytes = decision.confirmed().stream().filter(m -> m.metric() == Metric.COMPONENT_BYTES_PER_OP).findFirst()
                .orElseThrow(() -> new AssertionError("B/op must be a confirmed regression:\n" + printed));
        assertEquals("value.serializer com.acme.EventSerializer", bytes.component());
        assertTrue(bytes.deltaPercent() > 30, "a second copy of the value's bytes: " + bytes.line());
        assertTrue(decision.regressionMessage().startsWith("events-publish: value.serializer com.acme.EventSerializer: "),
                decision.regressionMessage());
        String confirmation = decision.regressionMessage().substring(decision.regressionMessage().indexOf("; confirmed by a second set of duels: "));
        assertTrue(confirmation.contains("value.serializer com.acme.EventSerializer: bytesPerOp REGRESSION"), decision.regressionMessage());
    }

    @Test
    void theSameBuildOnBothSidesIsMeasuredAlikeAndSkippedUnlessAsked() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);

        ComponentStage.Plan skipped = stage(classpath(base), classpath(base), ComponentsMode.AUTO, console)
                .plan(List.of(files), work.resolve("lists")).get("events-publish");
        assertEquals(List.of(), skipped.judged());
        assertEquals(List.of(), skipped.reported());
        assertTrue(skipped.notes().get(0).startsWith("components not measured: every class and jar of both sides' classpaths is identical"),
                skipped.notes().toString());

        ComponentStage always = stage(classpath(base), classpath(base), ComponentsMode.ALWAYS, console);
        ComponentRef serializer = always.plan(List.of(files), work.resolve("lists")).get("events-publish").judged().get(0);
        Decision<PairedMeasurement> decision = new RunDecisions(GatePolicy.forSuite(23, GateSettings.of(Map.of())), console, false)
                .decide("events-publish", always.measurer(files, serializer));
        assertFalse(decision.regressed(), "A/A:\n" + printed);
        MetricVerdict bytes = decision.verdict().metrics().stream().filter(m -> m.metric() == Metric.COMPONENT_BYTES_PER_OP).findFirst()
                .orElseThrow();
        // Within 2%: JMH's B/op of the same class moved by -0.73% (98 → 97 B/op) in one of about ten runs here.
        assertEquals(0, bytes.deltaPercent(), 2, "allocation per call is the same on both sides: " + bytes.line());

        // The RecordSource making a record: each side's median cost, reported and never judged.
        ComponentRef source = new ComponentRef("record.source", "dev.kafkaperfgate.usercode.WordRecords");
        var report = always.report(files, source);
        assertFalse(report.path("judged").asBoolean(true));
        assertTrue(report.at("/cpuNsPerOp/base").asDouble() > 0 && report.at("/cpuNsPerOp/head").asDouble() > 0, report.toString());
        assertTrue(report.at("/bytesPerOp/base").asDouble() > 0, "making a record allocates: " + report);
        assertEquals(0, report.at("/bytesPerOp/deltaPercent").asDouble(), 2, "the same class on both sides: " + report);
        assertTrue(report.path("line").asText().startsWith("record.source dev.kafkaperfgate.usercode.WordRecords: ")
                && report.path("line").asText().endsWith("reported, not judged (the team's test code)"), report.toString());
        assertTrue(printed.toString().contains("[events-publish] reported: record.source dev.kafkaperfgate.usercode.WordRecords: "),
                printed.toString());
    }

    /** A side whose component's code cannot be read has it measured, never skipped, and the plan says why. */
    @Test
    void aComponentWhoseCodeCannotBeComparedIsMeasuredAndTheReasonShown() throws IOException {
        // The serializer's anonymous class is referenced from its constant pool, and loaded only when it serializes:
        // the scenario still parses, but the class the digest must read is not a class file.
        Path unreadable = compile("unreadable", "new Object() { }.hashCode() == 0 ? bytes : bytes");
        Files.write(unreadable.resolve("com/acme/EventSerializer$1.class"), new byte[] {0, 1, 2, 3});
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
        ComponentStage.Plan plan = stage(classpath(unreadable), classpath(head), ComponentsMode.AUTO,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .plan(List.of(files), work.resolve("lists-unknown")).get("events-publish");
        assertEquals(List.of(new ComponentRef("value.serializer", "com.acme.EventSerializer")), plan.judged());
        assertTrue(plan.notes().contains("value.serializer com.acme.EventSerializer: measured: the base's code could not be compared "
                + "(com/acme/EventSerializer$1.class is not a class file)"), plan.notes().toString());
    }

    /**
     * Another JMH run on the machine (a second gate run, a team's own benchmark) holds JMH's lock: nothing is measured, and
     * the message blames neither side, so the scenario is an error of the run, never the PR's failure.
     */
    @Test
    void aJmhLockHeldByAnotherRunIsNobodysRegressionAndNotTheHeadsFailure() throws IOException {
        Path lockFile = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            assumeTrue(lock != null, "another JMH run holds " + lockFile + " already");
            ComponentStage stage = stage(classpath(base), classpath(head), ComponentsMode.AUTO,
                    new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
            ComponentStageException e = assertThrows(ComponentStageException.class,
                    () -> stage.measurer(files, new ComponentRef("value.serializer", "com.acme.EventSerializer")).measure(false));
            assertTrue(e.getMessage().startsWith("JMH's lock is held by another JMH run on this machine"), e.getMessage());
        }
    }

    /**
     * The head's code failing inside a duel is the head's failure, by name: a serializer that
     * throws, and one that never returns (the duel's watchdog names it well inside the fork's bound).
     */
    @Test
    void aHeadThatThrowsOrHangsInTheDuelIsNamed() throws IOException {
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
        ComponentRef serializer = new ComponentRef("value.serializer", "com.acme.EventSerializer");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path throwing = compile("throwing", "bytes.length >= 0 ? thrown() : bytes; } private static byte[] thrown() { "
                + "throw new IllegalStateException(\"no mapper\")");
        ComponentStageException thrown = assertThrows(ComponentStageException.class, () -> stage(classpath(base), classpath(throwing),
                ComponentsMode.ALWAYS, quiet).measurer(files, serializer).measure(false));
        assertTrue(thrown.getMessage().startsWith("the head's value.serializer com.acme.EventSerializer failed: ")
                && thrown.getMessage().contains("java.lang.IllegalStateException: no mapper"), thrown.getMessage());

        Path hanging = compile("hanging", "bytes.length >= 0 ? hang() : bytes; } private static byte[] hang() { "
                + "try { Thread.sleep(Long.MAX_VALUE); } catch (InterruptedException e) { } return null");
        ComponentStage stuck = new ComponentStage(classpath(base), classpath(hanging), ComponentsMode.ALWAYS, 2, 1,
                new DuelSettings(1, Duration.ofMillis(200), Duration.ofSeconds(1), Duration.ofMillis(200), Duration.ofMillis(1),
                        Duration.ofSeconds(4)), work.resolve("logs-hanging"), quiet);
        ComponentStageException hung = assertThrows(ComponentStageException.class, () -> stuck.measurer(files, serializer).measure(false));
        assertTrue(hung.getMessage().startsWith("the head's value.serializer com.acme.EventSerializer failed: "
                + "a call into its code did not return within 2 s"), hung.getMessage());
    }

    private static final String FACTORY = """
            package com.acme;
            import org.apache.kafka.clients.producer.*;
            public final class TracedProducers implements dev.kafkaperfgate.spi.ProducerFactory<String, String> {
                @Override
                public Producer<String, String> create(java.util.Map<String, Object> config) {
                    return wrap(new KafkaProducer<>(config));
                }
                @Override
                public Producer<String, String> wrap(Producer<String, String> delegate) {
                    return (Producer<String, String>) java.lang.reflect.Proxy.newProxyInstance(Producer.class.getClassLoader(),
                            new Class<?>[] {Producer.class}, (proxy, method, args) -> {
                                if (method.getName().equals("send") && args[0] instanceof ProducerRecord<?, ?> record) {
                                    record.headers().add("trace", %s);
                                }
                                try {
                                    return method.invoke(delegate, args);
                                } catch (java.lang.reflect.InvocationTargetException e) {
                                    throw e.getCause();
                                }
                            });
                }
            }
            """;

    /**
     * A wrapper measured alone around a producer that never touches the network: a header 2 KiB
     * bigger per send is named. The effect is far past the factory's B/op noise between forks
     * (+39% to +42% came out unconfirmed once with a 256-byte header: two blocks average little).
     */
    // Slow tier (30 s): the fast tier keeps the duel path with a serializer (oneMoreCopyPerRecord...).
    @SlowTier
    @Test
    void aProducerFactoryThatWrapsIsMeasuredAloneAroundANoNetworkProducer() throws IOException {
        Path baseFactory = compileFactory("base", "new byte[16]");
        Path headFactory = compileFactory("head", "new byte[2048]");
        Path file = work.resolve("perf-factory/events-publish.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, SCENARIO + "producer.factory: com.acme.TracedProducers\n");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);
        ComponentStage stage = stage(baseFactory + File.pathSeparator + classpath(base), headFactory + File.pathSeparator + classpath(base),
                ComponentsMode.AUTO, console);
        ComponentFiles files = new ComponentFiles("events-publish", file, null);
        ComponentRef factory = new ComponentRef("producer.factory", "com.acme.TracedProducers");
        ComponentStage.Plan plan = stage.plan(List.of(files), work.resolve("lists-factory")).get("events-publish");
        assertTrue(plan.judged().contains(factory), plan.toString());

        Decision<PairedMeasurement> decision = new RunDecisions(GatePolicy.forSuite(23, GateSettings.of(Map.of())), console, false)
                .decide("events-publish", stage.measurer(files, factory));

        assertTrue(decision.confirmed().stream().anyMatch(m -> m.metric() == Metric.COMPONENT_BYTES_PER_OP
                && m.component().equals("producer.factory com.acme.TracedProducers")), "a 2032-byte bigger header per send:\n" + printed);
    }

    private static Path compileFactory(String side, String header) throws IOException {
        Path source = work.resolve(side + "-factory-src/com/acme/TracedProducers.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, FACTORY.formatted(header));
        Path classes = work.resolve(side + "-factory-classes");
        Files.createDirectories(classes);
        int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), source.toString());
        assertEquals(0, exit, "the " + side + "'s producer factory compiles");
        return classes;
    }

    private static ComponentStage stage(String baseClasspath, String headClasspath, ComponentsMode mode, PrintStream console) {
        // Short duels: these classes compile in milliseconds, and B/op, which these tests judge, is exact.
        return new ComponentStage(baseClasspath, headClasspath, mode, 2, 1, new DuelSettings(3, Duration.ofMillis(500),
                Duration.ofSeconds(3), Duration.ofMillis(500), Duration.ofMillis(1), Duration.ofSeconds(60)), work.resolve("logs"), console);
    }

    /** A side's classpath: its build of the team's classes, then the libraries (here, this test's). */
    private static String classpath(Path side) {
        return side + File.pathSeparator + System.getProperty("java.class.path");
    }

    private static Path compile(String side, String body) throws IOException {
        Path source = work.resolve(side + "-src/com/acme/EventSerializer.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, SERIALIZER.formatted(body));
        Path classes = work.resolve(side + "-classes");
        Files.createDirectories(classes);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int exit = compiler.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                source.toString());
        assertEquals(0, exit, "the " + side + "'s serializer compiles");
        return classes;
    }
}
