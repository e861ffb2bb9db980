package dev.kafkaperfgate.internal.refresh;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A refresh whose rename fails midway (a disk that fills, a file system gone read-only): no
 * staged file is left beside the baselines, and the message says which files already hold the
 * run. On a real PR-suite run's results (the fixture of one scenario: its baseline and its nightly
 * history are staged, so the second rename is the one that fails).
 */
@Tag("unit")
class RefreshMidwayTest {

    @TempDir
    Path dir;

    @Test
    void aRenameThatFailsMidwayLeavesNoStagedFileAndSaysWhatWasReplaced() throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/runs/pr-run"))) {
            for (Path file : files.toList()) {
                Files.copy(file, results.resolve(file.getFileName()));
            }
        }
        Path baselines = Files.createDirectories(dir.resolve("baselines"));
        RefreshOptions options = new RefreshOptions(results, baselines, null, 0, List.of(), List.of(), false, "0123abc");
        List<Path> renamed = new ArrayList<>();
        RefreshBaselines.RefusedException refused = assertThrows(RefreshBaselines.RefusedException.class,
                () -> RefreshBaselines.run(options, new PrintStream(new ByteArrayOutputStream(), true), (staged, target) -> {
                    if (!renamed.isEmpty()) {
                        throw new IOException("No space left on device (injected)");
                    }
                    Files.move(staged, target);
                    renamed.add(target);
                }));
        assertEquals(1, renamed.size());
        assertTrue(refused.getMessage().contains("could not be replaced (No space left on device (injected)); the refresh stopped midway: "
                + "already replaced, with this run: [" + renamed.get(0) + "]"), refused.getMessage());
        try (Stream<Path> left = Files.walk(baselines)) {
            assertEquals(List.of(), left.filter(path -> path.getFileName().toString().endsWith(".staged")).toList(),
                    "no staged file is left behind");
        }
    }
}
