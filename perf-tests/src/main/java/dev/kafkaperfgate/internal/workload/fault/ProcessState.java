package dev.kafkaperfgate.internal.workload.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Whether a process of this machine is frozen (SIGSTOP), read from Linux's {@code /proc/<pid>/stat}:
 * how the gate sees for itself that a pause it asked another tool for really happened, and when.
 */
final class ProcessState {

    private ProcessState() {
    }

    /** {@code true} while the process is stopped by a signal; {@code false} when it runs or is gone. */
    static boolean stopped(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            // "pid (command) S ...": the command may hold spaces and parentheses, the state follows the last ')'.
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() && stat.charAt(close + 2) == 'T';
        } catch (IOException e) {
            return false;
        }
    }

    /** Lets a frozen process go (SIGCONT): the gate's last resort, so that no node stays frozen. */
    static void resume(long pid) {
        try {
            Process kill = new ProcessBuilder("kill", "-CONT", Long.toString(pid)).redirectErrorStream(true).start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // Nothing more to try: the console names the node that did not resume.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
