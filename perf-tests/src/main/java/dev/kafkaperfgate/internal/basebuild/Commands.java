package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.paired.PairedUnavailableException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The commands a paired run's preparation starts (git, Maven, tar), each bounded: one that
 * outlives its time is killed with every process it started.
 */
final class Commands {

    /** What {@link #logged} returns for a command that outlived its time. */
    static final int TIMED_OUT = Integer.MIN_VALUE;

    private Commands() {
    }

    /** A command's standard output when it succeeds within {@code timeout}; empty otherwise. */
    static Optional<String> output(Path dir, Duration timeout, String... command) {
        try {
            Path output = Files.createTempFile("kpg-git-", ".out");
            try {
                int exit = logged(dir, List.of(command), output, timeout, Map.of());
                return exit == 0 ? Optional.of(Files.readString(output, StandardCharsets.UTF_8)) : Optional.empty();
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Runs a command with its output in {@code log}; its exit code, or {@link #TIMED_OUT} (it was killed). */
    static int logged(Path dir, List<String> command, Path log, Duration timeout, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return await(start(builder, command), timeout, command);
    }

    /**
     * Runs {@code from} piped into {@code into} (a tar of a tree into a tar that unpacks it as
     * another user); whether both succeeded within {@code timeout}.
     */
    static boolean piped(Path dir, List<String> from, List<String> into, Duration timeout) {
        List<Process> processes;
        try {
            processes = ProcessBuilder.startPipeline(List.of(
                    new ProcessBuilder(from).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD),
                    new ProcessBuilder(into).directory(dir.toFile()).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)));
        } catch (IOException e) {
            throw new PairedUnavailableException(from.get(0) + " cannot be started: " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean ok = true;
        for (int i = 0; i < processes.size(); i++) {
            long left = Math.max(1, deadline - System.nanoTime());
            int exit = await(processes.get(i), Duration.ofNanos(left), i == 0 ? from : into);
            ok &= exit == 0;
        }
        return ok;
    }

    private static Process start(ProcessBuilder builder, List<String> command) {
        try {
            return builder.start();
        } catch (IOException e) {
            throw new PairedUnavailableException(command.get(0) + " cannot be started: " + e.getMessage(), e);
        }
    }

    private static int await(Process process, Duration timeout, List<String> command) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(process);
                return TIMED_OUT;
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            throw new PairedUnavailableException("interrupted while running " + command.get(0));
        }
    }

    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
