package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import java.util.Arrays;

import dev.kafkaperfgate.internal.environment.ThisJvm;

import dev.kafkaperfgate.internal.environment.SideUsers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM the component stage starts: one side's, to list its components, or a duel's, which holds
 * both sides. Its classpath starts with the gate's own jars (from the deciding JVM,
 * {@link dev.kafkaperfgate.internal.environment.GateCode}), so both sides run the same harness.
 * Every run is bounded; its output goes to a log file named after the owner and the task.
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
        try {
            Files.createDirectories(logs);
            // The log is opened here, by the gate: the JVM writes through the handle it inherits and needs no right to the folder.
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            if (directory != null) {
                builder.directory(directory.toFile());
            }
            process = builder.start();
        } catch (IOException e) {
            throw new ComponentStageException(side(), "the " + owner + "'s JVM cannot start: " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stop(process);
                throw new ComponentStageException(side(), "the " + owner + "'s " + what + " took longer than " + timeout.toSeconds()
                        + " s (log " + log + ")", null);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
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

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** The first line that says what went wrong: an exception or an error. */
    private static String firstProblem(String output) {
        return output.lines().map(String::trim)
                .filter(line -> line.contains("Exception") || line.contains("Error"))
                .findFirst().map(line -> line.length() > 300 ? line.substring(0, 300) : line).orElse("no error line");
    }
}
