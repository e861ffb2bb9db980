package dev.kafkaperfgate.internal.environment;

import dev.kafkaperfgate.internal.settings.CpuSet;
import java.lang.management.ManagementFactory;
import java.util.List;

/** What the client JVM runs with, recorded in every result so that runs compare like with like. */
public record ClientJvm(String javaVersion, String vmName, List<String> flags, int availableProcessors, String cpuSet) {

    public static ClientJvm current(CpuSet pinnedTo) {
        List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                // Surefire's own bookkeeping flags say nothing about how the JVM performs.
                .filter(flag -> flag.startsWith("-X") || flag.startsWith("-XX:"))
                .toList();
        return new ClientJvm(ThisJvm.javaVersion(), ThisJvm.vmName(), flags,
                Runtime.getRuntime().availableProcessors(), pinnedTo == null ? null : pinnedTo.cpus());
    }
}
