package dev.kafkaperfgate.internal.worker;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker's first line names the threads its JVM compiles in, by id, from their names at launch. */
@Tag("unit")
class WorkerLaunchTest {

    @TempDir
    Path tasks;

    @Test
    void namesTheCompilerThreadsByIdAndNothingElse() throws IOException {
        thread(7, "java");
        thread(19, "C2 CompilerThre");
        thread(20, "C1 CompilerThre");
        thread(21, "C2 CompilerThread"); // not a name the kernel keeps (15 bytes): never HotSpot's
        thread(33, "kafka-producer-");
        assertEquals(List.of(19L, 20L), WorkerLaunch.compilerThreads(tasks));
        assertEquals("{\"pid\":5,\"jitThreads\":[19,20]}\n", WorkerLaunch.announcement(5, List.of(19L, 20L)));
    }

    @Test
    void aFolderItCannotReadNamesNone() {
        assertEquals(List.of(), WorkerLaunch.compilerThreads(tasks.resolve("absent")));
        assertEquals("{\"pid\":5,\"jitThreads\":[]}\n", WorkerLaunch.announcement(5, List.of()));
    }

    @Test
    void thisJvmHasCompilerThreadsUnderTheNamesItLooksFor() {
        // HotSpot with tiered compilation: at least one C1 and one C2 thread (Linux /proc).
        assertTrue(WorkerLaunch.compilerThreads(Path.of("/proc/self/task")).size() >= 2, "this JVM's compiler threads were not found");
    }

    private void thread(long id, String comm) throws IOException {
        Files.createDirectories(tasks.resolve(Long.toString(id)));
        Files.writeString(tasks.resolve(Long.toString(id)).resolve("comm"), comm + "\n");
    }
}
