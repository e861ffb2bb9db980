package dev.kafkaperfgate.internal.environment;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** A process's CPU affinity list as {@code taskset -c -p} prints it ("0", "0,1", "0-1"). */
public final class Affinity {

    private Affinity() {
    }

    public static String of(long pid) throws Exception {
        Process taskset = new ProcessBuilder("taskset", "-c", "-p", Long.toString(pid)).redirectErrorStream(true).start();
        if (!taskset.waitFor(10, TimeUnit.SECONDS)) {
            taskset.destroyForcibly();
            throw new AssertionError("taskset hung");
        }
        String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        // "pid 1234's current affinity list: 0"
        return output.substring(output.lastIndexOf(':') + 1).trim();
    }
}
