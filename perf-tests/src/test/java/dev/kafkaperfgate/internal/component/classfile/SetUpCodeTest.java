package dev.kafkaperfgate.internal.component.classfile;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class's set-up code (issue 81): what runs once per class or per copy moves the text, what runs per call does not, and
 * where a constant sits in the pool does not either. The whole client is measured when it moves
 * ({@code WholeClientRuleTest}).
 */
@Tag("unit")
class SetUpCodeTest {

    @TempDir
    Path work;

    private static final String BASE = """
            package com.acme;
            public class Ser {
                private final byte[] buffer;
                public Ser() { buffer = new byte[100000]; }
                public void configure(java.util.Map<String, ?> configs, boolean isKey) { }
                public byte[] serialize(String topic, String value) { return value.getBytes(); }
            }
            """;

    @Test
    void aChangeInTheCallAloneLeavesTheSetUpAsItWasThoughThePoolMoves() throws IOException {
        String base = setUp("base", BASE);
        String call = setUp("call", BASE.replace("return value.getBytes();",
                "return (\"{\" + value + \"}\").getBytes(java.nio.charset.StandardCharsets.UTF_8);")
                .replace("public Ser() {", "public byte[] first(String v) { return (v + \"!\").getBytes(java.nio.charset.StandardCharsets.UTF_16); }\n"
                        + "    public Ser() {"));
        assertEquals(base, call);
    }

    @Test
    void aStaticInitialiserThatKeeps256MibMovesIt() throws IOException {
        String kept = setUp("kept", BASE.replace("private final byte[] buffer;",
                "private static final byte[] KEPT = new byte[256 << 20];\n    private final byte[] buffer;"));
        assertNotEquals(setUp("base", BASE), kept);
        assertTrue(kept.contains("static field 1a KEPT [B"), kept);
    }

    @Test
    void aConstantInTheConstructorOrWorkInConfigureMovesIt() throws IOException {
        String base = setUp("base", BASE);
        assertNotEquals(base, setUp("constructor", BASE.replace("new byte[100000]", "new byte[200000]")));
        assertNotEquals(base, setUp("configure", BASE.replace("boolean isKey) { }",
                "boolean isKey) { System.setProperty(\"jdk.tls.namedGroups\", \"x25519\"); }")));
    }

    @Test
    void aHelperOfItsOwnClassThatSetUpCallsAndALambdaCount() throws IOException {
        String helper = BASE.replace("public Ser() { buffer = new byte[100000]; }",
                "public Ser() { buffer = make(); }\n    private static byte[] make() { return new byte[100000]; }");
        assertNotEquals(setUp("helper", helper), setUp("helper-changed", helper.replace("new byte[100000]", "new byte[300000]")));
        String lambda = BASE.replace("public Ser() { buffer = new byte[100000]; }",
                "public Ser() { java.util.function.Supplier<byte[]> make = () -> new byte[100000]; buffer = make.get(); }");
        assertNotEquals(setUp("lambda", lambda), setUp("lambda-changed", lambda.replace("new byte[100000]", "new byte[300000]")));
    }

    @Test
    void aStaticFieldWrittenOnTheFirstCallMovesIt() throws IOException {
        String lazy = setUp("lazy", BASE.replace("return value.getBytes();",
                "if (cache == null) { cache = new byte[1 << 28]; } return value.getBytes();")
                .replace("private final byte[] buffer;", "private final byte[] buffer;\n    private static byte[] cache;"));
        assertNotEquals(setUp("base", BASE), lazy);
        assertTrue(lazy.contains("writes com/acme/Ser.cache[B"), lazy);
    }

    /**
     * The review's cases (issue 81): static state a call fills or changes ({@code CACHE.add} in the call, no field written),
     * and a static initialiser that calls another class, whose changed method counts through ComponentCode.setUp.
     */
    @Test
    void aClassWithStaticStateSetsUpInEveryMethodAndSetUpNamesWhatItCallsElsewhere() throws IOException {
        String listed = BASE.replace("private final byte[] buffer;",
                "private static final java.util.List<byte[]> CACHE = new java.util.ArrayList<>();\n    private final byte[] buffer;");
        String adds = listed.replace("return value.getBytes();", "CACHE.add(new byte[1 << 20]); return value.getBytes();");
        assertNotEquals(setUp("listed", listed), setUp("adds", adds), "a change in the call of a class with static state moves it");
        String helped = BASE.replace("public Ser() { buffer = new byte[100000]; }", "public Ser() { buffer = com.acme.Helper.make(); }");
        Path file = work.resolve("helped-src/com/acme/Helper.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "package com.acme; public final class Helper { public static byte[] make() { return new byte[4]; } }");
        setUp("helped", helped);
        SetUpCode.SetUp read = SetUpCode.read(Files.readAllBytes(work.resolve("helped-classes/com/acme/Ser.class")));
        assertTrue(read.external().contains("com/acme/Helper.make()[B"), read.external().toString());
    }

    /** Every class of the libraries a team's client runs reads: a reader that threw would measure every whole client. */
    @Test
    void everyClassOfKafkaClientsAndJacksonReads() throws Exception {
        int read = 0;
        for (Class<?> inJar : List.of(org.apache.kafka.clients.producer.KafkaProducer.class, com.fasterxml.jackson.databind.ObjectMapper.class)) {
            try (JarFile jar = new JarFile(Path.of(inJar.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile())) {
                for (JarEntry entry : Collections.list(jar.entries())) {
                    if (entry.getName().endsWith(".class") && !entry.getName().endsWith("module-info.class")) {
                        try (var in = jar.getInputStream(entry)) {
                            SetUpCode.of(in.readAllBytes());
                        }
                        read++;
                    }
                }
            }
        }
        assertTrue(read > 2000, read + " classes");
    }

    private String setUp(String name, String source) throws IOException {
        Path file = work.resolve(name + "-src/com/acme/Ser.java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, source);
        Path classes = work.resolve(name + "-classes");
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), file.toString()));
        try (var others = Files.list(file.getParent())) {
            others.filter(other -> !other.equals(file)).forEach(other -> args.add(other.toString()));
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)), name + " compiles");
        return SetUpCode.of(Files.readAllBytes(classes.resolve("com/acme/Ser.class")));
    }
}
