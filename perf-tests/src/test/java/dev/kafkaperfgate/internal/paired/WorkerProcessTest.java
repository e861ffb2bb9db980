package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.internal.environment.Affinity;
import dev.kafkaperfgate.internal.environment.CpuSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A worker JVM runs where {@code perf.client.cpus} says, as the single client JVM of stored mode pins itself. */
@Timeout(120)
class WorkerProcessTest {

    private final PrintStream console = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void aPinnedWorkerRunsOnlyOnItsCpus() throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(Side.HEAD, System.getProperty("java.class.path"), Defaults.WORKER_JVM_FLAGS,
                CpuSet.parseOrNull("0"), console)) {
            assertEquals(dev.kafkaperfgate.internal.worker.WorkerProtocol.VERSION,
                    worker.call(PairedTrials.command("hello"), Defaults.WORKER_REPLY_MARGIN).path("protocol").asInt());
            assertEquals("0", Affinity.of(worker.pid()));
        }
    }

    @Test
    void anUnpinnedWorkerRunsWhereThisJvmMay() throws Exception {
        try (WorkerProcess worker = WorkerProcess.start(Side.BASE, System.getProperty("java.class.path"), Defaults.WORKER_JVM_FLAGS,
                null, console)) {
            worker.call(PairedTrials.command("hello"), Defaults.WORKER_REPLY_MARGIN);
            assertEquals(Affinity.of(ProcessHandle.current().pid()), Affinity.of(worker.pid()));
        }
    }
}
