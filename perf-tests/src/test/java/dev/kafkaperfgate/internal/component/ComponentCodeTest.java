package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.reach.ClasspathIndex;
import dev.kafkaperfgate.internal.component.reach.ComponentCode;
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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A component's code digest, as each side's JVM works it out: two builds of the same sources
 * digest alike, and a change anywhere the component's call can reach (a class it calls, a class
 * it loads by a literal name, a resource it reads by name, its settings) makes them differ. That
 * is what lets the stage skip an unchanged component without skipping a changed one.
 */
class ComponentCodeTest {

    private static final Map<String, String> SOURCES = Map.of(
            "com/acme/Tagger.java", """
                    package com.acme;
                    public final class Tagger {
                        public String tag(String value) throws Exception {
                            Object loaded = Class.forName("com.acme.Loaded").getDeclaredConstructor().newInstance();
                            var in = Tagger.class.getResourceAsStream("/tags.txt");
                            return Helper.tag(value) + loaded + new String(in.readAllBytes());
                        }
                    }
                    """,
            "com/acme/Helper.java", """
                    package com.acme;
                    final class Helper {
                        static String tag(String value) { return "[" + value + "]"; }
                    }
                    """,
            "com/acme/Loaded.java", """
                    package com.acme;
                    public final class Loaded {
                        @Override public String toString() { return "loaded"; }
                    }
                    """,
            "com/acme/Unrelated.java", """
                    package com.acme;
                    public final class Unrelated {
                        @Override public String toString() { return "not reached"; }
                    }
                    """);

    @TempDir
    Path work;

    @Test
    void twoBuildsOfTheSameSourcesDigestAlike() throws Exception {
        ComponentCode.Digest base = digest(build("base", Map.of()), "settings");
        ComponentCode.Digest head = digest(build("head", Map.of()), "settings");
        assertEquals(base, head);
        // Tagger, Helper, Loaded and tags.txt; not Unrelated, and none of the JDK's classes.
        assertEquals(4, base.reached(), base.toString());
    }

    @Test
    void aClassTheComponentCallsChanged() throws Exception {
        assertNotEquals(digest(build("base", Map.of()), "settings"),
                digest(build("head", Map.of("com/acme/Helper.java", "\"<\" + value + \">\"")), "settings"));
    }

    @Test
    void aClassItLoadsOnlyByALiteralName() throws Exception {
        assertNotEquals(digest(build("base", Map.of()), "settings"),
                digest(build("head", Map.of("com/acme/Loaded.java", "\"LOADED\"")), "settings"));
    }

    @Test
    void aResourceItReadsByName() throws Exception {
        Path head = build("head", Map.of());
        Files.writeString(head.resolve("tags.txt"), "changed");
        assertNotEquals(digest(build("base", Map.of()), "settings"), digest(head, "settings"));
    }

    @Test
    void itsSettings() throws Exception {
        Path classes = build("base", Map.of());
        assertNotEquals(digest(classes, "linger.ms=5"), digest(classes, "linger.ms=50"));
    }

    @Test
    void aClassNothingReachesDoesNotCount() throws Exception {
        assertEquals(digest(build("base", Map.of()), "settings"),
                digest(build("head", Map.of("com/acme/Unrelated.java", "\"changed\"")), "settings"));
    }

    @Test
    void aServiceProviderCountsOnceItsServiceIsReached() throws Exception {
        Path base = build("base", Map.of());
        Path head = build("head", Map.of("com/acme/Unrelated.java", "\"changed\""));
        // Unrelated as a provider of a service nothing reaches: not counted; of Helper, which Tagger calls: counted.
        Map<String, List<String>> unreached = Map.of("com.acme.Nowhere", List.of("com.acme.Unrelated"));
        Map<String, List<String>> reached = Map.of("com.acme.Helper", List.of("com.acme.Unrelated"));
        assertEquals(digest(base, unreached), digest(head, unreached));
        assertNotEquals(digest(base, reached), digest(head, reached));
    }

    @Test
    void aComponentNotOnTheClasspathHasNoDigestSoItIsMeasuredAndFailsLoudly() throws Exception {
        Path classes = build("base", Map.of());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            ComponentCode code = new ComponentCode(ClasspathIndex.of(classes.toString(), loader), loader);
            IOException e = assertThrows(IOException.class, () -> code.digest(List.of("com.acme.Missing"), "settings"));
            assertEquals("com.acme.Missing is not on this side's classpath", e.getMessage());
        }
    }

    @Test
    void aClassOnlyInAMultiReleaseJarsVersionFolderIsOnTheIndex() throws IOException {
        Path jar = work.resolve("multi-release.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("META-INF/versions/17/com/acme/Only.class"));
            out.write(new byte[] {1, 2, 3});
            out.closeEntry();
        }
        ClasspathIndex index = ClasspathIndex.of(jar.toString(), ClassLoader.getPlatformClassLoader());
        assertTrue(index.resources().contains("com/acme/Only.class"), index.resources().toString());
    }

    @Test
    void namesComeFromTheConstantPool() throws IOException {
        Path classes = build("base", Map.of());
        var names = ComponentCode.names(Files.readAllBytes(classes.resolve("com/acme/Tagger.class")), "Tagger.class");
        assertTrue(names.containsAll(List.of("com/acme/Helper", "com.acme.Loaded", "/tags.txt", "java/lang/String")), names.toString());
    }

    private static ComponentCode.Digest digest(Path classes, String settings) throws IOException {
        return digest(classes, settings, Map.of());
    }

    private static ComponentCode.Digest digest(Path classes, Map<String, List<String>> services) throws IOException {
        return digest(classes, "settings", services);
    }

    private static ComponentCode.Digest digest(Path classes, String settings, Map<String, List<String>> services) throws IOException {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            ClasspathIndex index = ClasspathIndex.of(classes.toString(), loader);
            assertEquals(Map.of(), index.services(), "no services file in these classes");
            return new ComponentCode(new ClasspathIndex(index.resources(), services), loader).digest(List.of("com.acme.Tagger"), settings);
        }
    }

    /** Compiles the sources, with each named file's first string literal in a method body replaced, into {@code side}'s folder. */
    private Path build(String side, Map<String, String> changed) throws IOException {
        Path sources = work.resolve(side + "-src");
        Path classes = work.resolve(side + "-classes");
        Files.createDirectories(classes);
        List<String> files = new java.util.ArrayList<>();
        for (var source : SOURCES.entrySet()) {
            Path file = sources.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            String text = source.getValue();
            if (changed.containsKey(source.getKey())) {
                String changedReturn = "return " + java.util.regex.Matcher.quoteReplacement(changed.get(source.getKey())) + ";";
                text = text.replaceFirst("return [^;]*;", changedReturn);
            }
            Files.writeString(file, text);
            files.add(file.toString());
        }
        List<String> args = new java.util.ArrayList<>(List.of("-d", classes.toString()));
        args.addAll(files);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)), side + " compiles");
        Files.writeString(classes.resolve("tags.txt"), "tags");
        return classes;
    }
}
