package dev.kafkaperfgate.internal.environment;

import dev.kafkaperfgate.internal.settings.CpuSet;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The broker on some CPUs, the clients on the others: the split paired mode pins by default.
 *
 * <p>Why: on a 2-core machine the broker and an unthrottled producer fight over both cores, and
 * where the scheduler puts them changes from trial to trial. Measured here (A/A, the PR suite's
 * unthrottled producer, 8 blocks of 3 s, an idle 2-core machine), unthrottled throughput's
 * block-to-block SD was 7-12% unpinned and 1.5-3.3% pinned (2.5% with a one-core busy loop beside it).
 *
 * <pre>{@code
 * CpuSplit.halvesOf(CpuSplit.allowedCpus())          // [0, 1] -> broker 0, clients 1; [0..3] -> 0-1 and 2-3
 *         .ifPresent(split -> pin(split.broker(), split.clients()));
 * }</pre>
 *
 * @param broker  the first half of the CPUs (rounded down, at least one)
 * @param clients the rest
 */
public record CpuSplit(CpuSet broker, CpuSet clients) {

    /** Where Linux says which CPUs this process may run on. */
    private static final Path STATUS = Path.of("/proc/self/status");

    /** The two halves of {@code cpus} (in the order given), or empty when there are fewer than two. */
    public static Optional<CpuSplit> halvesOf(List<Integer> cpus) {
        if (cpus.size() < 2) {
            return Optional.empty();
        }
        int half = cpus.size() / 2;
        return Optional.of(new CpuSplit(list(cpus.subList(0, half)), list(cpus.subList(half, cpus.size()))));
    }

    /** The CPUs this process may run on, from /proc/self/status; empty where that cannot be read (not Linux). */
    public static List<Integer> allowedCpus() {
        try {
            return Files.readAllLines(STATUS, StandardCharsets.UTF_8).stream()
                    .filter(line -> line.startsWith("Cpus_allowed_list:"))
                    .findFirst()
                    .map(line -> parseList(line.substring(line.indexOf(':') + 1).trim()))
                    .orElse(List.of());
        } catch (IOException e) {
            return List.of();
        }
    }

    /** "0-3,8" as the kernel writes it: [0, 1, 2, 3, 8]. */
    static List<Integer> parseList(String text) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0]);
            int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
            for (int cpu = from; cpu <= to; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    private static CpuSet list(List<Integer> cpus) {
        return new CpuSet(cpus.stream().map(String::valueOf).collect(Collectors.joining(",")));
    }
}
