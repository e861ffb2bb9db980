package dev.kafkaperfgate.internal.environment;

import dev.kafkaperfgate.internal.settings.CpuSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Pins its own JVM to the CPUs in args[0], starts a thread, and prints the affinity of every thread. */
public final class SelfPinningMain {

    private SelfPinningMain() {
    }

    public static void main(String[] args) throws Exception {
        ProcessPinning.pinThisProcess(new CpuSet(args[0]));
        Thread late = new Thread(() -> sleep(5_000), "started-after-pinning");
        late.setDaemon(true);
        late.start();
        long pid = ProcessHandle.current().pid();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                Process taskset = new ProcessBuilder("taskset", "-c", "-p", task.getFileName().toString())
                        .redirectErrorStream(true).start();
                taskset.waitFor(10, TimeUnit.SECONDS);
                String line = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (line.contains("affinity list")) { // a thread that ended meanwhile has none
                    System.out.println(line);
                }
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
