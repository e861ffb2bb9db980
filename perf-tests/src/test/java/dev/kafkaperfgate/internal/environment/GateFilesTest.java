package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 74: a file a side names while its processes still run (the profiler's reply) is read by a
 * process of the side's own user, bounded in bytes and time: a FIFO swapped in after the gate's
 * look ends the read in its time, instead of blocking the gate for ever. Not tagged unit: it
 * starts {@code mkfifo} and {@code head}.
 */
class GateFilesTest {

    private static final SideUsers.Launch ME = SideUsers.none().head();

    @Test
    void aFifoEndsTheSidesReadInItsTimeAndAFileIsReadCapped(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("profile.jfr");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        IOException blocked = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertThrows(IOException.class, () -> ME.readAsSide(fifo, 100, Duration.ofSeconds(1))));
        assertTrue(blocked.getMessage().contains("was not read within 1 s"), blocked.getMessage());
        Path file = Files.writeString(dir.resolve("answer"), "0123456789");
        assertEquals("01234", new String(ME.readAsSide(file, 5, Duration.ofSeconds(5)), StandardCharsets.UTF_8));
        assertEquals("0123456789", new String(GateFiles.readAsSide(ME, file, dir, 10, "the duel's answer"), StandardCharsets.UTF_8));
        GateFiles.UnsafePathException large = assertThrows(GateFiles.UnsafePathException.class,
                () -> GateFiles.readAsSide(ME, file, dir, 9, "the duel's answer"));
        assertTrue(large.getMessage().contains("more than the 9"), large.getMessage());
    }

    @Test
    void aPathOutsideTheSidesFolderIsNotRead(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("secret"), "token");
        Path tmp = Files.createDirectories(dir.resolve("side/tmp"));
        GateFiles.UnsafePathException outside = assertThrows(GateFiles.UnsafePathException.class,
                () -> GateFiles.readAsSide(ME, tmp.resolve("../../secret"), tmp, 1024, "the worker's recording"));
        assertTrue(outside.getMessage().contains("is not in " + tmp), outside.getMessage());
        Path link = Files.createSymbolicLink(tmp.resolve("profile.jfr"), dir.resolve("secret"));
        GateFiles.UnsafePathException linked = assertThrows(GateFiles.UnsafePathException.class,
                () -> GateFiles.readAsSide(ME, link, tmp, 1024, "the worker's recording"));
        assertTrue(linked.getMessage().contains("(a link)"), linked.getMessage());
    }

    /** The race of issue 74: the file swapped between a regular file and a FIFO while the gate reads it, for 3 s. Every read ends. */
    @Test
    void aFifoRenamedOverTheFileWhileItIsReadNeverHangsTheGate(@TempDir Path dir) throws Exception {
        Path regular = Files.writeString(dir.resolve("regular"), "ok\n");
        Path fifo = dir.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path answer = Files.createLink(dir.resolve("x.answer"), regular);
        AtomicBoolean swapping = new AtomicBoolean(true);
        Thread swapper = new Thread(() -> {
            Path next = dir.resolve("next");
            for (long i = 0; swapping.get(); i++) {
                try {
                    Files.deleteIfExists(next);
                    Files.createLink(next, i % 2 == 0 ? fifo : regular);
                    Files.move(next, answer, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }, "swapper");
        swapper.setDaemon(true);
        swapper.start();
        try {
            int[] outcomes = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                int[] counted = new int[3];
                long end = System.nanoTime() + 3_000_000_000L;
                while (System.nanoTime() < end) {
                    try {
                        assertEquals("ok\n", new String(GateFiles.readAsSide(ME, answer, dir, 1024, "the side's answer",
                                Duration.ofSeconds(1)), StandardCharsets.UTF_8));
                        counted[0]++;
                    } catch (GateFiles.UnsafePathException e) {
                        boolean timedOut = e.getMessage().contains("not read within");
                        assertTrue(timedOut || e.getMessage().contains("a FIFO or device"), e.getMessage());
                        counted[timedOut ? 2 : 1]++;
                    }
                }
                return counted;
            }, "a read blocked on the FIFO renamed in after the gate's look");
            assertTrue(outcomes[0] + outcomes[1] + outcomes[2] > 0, "no read was tried");
        } finally {
            swapping.set(false);
            swapper.join(5_000);
            // A writer frees any open(2) of the FIFO left behind. WRITE alone, never CREATE: this thread can run after
            // JUnit has removed the folder's files, and a regular file made then would keep the folder from going.
            Thread release = new Thread(() -> {
                try (OutputStream out = Files.newOutputStream(fifo, java.nio.file.StandardOpenOption.WRITE)) {
                    out.flush();
                } catch (IOException e) {
                    // Nobody was reading.
                }
            });
            release.setDaemon(true);
            release.start();
        }
    }
}
