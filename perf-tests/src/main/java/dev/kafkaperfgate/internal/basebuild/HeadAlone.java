package dev.kafkaperfgate.internal.basebuild;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The head measured alone against stored baselines, in a JVM of the head's user, when the pull
 * request adopts the gate (its base has none) and this JVM holds the gate's classes only. Stored
 * mode runs the head's classes in the JVM that judges, so that JVM is the head's: it writes its
 * results in the head's home, and they are copied once every process of the head's user has
 * ended. What it decides is the head's own; an adoption has nothing to judge it against anyway.
 */
final class HeadAlone {

    /**
     * The paired run's sides: the stored run that stands in has no base. (It runs as one user and is
     * given no {@code GateWiring}: the script's wiring is no setting, so it cannot pass on.)
     */
    private HeadAlone() {
    }

    /**
     * Runs the stored gate as the head's user and returns its decision, read from the summary.json
     * it wrote.
     *
     * @param stored        the stored run's settings (the fallback reason and adoption already applied)
     * @param head          how the head's JVMs start
     * @param headClasspath the head's test classpath, behind the gate's own
     * @param directory     the folder the head's JVM starts in (its module)
     * @throws PairedRefusedException when the head's results hold anything but files and folders
     */
    static GateResult run(GateSettings stored, SideUsers.Launch head, String headClasspath, Path directory) {
        Path results = stored.resultsDir().toAbsolutePath();
        // In the head's temp folder: its home is the gate's, read-only to it, once its build has ended.
        Path own = head.user().map(user -> user.tmp().resolve("results")).orElse(results);
        List<String> command = new ArrayList<>(head.commandPrefix());
        command.addAll(List.of(ThisJvm.javaExecutable(), "-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+DisableAttachMechanism",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.log.org.apache.kafka=error",
                "-cp", ThisJvm.classPath() + ":" + headClasspath));
        command.addAll(head.jvmFlags());
        settingsOf(stored, own, head.user().isPresent()).forEach(flag -> command.add(flag));
        command.add("dev.kafkaperfgate.PerfGate");
        int exit = await(command, directory);
        if (!head.endProcesses()) {
            throw new IllegalStateException("processes of the head's user outlived SIGKILL after its own run");
        }
        if (!own.equals(results)) {
            readableToTheGate(head, own);
            copyResults(own, results, head.user().map(user -> user.name()));
        }
        Path summary = results.resolve("summary.json");
        if (!Files.isRegularFile(summary)) {
            String message = "the head's own run against stored baselines wrote no summary.json (exit " + exit + "; see above)";
            if (exit == 2) {
                // The head's own run refused its files or settings: the pull request's input, exit 2.
                throw new dev.kafkaperfgate.internal.environment.SideInputException(message, null);
            }
            throw new IllegalStateException(message);
        }
        return decisionOf(summary);
    }

    /**
     * Makes the head's results readable to this JVM's user, as the head's own user: it owns them,
     * and the gate writes summary.json as 0600. Root reads them anyway; a gate that runs through
     * sudo (GitHub's runners) did not. Run as the head, never as root, so that nothing in the
     * folder (a link, say) can make it change a file the head could not change itself; its
     * processes are ended again after.
     */
    private static void readableToTheGate(SideUsers.Launch head, Path own) {
        if (head.user().isEmpty() || !Files.isDirectory(own, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<String> command = new ArrayList<>(head.commandPrefix());
        command.addAll(List.of("chmod", "-R", "go+rX", "--", own.toString()));
        int exit = await(command, own);
        if (!head.endProcesses()) {
            throw new IllegalStateException("processes of the head's user outlived SIGKILL after its results were opened to the gate");
        }
        if (exit != 0) {
            throw new IllegalStateException("the head's results in " + own + " could not be opened to the gate (chmod exit " + exit + ")");
        }
    }

    /** The stored run's settings as {@code -D} flags: no paired sides; its results in its own home; a broker of its own. */
    static List<String> settingsOf(GateSettings stored, Path results, boolean ownUser) {
        GateSettings own = stored.withoutBase().withResultsDir(results);
        // The head's user has no Docker socket: its broker is a process of its own.
        return (ownUser ? own.withProcessBroker() : own).given().entrySet().stream()
                .map(entry -> "-D" + entry.getKey() + "=" + entry.getValue()).toList();
    }

    private static int await(List<String> command, Path directory) {
        Process process;
        try {
            process = new ProcessBuilder(command).directory(directory.toFile()).inheritIO().start();
        } catch (IOException e) {
            throw new UncheckedIOException("the head's own run cannot be started: " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(Defaults.HEAD_ALONE_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IllegalStateException("the head's own run outlived " + Defaults.HEAD_ALONE_TIMEOUT.toMinutes() + " minutes");
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the head ran alone", e);
        }
    }

    /** Copies the head's results into the gate's folder: files and folders only (a link would make the gate read what it points to). */
    /** What the head's own results may hold: the gate's files for one scenario sweep are a few MiB. */
    static final long RESULTS_CAP_BYTES = 64L << 20;

    /**
     * Copies the head's results into the run's folder, each file read as a file a side wrote (a
     * regular file of the head's user, within {@link #RESULTS_CAP_BYTES} in all) and written new.
     */
    static void copyResults(Path own, Path results, Optional<String> owner) {
        if (!Files.isDirectory(own, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> entries = Files.walk(own)) {
            List<Path> all = entries.toList();
            Optional<Path> odd = all.stream().filter(path -> !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)).findFirst();
            if (odd.isPresent()) {
                throw new PairedRefusedException("the head's results folder holds something other than files and folders ("
                        + own.relativize(odd.get()) + "); nothing of it was read");
            }
            long left = RESULTS_CAP_BYTES;
            for (Path path : all) {
                Path target = results.resolve(own.relativize(path).toString());
                if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                    GateFiles.folder(target);
                } else {
                    byte[] bytes = GateFiles.readFromSide(path, owner, left, "the head's result file");
                    left -= bytes.length;
                    try (OutputStream out = GateFiles.newFile(target)) {
                        out.write(bytes);
                    }
                }
            }
        } catch (GateFiles.UnsafePathException e) {
            throw new PairedRefusedException(e.getMessage() + "; the head's results were not used");
        } catch (IOException e) {
            throw new UncheckedIOException("the head's results cannot be copied from " + own + ": " + e.getMessage(), e);
        }
    }

    /** The decision block of a summary.json, typed; its scenarios stay in the file. */
    static GateResult decisionOf(Path summary) {
        try {
            JsonNode decision = new ObjectMapper().readTree(summary.toFile()).path("decision");
            GateResult.Outcome outcome = GateResult.Outcome.valueOf(decision.path("outcome").asText());
            int exitCode = decision.path("exitCode").asInt(-1);
            if (exitCode != outcome.exitCode() || !decision.path("headline").isTextual() || !decision.path("judged").isBoolean()) {
                throw new IllegalStateException(summary + "'s decision is not one the gate writes: " + decision);
            }
            return new GateResult(outcome, exitCode, decision.path("headline").asText(), decision.path("judged").asBoolean(), summary,
                    List.of());
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException(summary + " has no decision the gate can read: " + e.getMessage(), e);
        }
    }
}
