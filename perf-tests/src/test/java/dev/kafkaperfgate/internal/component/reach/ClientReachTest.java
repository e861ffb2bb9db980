package dev.kafkaperfgate.internal.component.reach;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a whole client can reach (issue 72): a change in a class nothing reaches leaves the digest
 * alone, a change in a reached class moves it, and a reached class that finds classes or files by
 * a name it may compute makes the reach unknown, so the scenario is measured: each hole the
 * analysis cannot follow is a case here.
 */
@Tag("unit")
class ClientReachTest {

    @TempDir
    Path work;

    private static final Map<String, String> SHIPPED = Map.of(
            "com/acme/Sender.java", "package com.acme; public final class Sender { public int send(String s) { return new Helper().size(s); } }",
            "com/acme/Helper.java", "package com.acme; final class Helper { int size(String s) { return s.length(); } }",
            "com/acme/OrderController.java", "package com.acme; public final class OrderController { public String status() { return \"ok\"; } }");

    /**
     * The gate's jar relocates its libraries under dev/kafkaperfgate/shaded (issue 80): only those whose lookups the
     * digest covers are trusted there; the team's own copies keep their names, and their trust.
     */
    @Test
    void onlyTheRelocatedLibrariesWhoseLookupsTheDigestCoversAreTrusted() {
        assertTrue(ClientReach.resolvedByInput("dev/kafkaperfgate/shaded/jackson/databind/ObjectMapper.class"));
        assertTrue(ClientReach.resolvedByInput("dev/kafkaperfgate/shaded/hdrhistogram/Histogram.class"));
        assertTrue(ClientReach.resolvedByInput("com/fasterxml/jackson/databind/ObjectMapper.class"), "the team's Jackson");
        assertTrue(ClientReach.resolvedByInput("dev/kafkaperfgate/internal/worker/WorkerLaunch.class"));
        assertFalse(ClientReach.resolvedByInput("dev/kafkaperfgate/shaded/jmh/util/FileUtils.class"));
        assertFalse(ClientReach.resolvedByInput("dev/kafkaperfgate/shaded/gson/Gson.class"));
        assertFalse(ClientReach.resolvedByInput("dev/kafkaperfgate/shaded/math3/util/FastMath.class"));
        assertFalse(ClientReach.resolvedByInput("com/example/Serializer.class"));
    }

