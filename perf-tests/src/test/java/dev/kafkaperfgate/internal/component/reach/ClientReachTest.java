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
