package dev.kafkaperfgate.internal.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The watchdog a broker node gets: when the JVM that started it dies without stopping the node,
 * it kills the node; but a pid is handed out again once its process ends, and a process that has
 * since taken over the pid must survive. A JVM of its own (Host below) starts the watchdog and
 * halts at once, as a killed gate would; the target is a {@code sleep} this test owns. Reuse is
 * simulated by the identity the watchdog is given: the target's pid with another start time, which
 * is what a reused pid looks like.
 */
@Timeout(60)
class OwnedProcessWatchdogTest {

    @Test
    void theProcessItWasStartedForIsKilledWhenTheJvmDies() throws Exception {
        Process target = new ProcessBuilder("sleep", "60").start();
        try {
            host(target.pid(), OwnedProcess.startTicks(target.pid()));
            assertTrue(target.waitFor(15, TimeUnit.SECONDS), "the watchdog killed the process it watched");
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    void aProcessThatTookOverThePidIsLeftAlone() throws Exception {
        Process target = new ProcessBuilder("sleep", "60").start();
        try {
            assertFalse(OwnedProcess.startTicks(target.pid()).isEmpty(), "this machine has /proc");
            // The watchdog was started for an earlier process with this pid: another start time.
            host(target.pid(), "1");
            assertFalse(target.waitFor(6, TimeUnit.SECONDS), "a process that took over the pid must not be killed");
        } finally {
            target.destroyForcibly();
        }
    }

    /** Runs Host in a JVM of its own: it starts the watchdog and halts; returns once it is gone. */
    private static void host(long pid, String startTicks) throws IOException, InterruptedException {
        Process jvm = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Host.class.getName(), Long.toString(pid), startTicks).inheritIO().start();
        assertTrue(jvm.waitFor(30, TimeUnit.SECONDS), "the host JVM ended");
        assertEquals(0, jvm.exitValue());
    }

    /** A gate JVM in miniature: starts the watchdog for the given process, then dies without stopping it. */
    public static final class Host {
        public static void main(String[] args) throws IOException {
            OwnedProcess.watchdog("kpg-watchdog-test", Long.parseLong(args[0]), args[1], null);
            Runtime.getRuntime().halt(0);
        }
    }
}