    @Test
    void aClassNothingReachesChangesNothingAndAReachedOneDoes() throws IOException {
        ClientReach.Reach base = reach(side("base", SHIPPED), "com.acme.Sender");
        ClientReach.Reach controller = reach(side("controller", with("com/acme/OrderController.java",
                "package com.acme; public final class OrderController { public String status() { return \"accepted\"; } }")), "com.acme.Sender");
        ClientReach.Reach helper = reach(side("helper", with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { return s.strip().length(); } }")), "com.acme.Sender");
        assertTrue(base.known(), String.valueOf(base.unknown()));
        assertEquals(2, base.reached(), "the sender and its helper");
        assertEquals(base.sha256(), controller.sha256(), "the REST controller is not reached");
        assertNotEquals(base.sha256(), helper.sha256(), "the helper the sender calls is");
    }

    @Test
    void aReachedClassThatLoadsByANameItComputesMakesTheReachUnknown() throws IOException {
        ClientReach.Reach reach = reach(side("forname", with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { try { return Class.forName(\"com.acme.\" + s).getName().length(); }"
                        + " catch (ClassNotFoundException e) { return 0; } } }")), "com.acme.Sender");
        assertFalse(reach.known());
        assertTrue(reach.unknown().startsWith("com.acme.Helper calls java.lang.Class.forName"), reach.unknown());
    }

    @Test
    void aResourceOrAFileReadByPathMakesTheReachUnknown() throws IOException {
        ClientReach.Reach resource = reach(side("resource", with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { return getClass().getResource(s + \".json\") == null ? 0 : 1; } }")),
                "com.acme.Sender");
        assertTrue(resource.unknown().contains("java.lang.Class.getResource"), String.valueOf(resource.unknown()));
        ClientReach.Reach file = reach(side("file", with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { try { return java.nio.file.Files.readAllBytes("
                        + "java.nio.file.Path.of(s)).length; } catch (java.io.IOException e) { return 0; } } }")), "com.acme.Sender");
        assertTrue(file.unknown().contains("java.nio.file.Files.readAllBytes"), String.valueOf(file.unknown()));
    }

    @Test
    void aProviderOfAJdkServiceIsReached() throws IOException {
        Map<String, String> sources = with("com/acme/Provider.java",
                "package com.acme; public final class Provider { public Provider() { throw new SecurityException(\"burn first\"); } }");
        Path classes = side("service", sources);
        ClientReach.Reach without = reach(classes, "com.acme.Sender");
        Files.createDirectories(classes.resolve("META-INF/services"));
        Files.writeString(classes.resolve("META-INF/services/java.nio.channels.spi.SelectorProvider"), "com.acme.Provider\n");
        ClientReach.Reach with = reach(classes, "com.acme.Sender");
        assertEquals(without.reached() + 1, with.reached(), "the JDK loads the provider: it is reached");
        assertNotEquals(without.sha256(), with.sha256());
    }

    @Test
    void aClassOfTheTeamsBuildInATrustedPackageIsCheckedLikeAnyOther() throws IOException {
        Map<String, String> sources = with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { return org.apache.kafka.acme.Load.of(s); } }");
        sources.put("org/apache/kafka/acme/Load.java", "package org.apache.kafka.acme; public final class Load { public static int of(String s) {"
                + " try { return Class.forName(s).getName().length(); } catch (ClassNotFoundException e) { return 0; } } }");
        ClientReach.Reach reach = reach(side("trusted-package", sources), "com.acme.Sender");
        assertTrue(String.valueOf(reach.unknown()).startsWith("org.apache.kafka.acme.Load calls java.lang.Class.forName"), String.valueOf(reach.unknown()));
    }

    @Test
    void aCharsetByNameIsNoLookup() throws IOException {
        Path classes = side("charset", with("com/acme/Helper.java",
                "package com.acme; final class Helper { int size(String s) { return java.nio.charset.Charset.forName(\"UTF-8\").encode(s).limit(); } }"));
        assertEquals(Optional.empty(), LookupSites.first(Files.readAllBytes(classes.resolve("com/acme/Helper.class")), "Helper.class"));
        assertTrue(reach(classes, "com.acme.Sender").known());
    }

    /**
     * The JVM's loader reads a manifest's Class-Path as URLs relative to the jar (issue 81): {@code %65vil.jar} opens
     * evil.jar, and a file: URL opens any file. The index refuses the jar then, and the reach is unknown.
     */
    @Test
    void aClassPathEntryTheLoaderWouldOpenMakesTheIndexRefuseTheJar() throws IOException {
        Path jar = jar(work.resolve("side.jar"), "Class-Path: %65vil.jar", Map.of());
        jar(work.resolve("evil.jar"), null, Map.of());
        IOException encoded = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> ClasspathIndex.of(jar.toString(), ClassLoader.getPlatformClassLoader()));
        assertTrue(encoded.getMessage().contains("evil.jar"), encoded.getMessage());
        Path elsewhere = Files.createDirectories(work.resolve("elsewhere")).resolve("hidden.jar");
        jar(elsewhere, null, Map.of());
        Path url = jar(work.resolve("url.jar"), "Class-Path: " + elsewhere.toUri(), Map.of());
        assertTrue(ClasspathIndex.classPathEntryFound(url, elsewhere.toUri().toString()) != null);
        org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> ClasspathIndex.of(url.toString(), ClassLoader.getPlatformClassLoader()));
        Path missing = jar(work.resolve("missing.jar"), "Class-Path: lib/absent.jar", Map.of());
        assertTrue(ClasspathIndex.of(missing.toString(), ClassLoader.getPlatformClassLoader()).resources().contains("com/acme/Marker.txt"),
                "a Class-Path entry naming nothing the loader could open is no reach");
    }

    /**
     * snappy-java finds its native library by the machine's name, which no constant holds: a trusted library's jar counts
     * whole (issue 81), so a changed native library inside an otherwise identical jar moves the digest.
     */
    @Test
    void aChangedNativeLibraryInATrustedJarMovesTheDigest() throws IOException {
        Path classes = side("snappy", Map.of(
                "com/acme/Sender.java", "package com.acme; public final class Sender { public int send(String s) { return org.xerial.snappy.Snappy.size(s); } }",
                "org/xerial/snappy/Snappy.java", "package org.xerial.snappy; public final class Snappy { public static int size(String s) { return s.length(); } }"));
        byte[] snappy = Files.readAllBytes(classes.resolve("org/xerial/snappy/Snappy.class"));
        Files.delete(classes.resolve("org/xerial/snappy/Snappy.class"));
        String so = "org/xerial/snappy/native/Linux/x86_64/libsnappyjava.so";
        Path was = jar(work.resolve("was/snappy-java.jar"), null, Map.of("org/xerial/snappy/Snappy.class", snappy, so, new byte[] {1, 2, 3}));
        Path now = jar(work.resolve("now/snappy-java.jar"), null, Map.of("org/xerial/snappy/Snappy.class", snappy, so, new byte[] {1, 2, 4}));
        ClientReach.Reach before = reach(classes, was, "com.acme.Sender");
        ClientReach.Reach after = reach(classes, now, "com.acme.Sender");
        assertTrue(before.known(), String.valueOf(before.unknown()));
        assertEquals(before.reached(), after.reached(), "the same classes are reached");
        assertNotEquals(before.sha256(), after.sha256(), "the native library is not");
        assertEquals(before.sha256(), reach(classes, jar(work.resolve("again/snappy-java.jar"), "Built-By: someone else",
                Map.of("org/xerial/snappy/Snappy.class", snappy, so, new byte[] {1, 2, 3})), "com.acme.Sender").sha256(),
                "a jar built again with the same entries is the same");
    }

    /**
     * The review's case (issue 81): the team's own resources hold a file at the trusted library's native library's name,
     * which the loader finds first; the jar's digest alone would not see it. The reach is unknown. So are two trusted jars of
     * one file name, which would hide each other, and a jar index, which JDK 17's loader follows.
     */
    @Test
    void aTrustedLibrarysFileShadowedByTheTeamsBuildOrTwoJarsOfOneNameMakeTheReachUnknown() throws IOException {
        Path classes = side("shadow", Map.of(
                "com/acme/Sender.java", "package com.acme; public final class Sender { public int send(String s) { return org.xerial.snappy.Snappy.size(s); } }",
                "org/xerial/snappy/Snappy.java", "package org.xerial.snappy; public final class Snappy { public static int size(String s) { return s.length(); } }"));
        byte[] snappy = Files.readAllBytes(classes.resolve("org/xerial/snappy/Snappy.class"));
        Files.delete(classes.resolve("org/xerial/snappy/Snappy.class"));
        String so = "org/xerial/snappy/native/Linux/x86_64/libsnappyjava.so";
        Path jar = jar(work.resolve("lib/snappy-java.jar"), null, Map.of("org/xerial/snappy/Snappy.class", snappy, so, new byte[] {1, 2, 3}));
        assertTrue(reach(classes, jar, "com.acme.Sender").known(), "nothing shadowed yet");
        Files.createDirectories(classes.resolve(so).getParent());
        Files.write(classes.resolve(so), new byte[] {6, 6, 6});
        ClientReach.Reach shadowed = reach(classes, jar, "com.acme.Sender");
        assertFalse(shadowed.known());
        assertTrue(shadowed.unknown().startsWith("a trusted library's file is shadowed: " + so + " is found first in "), shadowed.unknown());
        Files.delete(classes.resolve(so));
        Path twin = jar(work.resolve("elsewhere/snappy-java.jar"), null, Map.of("org/xerial/snappy/Snappy.class", snappy,
                "org/xerial/snappy/Other.class", snappy));
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(), jar.toUri().toURL(), twin.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            String classpath = String.join(java.io.File.pathSeparator, classes.toString(), jar.toString(), twin.toString());
            ComponentCode code = new ComponentCode(ClasspathIndex.of(classpath, loader), loader);
            ClientReach.Reach both = ClientReach.of(code, List.of("com.acme.Sender", "org.xerial.snappy.Other"));
            assertEquals("two trusted jars are named snappy-java.jar", both.unknown());
        }
        Path indexed = jar(work.resolve("indexed.jar"), null, Map.of("META-INF/INDEX.LIST", "JarIndex-Version: 1.0\n".getBytes()));
        IOException index = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> ClasspathIndex.of(indexed.toString(), ClassLoader.getPlatformClassLoader()));
        assertTrue(index.getMessage().contains("INDEX.LIST"), index.getMessage());
    }

    /**
     * Jackson's and SnakeYAML's jars each hold META-INF/versions/9/module-info.class, which the loader finds in the first jar
     * only: no file any loader resolves by name, so nothing is shadowed (the second review's case).
     */
    @Test
    void moduleDescriptorsInMultiReleaseJarsShadowNothing() throws IOException {
        Path classes = side("multi", Map.of(
                "com/acme/Sender.java", "package com.acme; public final class Sender { public int send(String s) { return "
                        + "org.xerial.snappy.Snappy.size(s) + net.jpountz.lz4.LZ4.size(s); } }",
                "org/xerial/snappy/Snappy.java", "package org.xerial.snappy; public final class Snappy { public static int size(String s) { return 1; } }",
                "net/jpountz/lz4/LZ4.java", "package net.jpountz.lz4; public final class LZ4 { public static int size(String s) { return 2; } }"));
        byte[] snappy = Files.readAllBytes(classes.resolve("org/xerial/snappy/Snappy.class"));
        byte[] lz4 = Files.readAllBytes(classes.resolve("net/jpountz/lz4/LZ4.class"));
        Files.delete(classes.resolve("org/xerial/snappy/Snappy.class"));
        Files.delete(classes.resolve("net/jpountz/lz4/LZ4.class"));
        byte[] descriptor = {(byte) 0xCA, (byte) 0xFE};
        Path one = jar(work.resolve("m/snappy-java.jar"), null, Map.of("org/xerial/snappy/Snappy.class", snappy,
                "META-INF/versions/9/module-info.class", descriptor), false);
        Path two = jar(work.resolve("m/lz4-java.jar"), null, Map.of("net/jpountz/lz4/LZ4.class", lz4,
                "META-INF/versions/9/module-info.class", descriptor), false);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(), one.toUri().toURL(), two.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            String classpath = String.join(java.io.File.pathSeparator, classes.toString(), one.toString(), two.toString());
            ClientReach.Reach reach = ClientReach.of(new ComponentCode(ClasspathIndex.of(classpath, loader), loader), List.of("com.acme.Sender"));
            assertTrue(reach.known(), String.valueOf(reach.unknown()));
        }
    }

