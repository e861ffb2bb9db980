package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A side's CPU time from /proc: every process of its user, or a process and its descendants. */
@Tag("unit")
class SideCpuTest {

    @Test
    void sumsUserSystemAndWaitedChildrenTimeCountedAfterTheLastParenthesis() {
        // A command name may hold spaces and parentheses: "a) (b" must not shift the fields.
        String stat = "4242 (a) (b) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 40 7 3 20 0 30 0 1000 0 0";
        assertEquals(250 + 40 + 7 + 3, SideCpu.ticks(stat));
    }

    @Test
    void thisJvmsOwnTreeAndUserShowTheCpuItBurns() {
        long pid = ProcessHandle.current().pid();
        SideCpu tree = SideCpu.ofTree(pid);
        // The home of this JVM's user: its owner is this user, so every process of it is counted.
        SideCpu user = SideCpu.ofUser(pid, Path.of(System.getProperty("user.home")).toAbsolutePath());
        OptionalLong treeBefore = tree.millis();
        OptionalLong userBefore = user.millis();
        long threadBefore = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long spin = 0;
        while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - threadBefore < 300_000_000L) {
            spin += Long.numberOfTrailingZeros(spin + System.nanoTime());
        }
        assertTrue(spin >= 0);
        long treeUsed = tree.millis().orElseThrow() - treeBefore.orElseThrow();
        long userUsed = user.millis().orElseThrow() - userBefore.orElseThrow();
        // 300 ms of this thread's CPU, counted in ticks of 10 ms: at least 250 ms seen both ways.
        assertTrue(treeUsed >= 250, "the tree saw " + treeUsed + " ms");
        assertTrue(userUsed >= 250, "the user's processes saw " + userUsed + " ms");
    }

    @Test
    void aSideWithNoProcessSeenIsUnknownNeverZero() {
        assertEquals(OptionalLong.empty(), SideCpu.ofTree(Long.MAX_VALUE).millis(), "no process seen: unknown, never 0");
    }

    @Test
    void theJitsThreadsAreReadApartAndAThreadThatIsGoneIsUnknown() {
        long pid = ProcessHandle.current().pid();
        java.util.List<Long> compilers = compilerThreads();
        assertTrue(compilers.size() >= 2, "this JVM's compiler threads: " + compilers);
        SideCpu cpu = SideCpu.ofTree(pid).withJit(pid, compilers);
        long jit = cpu.jitMillis().orElseThrow();
        // This test JVM has compiled something before now; its JIT's time is part of all its time.
        assertTrue(jit > 0 && jit <= cpu.millis().orElseThrow(), jit + " ms of JIT in " + cpu.millis() + " ms");
        assertEquals(OptionalLong.of(0), SideCpu.ofTree(pid).jitMillis(), "no JIT thread named: none told apart");
        assertEquals(OptionalLong.empty(), SideCpu.ofTree(pid).withJit(pid, java.util.List.of(Long.MAX_VALUE)).jitMillis());
    }

    /** This JVM's compiler threads, as WorkerLaunch finds a worker's. */
    private static java.util.List<Long> compilerThreads() {
        try (java.util.stream.Stream<Path> tasks = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(task -> {
                try {
                    return java.nio.file.Files.readString(task.resolve("comm")).strip().matches("C[12] CompilerThre");
                } catch (java.io.IOException e) {
                    return false;
                }
            }).map(task -> Long.parseLong(task.getFileName().toString())).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
