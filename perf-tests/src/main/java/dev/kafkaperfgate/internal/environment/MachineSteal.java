package dev.kafkaperfgate.internal.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The time the hypervisor gave this machine's CPUs to someone else ("steal", from
 * {@code /proc/stat}), summed over the CPUs: a stall no JVM sees from inside, which moves a
 * window's p99 and throughput alike. Read before and after a paired window, the difference is the
 * window's steal. Linux counts it in ticks of 10 ms (USER_HZ 100), so a window's figure is coarse:
 * 0 says no more than "under 10 ms per CPU".
 */
public final class MachineSteal {

    private static final Path STAT = Path.of("/proc/stat");
    /** Linux's USER_HZ on every architecture the gate runs on. */
    private static final long MILLIS_PER_TICK = 10;

    private MachineSteal() {
    }

    /** Steal so far, milliseconds; empty where the kernel does not say (not Linux, an old kernel, a sandbox hiding /proc). */
    public static OptionalLong millis() {
        // The summary line comes first: read once per window, so only it is read.
        try (java.io.BufferedReader stat = Files.newBufferedReader(STAT)) {
            String first = stat.readLine();
            return first == null ? OptionalLong.empty() : parse(first);
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The steal of {@code /proc/stat}'s summary line ({@code cpu user nice system idle iowait irq softirq steal ...}). */
    static OptionalLong parse(String cpuLine) {
        String[] fields = cpuLine.trim().split("\\s+");
        if (fields.length < 9 || !fields[0].equals("cpu")) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(fields[8]) * MILLIS_PER_TICK);
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