    /** A jar with a manifest (its extra line, if any), a marker file and {@code entries}. */
    private static Path jar(Path file, String manifestLine, Map<String, byte[]> entries) throws IOException {
        return jar(file, manifestLine, entries, true);
    }

    private static Path jar(Path file, String manifestLine, Map<String, byte[]> entries, boolean marker) throws IOException {
        Files.createDirectories(file.getParent());
        java.util.jar.Manifest manifest = new java.util.jar.Manifest(new java.io.ByteArrayInputStream(("Manifest-Version: 1.0\n"
                + (manifestLine == null ? "" : manifestLine + "\n")).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(file), manifest)) {
            if (marker) {
                out.putNextEntry(new java.util.jar.JarEntry("com/acme/Marker.txt"));
                out.write(1);
            }
            for (var entry : new java.util.TreeMap<>(entries).entrySet()) {
                out.putNextEntry(new java.util.jar.JarEntry(entry.getKey()));
                out.write(entry.getValue());
            }
        }
        return file;
    }

    private static ClientReach.Reach reach(Path classes, Path jar, String root) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL(), jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            ComponentCode code = new ComponentCode(ClasspathIndex.of(classes + java.io.File.pathSeparator + jar, loader), loader);
            return ClientReach.of(code, List.of(root));
        }
    }

    private static Map<String, String> with(String file, String source) {
        java.util.Map<String, String> sources = new java.util.HashMap<>(SHIPPED);
        sources.put(file, source);
        return sources;
    }

    private Path side(String name, Map<String, String> sources) throws IOException {
        Path src = work.resolve(name + "-src");
        Path classes = work.resolve(name + "-classes");
        Files.createDirectories(classes);
        List<String> args = new java.util.ArrayList<>(List.of("-d", classes.toString()));
        for (var source : sources.entrySet()) {
            Path file = src.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            args.add(file.toString());
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)), name + " compiles");
        return classes;
    }

    private static ClientReach.Reach reach(Path classes, String root) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            ComponentCode code = new ComponentCode(ClasspathIndex.of(classes.toString(), loader), loader);
            return ClientReach.of(code, List.of(root));
        }
    }
}
