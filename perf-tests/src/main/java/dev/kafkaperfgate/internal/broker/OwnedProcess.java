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
     * removes {@code dir} ({@code null}: none). A pid is only a number the kernel hands out again:
     * the loop knows each process by its pid and its start time (from {@code /proc}), so a process
     * that took over the pid of one that had already ended is never killed, nor taken for the JVM.
     */
    public static Process watchdog(String name, long pid, Path dir) throws IOException {
        return watchdog(name, pid, startTicks(pid), dir);
    }

    /**
     * @param startTicks the start time {@code pid} had when it was the process to stop ({@code /proc/<pid>/stat}
     *                   field 22); empty where there is no {@code /proc}, and the pid alone is then trusted
     */
    static Process watchdog(String name, long pid, String startTicks, Path dir) throws IOException {
        String script = """
                parent=$1; child=$2; child_start=$3; dir=$4
                # A process's start time, field 22 of /proc/PID/stat (the fields after the command name's ')').
                started() { [ -r "/proc/$1/stat" ] && sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20; }
                same() { if [ -n "$2" ]; then [ "$(started "$1")" = "$2" ]; else kill -0 "$1" 2>/dev/null; fi; }
                parent_start=$(started "$parent")
                while same "$parent" "$parent_start"; do sleep 1; done
                if same "$child" "$child_start"; then kill -9 "$child" 2>/dev/null; fi
                for _ in $(seq 1 40); do same "$child" "$child_start" || break; sleep 0.25; done
                [ -n "$dir" ] && rm -rf "$dir"
                true
                """;
        return new ProcessBuilder("bash", "-c", script, name, Long.toString(ProcessHandle.current().pid()), Long.toString(pid),
                startTicks, dir == null ? "" : dir.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** Field 22 of {@code /proc/<pid>/stat}, the process's start time in clock ticks after boot; empty without {@code /proc}. */
    static String startTicks(long pid) {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return fields[19];
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
