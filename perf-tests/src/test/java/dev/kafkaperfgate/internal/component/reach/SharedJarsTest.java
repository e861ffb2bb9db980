package dev.kafkaperfgate.internal.component.reach;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which jars a duel loads once for every copy: the same bytes on both sides, and nothing that needs a copy's own classes. */
class SharedJarsTest {

    @Test
    void aJarBothSidesHoldAlikeIsSharedUnlessItNamesAClassOnlyACopyDefines(@TempDir Path dir) throws IOException {
        Path app = compile(dir, "base-app", Map.of("app/Model.java", "package app; public class Model { public static final int V = 1; }"));
        Path headApp = compile(dir, "head-app", Map.of("app/Model.java", "package app; public class Model { public static final int V = 2; }"));
        Path lib = jar(compile(dir, "lib", Map.of("lib/Util.java", "package lib; public class Util { public static int twice(int x) { return 2 * x; } }")),
                dir.resolve("base-repo/lib.jar"));
        Path headLib = Files.copy(lib, Files.createDirectories(dir.resolve("head-repo")).resolve("lib.jar"));
        // A plugin that names the app's class: a parent loader cannot see a copy's classes, so it stays per copy.
        Path plugin = jar(compile(dir, "plugin", Map.of("plugin/Hook.java", "package plugin; public class Hook { public Object make() { return new app.Model(); } }"),
                app), dir.resolve("base-repo/plugin.jar"));
        Path headPlugin = Files.copy(plugin, dir.resolve("head-repo/plugin.jar"));
        // A jar only the head has (a new dependency): per copy.
        Path extra = jar(compile(dir, "extra", Map.of("extra/New.java", "package extra; public class New { }")), dir.resolve("head-repo/extra.jar"));

        String base = String.join(File.pathSeparator, app.toString(), lib.toString(), plugin.toString());
        String head = String.join(File.pathSeparator, headApp.toString(), headLib.toString(), headPlugin.toString(), extra.toString());
        SharedJars shared = SharedJars.of(base, head, List.of());

        assertEquals(List.of(lib.toString()), shared.jars());
        assertEquals(String.join(File.pathSeparator, app.toString(), plugin.toString()), shared.baseCopies());
        assertEquals(String.join(File.pathSeparator, headApp.toString(), headPlugin.toString(), extra.toString()), shared.headCopies());

        // The gate's harness defines a class the lib jar also defines (a team's own JMH, say): the copies link the gate's.
        assertEquals(List.of(), SharedJars.of(base, head, List.of(lib.toString())).jars());
    }

    /**
     * Issue 74: the gate reads both classpaths as its own user, so a link on the head's classpath,
     * a FIFO, or a jar past the caps shares nothing (each copy keeps its whole classpath), and is never followed or read whole.
     */
    @Test
    void aLinkAFifoOrAJarPastTheCapsSharesNothing(@TempDir Path dir) throws Exception {
        Path lib = jar(compile(dir, "lib", Map.of("lib/Util.java", "package lib; public class Util { }")), dir.resolve("base-repo/lib.jar"));
        Path headLib = Files.copy(lib, Files.createDirectories(dir.resolve("head-repo")).resolve("lib.jar"));
        assertEquals(List.of(lib.toString()), SharedJars.of(lib.toString(), headLib.toString(), List.of()).jars(), "alike: shared");

        Path link = Files.createSymbolicLink(dir.resolve("head-repo/linked.jar"), lib);
        SharedJars linked = SharedJars.of(lib.toString(), link.toString(), List.of());
        assertEquals(List.of(), linked.jars(), "a link on the head's classpath is not followed");
        assertEquals(link.toString(), linked.headCopies());

        Path fifo = dir.resolve("head-repo/fifo.jar");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        SharedJars piped = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
                () -> SharedJars.of(lib.toString(), headLib + File.pathSeparator + fifo, List.of()));
        assertEquals(List.of(), piped.jars(), "a FIFO is never opened");

        Path many = dir.resolve("head-repo/many.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(many))) {
            for (int i = 0; i < 11; i++) {
                out.putNextEntry(new JarEntry("r" + i + ".txt"));
                out.closeEntry();
            }
        }
        Path baseMany = Files.copy(many, dir.resolve("base-repo/many.jar"));
        assertEquals(List.of(), SharedJars.of(baseMany.toString(), many.toString(), List.of(), new SharedJars.Caps(100, 10, 1L << 30, 1 << 20))
                .jars(), "a jar of more entries than the cap");
        assertEquals(List.of(), SharedJars.of(baseMany.toString(), many.toString(), List.of(), new SharedJars.Caps(100, 1000, 10, 1 << 20))
                .jars(), "classpaths of more bytes than the cap");
        assertEquals(List.of(), SharedJars.of(baseMany.toString(), many.toString(), List.of(), new SharedJars.Caps(0, 1000, 1L << 30, 1 << 20))
                .jars(), "a classpath of more entries than the cap");
    }

    private static Path compile(Path dir, String name, Map<String, String> sources, Path... classpath) throws IOException {
        Path src = dir.resolve(name + "-src");
        Path out = Files.createDirectories(dir.resolve(name + "-classes"));
        List<String> arguments = new java.util.ArrayList<>(List.of("-d", out.toString()));
        if (classpath.length > 0) {
            arguments.addAll(List.of("-cp", classpath[0].toString()));
        }
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Path file = src.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            arguments.add(file.toString());
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)));
        return out;
    }

    private static Path jar(Path classes, Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                JarEntry entry = new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/'));
                entry.setTime(0);
                out.putNextEntry(entry);
                out.write(Files.readAllBytes(file));
                out.closeEntry();
            }
        }
        return jar;
    }
}
