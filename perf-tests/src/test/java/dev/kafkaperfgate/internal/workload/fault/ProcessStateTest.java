package dev.kafkaperfgate.internal.workload.fault;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gate's own check that a pause happened: a real process frozen with SIGSTOP and let go. */
class ProcessStateTest {

    @Test
    void aProcessFrozenBySigstopIsSeenStoppedAndRunningAgainAfterSigcont() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            long pid = sleeper.pid();
            assertFalse(ProcessState.stopped(pid), "a running process");
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor());
            assertTrue(FaultEvidence.frozen(pid).await(true, System.nanoTime() + TimeUnit.SECONDS.toNanos(5)) > 0, "seen frozen");
            assertTrue(ProcessState.stopped(pid));
            ProcessState.resume(pid);
            assertTrue(FaultEvidence.frozen(pid).await(false, System.nanoTime() + TimeUnit.SECONDS.toNanos(5)) > 0, "seen running again");
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void aProcessThatNeverFreezesIsNotSeenFrozenAndTheWaitEndsAtItsDeadline() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            long start = System.nanoTime();
            assertEquals(-1, FaultEvidence.frozen(sleeper.pid()).await(true, start + TimeUnit.MILLISECONDS.toNanos(100)));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(2), "bounded");
        } finally {
            sleeper.destroyForcibly();
        }
        assertFalse(ProcessState.stopped(Long.MAX_VALUE), "no such process: not frozen");
    }
}
