package dev.kafkaperfgate.internal.environment;

import dev.kafkaperfgate.internal.settings.CpuSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pins processes to CPUs with Linux {@code taskset}.
 *
 * <p>The client JVM pins itself: {@code taskset -a -p} sets the affinity of every thread that
 * exists, and threads created later inherit it from their creator, so the producer's I/O thread
 * started afterwards lands on the same CPUs.
 */
public final class ProcessPinning {

    private ProcessPinning() {
    }

    /** Whether an executable {@code taskset} is on the PATH. */
    public static boolean available() {
        String path = System.getenv("PATH");
        return path != null && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, "taskset")));
    }

    /** The command prefix that starts a new process on {@code cpus}. */
    public static List<String> commandPrefix(CpuSet cpus) {
        return List.of("taskset", "-c", cpus.cpus());
    }

    /** Pins every thread of this JVM to {@code cpus}; fails with the reason if taskset cannot. */
    public static void pinThisProcess(CpuSet cpus) {
        long pid = ProcessHandle.current().pid();
        ProcessBuilder builder = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus.cpus(), Long.toString(pid))
                .redirectErrorStream(true);
        try {
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("taskset did not finish within 10 s while pinning the client to CPUs " + cpus);
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (process.exitValue() != 0) {
                throw new IllegalStateException("taskset could not pin the client to CPUs " + cpus + ": " + output);
            }
        } catch (IOException e) {
            throw new IllegalStateException("CPU pinning needs taskset (util-linux), which could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning the client to CPUs " + cpus, e);
        }
    }
}
