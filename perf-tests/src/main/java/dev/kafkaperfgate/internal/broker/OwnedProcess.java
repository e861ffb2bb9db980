package dev.kafkaperfgate.internal.broker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * How the gate stops a process it started (a broker node, Toxiproxy's server, MirrorMaker 2):
 * by its pid only, SIGTERM first, SIGKILL after a bound; and a watchdog that
 * stops it when the gate's JVM dies without doing so.
 */
public final class OwnedProcess {

    private OwnedProcess() {
    }

    /** SIGTERM, then SIGKILL once {@code grace} has passed; returns when the process is gone or after twice the grace. */
    public static void stop(Process process, Duration grace) {
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A shell loop that outlives this JVM when it is killed without its shutdown hooks (SIGKILL,
     * a crash): once the JVM is gone it kills {@code pid}, waits (10 s at most) until it is gone, and
     * removes {@code dir} ({@code null}: none).
     */
    public static Process watchdog(String name, long pid, Path dir) throws IOException {
        String script = """
                parent=$1; child=$2; dir=$3
                while kill -0 "$parent" 2>/dev/null; do sleep 1; done
                kill -9 "$child" 2>/dev/null
                for _ in $(seq 1 40); do kill -0 "$child" 2>/dev/null || break; sleep 0.25; done
                [ -n "$dir" ] && rm -rf "$dir"
                true
                """;
        return new ProcessBuilder("bash", "-c", script, name, Long.toString(ProcessHandle.current().pid()), Long.toString(pid),
                dir == null ? "" : dir.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
