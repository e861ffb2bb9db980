package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.internal.basebuild.PairedRefusedException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 58: a run writes in a private folder of its own and publishes it, following no link, to the folder asked for. */
@Tag("unit")
class ResultsFolderTest {

    @TempDir
    Path dir;

    @Test
    void theRunWritesOutsideTheDestinationAndPublishesANewFolderKeepingThePreviousOne() throws IOException {
        Path destination = dir.resolve("module/target/perf-results");
        Files.createDirectories(destination);
        Files.writeString(destination.resolve("summary.json"), "{\"old\":true}");

        ResultsFolder folder = ResultsFolder.open(destination);
        assertFalse(folder.work().startsWith(dir), "the run's folder is not below the destination's checkout: " + folder.work());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(folder.work())));
        Files.writeString(folder.work().resolve("summary.json"), "{\"new\":true}");
        Files.createDirectories(folder.work().resolve("components"));
        Files.writeString(folder.work().resolve("components/duel-1.log"), "log");
        Files.createSymbolicLink(folder.work().resolve("components/stray"), Path.of("/etc/passwd"));

        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path published = folder.publish(new PrintStream(console, true, StandardCharsets.UTF_8));

        assertEquals(destination.toAbsolutePath(), published);
        assertEquals("{\"new\":true}", Files.readString(destination.resolve("summary.json")));
        assertEquals("log", Files.readString(destination.resolve("components/duel-1.log")));
        assertFalse(Files.exists(destination.resolve("components/stray"), LinkOption.NOFOLLOW_LINKS), "a link is not copied");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("components/stray"), console.toString(StandardCharsets.UTF_8));
        assertEquals("{\"old\":true}", Files.readString(dir.resolve("module/target/perf-results.previous/summary.json")),
                "the earlier run's results are kept beside, not overwritten");
        assertFalse(Files.exists(folder.work()), "the run's own folder is removed once published");
    }

    @Test
    void aLinkAtTheDestinationOrAboveItIsRefusedAndNothingLandsWhereItPoints() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path module = Files.createDirectories(dir.resolve("module"));
        Files.createSymbolicLink(module.resolve("target"), outside);
        PairedRefusedException above = assertThrows(PairedRefusedException.class, () -> ResultsFolder.open(module.resolve("target/perf-results")));
        assertTrue(above.getMessage().contains("is a link, which the gate does not write through"), above.getMessage());

        Path other = Files.createDirectories(dir.resolve("module2/target"));
        Files.createSymbolicLink(other.resolve("perf-results"), outside);
        PairedRefusedException at = assertThrows(PairedRefusedException.class, () -> ResultsFolder.open(other.resolve("perf-results")));
        assertTrue(at.getMessage().contains("is a link or a file, not a folder"), at.getMessage());
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count(), "nothing made where the links point");
        }
    }

    @Test
    void aDestinationTurnedIntoALinkDuringTheRunKeepsTheResultsInTheRunsFolder() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path destination = dir.resolve("module/target/perf-results");
        ResultsFolder folder = ResultsFolder.open(destination);
        Files.writeString(folder.work().resolve("summary.json"), "{}");
        Files.createSymbolicLink(destination, outside);
        PairedRefusedException refused = assertThrows(PairedRefusedException.class,
                () -> folder.publish(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(refused.getMessage().startsWith("the results stay in " + folder.work()), refused.getMessage());
        assertTrue(Files.exists(folder.work().resolve("summary.json")), "nothing is lost");
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count());
        }
    }
}
