package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class GateCodeTest {

    @Test
    void the_gate_and_its_histogram_come_before_every_entry_of_the_side() {
        List<String> entries = List.of(GateCode.first("/head/test-classes" + File.pathSeparator + "/head/app.jar")
                .split(File.pathSeparator));
        assertEquals(GateCode.location(GateCode.class), entries.get(0), "the gate library first");
        assertEquals(GateCode.location(org.HdrHistogram.Histogram.class), entries.get(1));
        assertEquals(List.of("/head/test-classes", "/head/app.jar"), entries.subList(2, 4));
    }

    @Test
    void a_class_folder_or_a_jar_with_the_gate_holds_it_and_a_base_without_it_does_not(@TempDir Path dir) throws IOException {
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes.resolve("dev/kafkaperfgate"));
        Files.writeString(classes.resolve("dev/kafkaperfgate/PerfGate.class"), "");
        Path gateJar = jar(dir.resolve("kafka-perf-gate.jar"), "dev/kafkaperfgate/PerfGate.class");
        Path appJar = jar(dir.resolve("app.jar"), "com/example/App.class");
        Path notAJar = Files.writeString(dir.resolve("notes.txt"), "not a jar");

        assertTrue(GateCode.isIn(appJar + File.pathSeparator + classes));
        assertTrue(GateCode.isIn(dir.resolve("missing.jar") + File.pathSeparator + gateJar));
        assertFalse(GateCode.isIn(appJar + File.pathSeparator + notAJar + File.pathSeparator + dir.resolve("missing")),
                "a base from before the gate was adopted");
        // A class of the gate's package that is not the gate does not count.
        Path shadow = jar(dir.resolve("shadow.jar"), "dev/kafkaperfgate/Other.class");
        assertFalse(GateCode.isIn(shadow.toString()));
    }

    private static Path jar(Path file, String entry) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(entry));
            zip.closeEntry();
        }
        return file;
    }
}
