package dev.kafkaperfgate.internal.component.duel;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * One measured batch of a duel, and what a side's batches did besides the measuring thread's own
 * work: the figures that tell whether a component's cost stays inside its call (issue 72). A
 * component that hands its work to a thread of its own, sleeps, or blocks shows it here, where
 * the call's own CPU time cannot.
 */
final class SideWork {

    /** Per batch, after the three per-call figures: its calls, and other threads' CPU ns and allocated bytes. */
    private static final int CALLS = 3;
    private static final int OTHER_CPU = 4;
    private static final int OTHER_BYTES = 5;

    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private SideWork() {
    }

    /**
     * One batch of {@code calls} on a copy: CPU ns, wall ns and bytes allocated per call, by the
     * measuring thread ({@link ComponentDuel#FIGURES}); then what the rest of the JVM did meanwhile.
     */
    static double[] batch(String side, ClassLoader loader, IntUnaryOperator loop, int calls, com.sun.management.ThreadMXBean threads) {
        ComponentDuel.enter(side);
        Thread.currentThread().setContextClassLoader(loader);
        long othersAllocated = othersAllocated(threads);
        long process = PROCESS.getProcessCpuTime();
        long allocated = threads.getCurrentThreadAllocatedBytes();
        long cpu = threads.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        loop.applyAsInt(calls);
        long wallEnd = System.nanoTime();
        long cpuEnd = threads.getCurrentThreadCpuTime();
        long allocatedEnd = threads.getCurrentThreadAllocatedBytes();
        long processEnd = PROCESS.getProcessCpuTime();
        long othersAllocatedEnd = othersAllocated(threads);
        ComponentDuel.leave();
        return new double[] {(cpuEnd - cpu) / (double) calls, (wallEnd - wall) / (double) calls, (allocatedEnd - allocated) / (double) calls,
                calls, Math.max(0, (processEnd - process) - (cpuEnd - cpu)), Math.max(0, othersAllocatedEnd - othersAllocated)};
    }

    /** What every live thread but this one has allocated; a thread that ended since takes its bytes with it. */
    private static long othersAllocated(com.sun.management.ThreadMXBean threads) {
        long self = Thread.currentThread().getId();
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        long sum = 0;
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != self && bytes[i] > 0) {
                sum += bytes[i];
            }
        }
        return sum;
    }

    /**
     * Writes what a side's copies did besides the measuring thread's work over the measured rounds,
     * and what they returned: {@code outside.<side>.cpuNsPerOp} (CPU of every other thread while the
     * side's batches ran, per call), {@code .bytesPerOp} (what other threads allocated),
     * {@code .threadsStarted} (while any of its code ran, from opening to closing: {@code started}), {@code .offCpuNsPerOp} (the measuring thread's wall time less its CPU
     * time, the median batch: sleeping or blocked), and {@code outputs.<side>}: one digest when every
     * copy returned the same for every record before and after its calls, otherwise {@code varies}.
     */
    static void write(Properties answer, String side, List<double[]> batches, List<String> outputs, long started) {
        double calls = 0;
        double otherCpu = 0;
        double otherBytes = 0;
        List<Double> offCpu = new ArrayList<>();
        for (double[] batch : batches) {
            calls += batch[CALLS];
            otherCpu += batch[OTHER_CPU];
            otherBytes += batch[OTHER_BYTES];
            offCpu.add(batch[1] - batch[0]);
        }
        String prefix = "outside." + side + ".";
        answer.setProperty(prefix + "cpuNsPerOp", String.format(Locale.ROOT, "%.3f", otherCpu / Math.max(1, calls)));
        answer.setProperty(prefix + "bytesPerOp", String.format(Locale.ROOT, "%.3f", otherBytes / Math.max(1, calls)));
        answer.setProperty(prefix + "threadsStarted", Long.toString(started));
        answer.setProperty(prefix + "offCpuNsPerOp", String.format(Locale.ROOT, "%.3f", Math.max(0, median(offCpu))));
        Set<String> distinct = new TreeSet<>(outputs);
        answer.setProperty("outputs." + side, distinct.size() == 1 ? distinct.iterator().next() : "varies");
    }

    private static double median(List<Double> values) {
        if (values.isEmpty()) {
            return 0;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
