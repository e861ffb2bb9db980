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
