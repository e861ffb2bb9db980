package dev.kafkaperfgate.internal.paired.workers;

import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.environment.Affinity;
import dev.kafkaperfgate.internal.settings.CpuSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker JVM runs where {@code perf.client.cpus} says, as the single client JVM of stored mode
 * pins itself; a {@link WorkerPair} replaces both JVMs by new ones, pinned alike, and stops the old.
 */
@Timeout(120)
class WorkerProcessTest {

    private final PrintStream console = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void aPinnedWorkerRunsOnlyOnItsCpus() throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(Side.HEAD, System.getProperty("java.class.path"), dev.kafkaperfgate.internal.settings.machine.JvmFlags.of(Defaults.WORKER_JVM_FLAGS),
                CpuSet.parseOrNull("0"), console)) {
            assertEquals(dev.kafkaperfgate.internal.worker.WorkerProtocol.VERSION,
                    worker.call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN).path("protocol").asInt());
            assertEquals("0", Affinity.of(worker.pid()));
        }
    }

    @Test
    void anUnpinnedWorkerRunsWhereThisJvmMay() throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(Side.BASE, System.getProperty("java.class.path"), dev.kafkaperfgate.internal.settings.machine.JvmFlags.of(Defaults.WORKER_JVM_FLAGS),
                null, console)) {
            worker.call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN);
            assertEquals(Affinity.of(ProcessHandle.current().pid()), Affinity.of(worker.pid()));
        }
    }

    @Test
    void aRestartedPairRunsInNewJvmsAndTheOldOnesAreGone() throws Exception {
        String classpath = System.getProperty("java.class.path");
        try (WorkerPair workers = WorkerPair.start(classpath, classpath, dev.kafkaperfgate.internal.settings.machine.JvmFlags.of(Defaults.WORKER_JVM_FLAGS), CpuSet.parseOrNull("0"), console)) {
            long base = workers.base().pid();
            long head = workers.head().pid();
            assertEquals(1, workers.generation());
            workers.restart();
            assertEquals(2, workers.generation());
            assertNotEquals(base, workers.base().pid());
            assertNotEquals(head, workers.head().pid());
            assertFalse(ProcessHandle.of(base).map(ProcessHandle::isAlive).orElse(false), "the old base worker still runs");
            assertFalse(ProcessHandle.of(head).map(ProcessHandle::isAlive).orElse(false), "the old head worker still runs");
            for (Side side : Side.values()) {
                workers.of(side).call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN);
                assertEquals("0", Affinity.of(workers.of(side).pid()), side + " is pinned as before");
            }
        }
    }

    @Test
    void aWorkerNamesItsJitThreadsBeforeItsSidesCodeRunsAndTheirTimeIsReadApart() throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(Side.HEAD, System.getProperty("java.class.path"), dev.kafkaperfgate.internal.settings.machine.JvmFlags.of(Defaults.WORKER_JVM_FLAGS),
                null, console)) {
            worker.call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN);
            // Started with -XX:-UseDynamicNumberOfCompilerThreads: every compiler thread exists before main.
            long jit = worker.cpu().jitMillis().orElseThrow();
            long all = worker.cpu().millis().orElseThrow();
            assertTrue(jit > 0 && jit < all, "the JIT compiled " + jit + " ms of the worker's " + all + " ms");
        }
    }

    @Test
    void aFirstLineNamingAnotherProcessOrNoThreadsIsNotTheLaunchers() {
        long self = ProcessHandle.current().pid();
        assertEquals(java.util.Optional.of(new WorkerProcess.Launched(self, java.util.List.of(19L, 20L))),
                WorkerProcess.launched("{\"pid\":" + self + ",\"jitThreads\":[19,20]}", self));
        // pid 1 is no descendant of the worker started: a line forged by the side's code, never trusted.
        assertEquals(java.util.Optional.empty(), WorkerProcess.launched("{\"pid\":1,\"jitThreads\":[19,20]}", self));
        assertEquals(java.util.Optional.empty(), WorkerProcess.launched("{\"pid\":" + self + "}", self));
        assertEquals(java.util.Optional.empty(), WorkerProcess.launched("{\"ok\":true,\"protocol\":2}", self));
        assertEquals(java.util.Optional.empty(), WorkerProcess.launched("Picked up JAVA_TOOL_OPTIONS", self));
    }
}
