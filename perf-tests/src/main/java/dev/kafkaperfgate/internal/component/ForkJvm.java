package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.GateCode;
import org.openjdk.jmh.runner.Runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of one side for the component stage: the gate's own jars first (the benchmark, JMH and
 * its dependencies, from this JVM: {@link GateCode}), then the side's classpath with the team's classes and their
 * libraries. So both sides run the same harness, and only the component and what it uses differ.
 * Every run is bounded; its output goes to a log file named after the side.
 */
final class SideJvm {

    private final Side side;
    private final String classpath;
    private final Path logs;

    SideJvm(Side side, String sideClasspath, Path logs) {
        this.side = side;
        this.classpath = GateCode.first(sideClasspath, Runner.class, joptsimple.OptionParser.class,
                org.apache.commons.math3.stat.descriptive.SummaryStatistics.class);
        this.logs = logs;
    }

    Side side() {
        return side;
    }

    /**
     * Runs {@code mainClass} with {@code args} and returns what it printed.
     *
     * @throws ComponentStageException naming the side, when it fails, or takes longer than {@code timeout};
     *                                 naming no side when another JMH run holds JMH's lock
     */
    /** What JMH prints when another JMH run holds its lock file ({@code java.io.tmpdir}/jmh.lock). */
    private static final String JMH_LOCK_HELD = "Unable to acquire the JMH lock";

    String run(String what, Duration timeout, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m", "-Xmx256m", "-cp", classpath, mainClass));
        command.addAll(args);
        Path log = logs.resolve(side.key() + "-" + what.replaceAll("[^A-Za-z0-9.-]", "_") + ".log");
        Process process;
        try {
            Files.createDirectories(logs);
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new ComponentStageException("the " + side.key() + "'s JVM cannot start: " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new ComponentStageException("the " + side.key() + "'s " + what + " took longer than " + timeout.toSeconds()
                        + " s (log " + log + ")");
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (process.exitValue() != 0 && output.contains(JMH_LOCK_HELD)) {
                // Not the side's fault: another JMH run on this machine holds the lock. Running beside it
                // would disturb both measurements, so nothing is measured, and no side is blamed.
                throw new ComponentStageException("JMH's lock is held by another JMH run on this machine (a second gate run?): "
                        + "benchmarks run beside each other disturb each other, so " + what + " was not measured; run one at a time"
                        + " (log " + log + ")");
            }
            if (process.exitValue() != 0) {
                throw new ComponentStageException("the " + side.key() + "'s " + what + " failed (exit " + process.exitValue() + "): "
                        + firstProblem(output) + " (log " + log + ")");
            }
            return output;
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ComponentStageException("interrupted while the " + side.key() + " measured " + what, e);
        } catch (IOException e) {
            throw new ComponentStageException("the " + side.key() + "'s output cannot be read: " + e.getMessage(), e);
        }
    }

    /** The first line that says what went wrong: an exception, or JMH's own complaint. */
    private static String firstProblem(String output) {
        return output.lines().map(String::trim)
                .filter(line -> line.contains("Exception") || line.contains("Error") || line.startsWith("<failure>"))
                .findFirst().map(line -> line.length() > 300 ? line.substring(0, 300) : line).orElse("no error line");
    }
}
