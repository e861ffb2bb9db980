package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import java.util.Arrays;

import dev.kafkaperfgate.internal.environment.ThisJvm;

import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.environment.GateFiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A JVM the component stage starts: one side's, to list its components, or a duel's, which holds
 * both sides. Its classpath starts with the gate's own jars (from the deciding JVM,
 * {@link dev.kafkaperfgate.internal.environment.GateCode}), so both sides run the same harness.
 * Every run is bounded; its output comes through a pipe into a log file the gate creates new, named
 * after the owner and the task.
 */
final class ForkJvm {

    private final String owner;
    private final String classpath;
    private final List<String> flags;
    private final Path logs;
    private final List<String> prefix;
    private final Path directory;

    /**
     * @param owner whose JVM it is, as messages name it: {@code base}, {@code head} or {@code duel};
     *              a failure message starts "the head's ..." only when the head's code failed
     */
    ForkJvm(String owner, String classpath, List<String> flags, Path logs) {
        this(owner, classpath, flags, logs, SideUsers.none().base());
    }

    /**
     * As above, started as {@code launch} says: as a side's user when it has one. A JVM holding the
     * head's code (the head's, or a duel's, which holds both sides) runs as the head's user.
     */
    ForkJvm(String owner, String classpath, List<String> flags, Path logs, SideUsers.Launch launch) {
        this.owner = owner;
        this.classpath = classpath;
        List<String> all = new ArrayList<>(launch.jvmFlags());
        all.addAll(flags);
        this.flags = List.copyOf(all);
        this.logs = logs;
        this.prefix = launch.commandPrefix();
        this.directory = launch.directory().orElse(null);
    }

    String owner() {
        return owner;
    }

    /** The side this JVM runs the code of; {@code null} for the duel, which holds both. */
    Side side() {
        return Arrays.stream(Side.values()).filter(side -> side.key().equals(owner)).findFirst().orElse(null);
    }

    /** The log file a task of this JVM writes to. */
    Path log(String what) {
        return logs.resolve(owner + "-" + what.replaceAll("[^A-Za-z0-9.-]", "_") + ".log");
    }

    /**
     * Runs {@code mainClass} with {@code args} and returns what it printed.
     *
     * @throws ComponentStageException naming the owner, when it fails or takes longer than {@code timeout}
     */
    String run(String what, Duration timeout, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(prefix);
        command.add(ThisJvm.javaExecutable());
        command.addAll(flags);
        command.addAll(List.of("-cp", classpath, mainClass));
        command.addAll(args);
        Path log = log(what);
        Process process;
        Thread copier;
        try {
            // The child writes to a pipe and the gate copies it into a log it creates new, through no link (issue 58: a
            // committed link in the results folder once took the head's output to files outside it), and caps it.
            OutputStream out = GateFiles.newFile(log);
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            try {
                process = builder.start();
            } catch (IOException e) {
                out.close();
                throw e;
            }
            copier = copy(process.getInputStream(), out, "kpg-" + owner + "-log");
        } catch (GateFiles.UnsafePathException e) {
            throw new ComponentStageException("the gate's log " + log + " cannot be written safely: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new ComponentStageException(side(), "the " + owner + "'s JVM cannot start: " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                copier.join(5_000);
                throw new ComponentStageException(side(), "the " + owner + "'s " + what + " took longer than " + timeout.toSeconds()
                        + " s (log " + log + ")", null);
            }
            copier.join(10_000);
            String output = new String(GateFiles.readFromSide(log, Optional.of(ThisJvm.userName()), LOG_CAP + 1024, "the gate's log"),
                    StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new ComponentStageException(side(), "the " + owner + "'s " + what + " failed (exit " + process.exitValue() + "): "
                        + firstProblem(output) + " (log " + log + ")", null);
            }
            return output;
        } catch (InterruptedException e) {
            stop(process);
            Thread.currentThread().interrupt();
            throw new ComponentStageException("interrupted while the " + owner + " measured " + what, e);
        } catch (IOException e) {
            throw new ComponentStageException(side(), "the " + owner + "'s output cannot be read: " + e.getMessage(), e);
        }
    }

    /** A log holds at most this many bytes of a JVM's output; the rest is read and dropped, so a chatty child cannot fill the disk. */
    static final long LOG_CAP = 8L << 20;

    /** Copies the child's output into its log, up to {@link #LOG_CAP}, then drains the rest. */
    private static Thread copy(InputStream from, OutputStream to, String name) {
        Thread thread = new Thread(() -> {
            try (InputStream in = from; OutputStream out = to) {
                byte[] buffer = new byte[8192];
                long written = 0;
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    int keep = (int) Math.max(0, Math.min(read, LOG_CAP - written));
                    out.write(buffer, 0, keep);
                    if (written < LOG_CAP && written + read > LOG_CAP) {
                        out.write("\n[kafka-perf-gate: the log is cut here, at its cap]\n".getBytes(StandardCharsets.UTF_8));
                    }
                    written += read;
                }
            } catch (IOException e) {
                // The child ended or the log cannot take more: what was copied stays.
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** The first line that says what went wrong: an exception or an error. */
    static String firstProblem(String output) {
        return output.lines().map(String::trim)
                .filter(line -> line.contains("Exception") || line.contains("Error"))
                .findFirst().map(line -> SideOutput.neutral(line.length() > 300 ? line.substring(0, 300) : line)).orElse("no error line");
    }
}
