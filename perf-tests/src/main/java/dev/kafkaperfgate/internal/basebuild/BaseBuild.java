package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.paired.PairedUnavailableException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The base of {@code -Dperf.base.ref}: checked out in a git worktree in a private folder (0700,
 * under RUNNER_TEMP or ~/.cache/kafka-perf-gate),
 * its test classpath built with Maven, and the settings a paired run needs pointed at it. What
 * {@code scripts/gate.sh --base} does in shell, for a team's {@code mvn verify}. The module is the
 * working directory (Surefire runs there); in the base it is at the same path. Every command is
 * bounded; {@link #close} removes the worktree.
 *
 * <p>A base that has no such module, or does not build, cannot be measured: that is a
 * {@link PairedUnavailableException}, and stored baselines judge instead, saying why. A ref that is
 * not a commit is the caller's mistake: an {@link IllegalArgumentException}.
 */
public final class BaseBuild implements AutoCloseable {

    private final Path top;
    private final Path work;
    private final GateSettings settings;

    private BaseBuild(Path top, Path work, GateSettings settings) {
        this.top = top;
        this.work = work;
        this.settings = settings;
    }

    /** Whether the settings ask the gate to build the base itself. */
    public static boolean requested(GateSettings settings) {
        return settings.paired().baseRef() != null && settings.paired().baseClasspathFile() == null;
    }

    /**
     * Checks out and builds the base; the returned build's {@link #settings} are {@code settings}
     * with the base's classpath file, scenario directory and commit added.
     */
    public static BaseBuild prepare(GateSettings settings, Path module, PrintStream console) {
        String ref = settings.paired().baseRef();
        Path top = Path.of(run(module, "git", "rev-parse", "--show-toplevel").orElseThrow(() -> new IllegalArgumentException(
                "-D" + GateProperties.BASE_REF + " needs a git checkout, and " + module + " is not in one")).trim());
        String sha = run(top, "git", "rev-parse", "--verify", "--quiet", ref + "^{commit}").map(String::trim)
                .orElseThrow(() -> new IllegalArgumentException("-D" + GateProperties.BASE_REF + "=" + ref + " is not a commit of " + top
                        + " (fetch it first, e.g. git fetch origin main)"));
        String shortSha = sha.substring(0, 12);
        Path work;
        try {
            work = Files.createTempDirectory(privateParent(), "kpg-paired-");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot create the base's worktree folder: " + e.getMessage(), e);
        }
        console.println("[kafka-perf-gate] paired mode: this build against base " + shortSha + " (" + ref + ")");
        BaseBuild build = new BaseBuild(top, work, settings);
        try {
            Path checkout = work.resolve("base");
            run(top, "git", "worktree", "add", "--detach", "--quiet", checkout.toString(), sha).orElseThrow(() ->
                    new PairedUnavailableException("could not check out the base " + shortSha + " in a worktree"));
            Path rel = relative(top, module);
            Path baseModule = checkout.resolve(rel.toString());
            if (!Files.isRegularFile(baseModule.resolve("pom.xml"))) {
                throw new PairedUnavailableException("the base " + shortSha + " has no " + rel.resolve("pom.xml"), null, true);
            }
            Path classpath = work.resolve("base-classpath.txt");
            buildClasspath(checkout, baseModule, classpath, work.resolve("base-build.log"), shortSha, console);
            Path scenarios = settings.scenariosDir();
            Map<String, String> paired = new HashMap<>();
            paired.put(GateProperties.BASE_REF, null);
            paired.put(GateProperties.BASE_CLASSPATH_FILE, classpath.toString());
            paired.put(GateProperties.BASE_SCENARIOS_DIR, scenarios.isAbsolute() ? scenarios.toString()
                    : baseModule.resolve(scenarios).toString());
            paired.put(GateProperties.BASE_COMMIT, sha);
            return new BaseBuild(top, work, settings.with(paired));
        } catch (RuntimeException e) {
            build.close();
            throw e;
        }
    }

    /**
     * Where the base is checked out: the runner's own temp folder (Actions sets RUNNER_TEMP), else
     * the user's cache, as scripts/gate.sh does; never the shared /tmp, where anyone may plant a
     * folder (a .mvn/ above the checkout, say) before the gate runs.
     */
    private static Path privateParent() throws IOException {
        String runnerTemp = System.getenv("RUNNER_TEMP");
        Path parent = runnerTemp != null && !runnerTemp.isBlank() ? Path.of(runnerTemp)
                : ThisJvm.userHome().resolve(".cache").resolve("kafka-perf-gate");
        Files.createDirectories(parent);
        return parent;
    }

    private static Path relative(Path top, Path module) {
        try {
            return top.toRealPath().relativize(module.toRealPath());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot resolve the module " + module + " in " + top + ": " + e.getMessage(), e);
        }
    }

    /** The settings of the paired run: the caller's, with the base's classpath file, scenario directory and commit. */
    public GateSettings settings() {
        return settings;
    }

    private static void buildClasspath(Path checkout, Path module, Path out, Path log, String shortSha, PrintStream console) {
        Path deps = Path.of(out + ".deps");
        console.println("[kafka-perf-gate] building the base " + shortSha + " (" + module + "; log " + log + ")");
        List<String> command = List.of("mvn", "-B", "-q", "-f", module.resolve("pom.xml").toString(), "-DskipTests", "package",
                "dependency:build-classpath", "-Dmdep.outputFile=" + deps, "-Dmdep.includeScope=test");
        // .mvn/ from the base's own checkout only: without MAVEN_BASEDIR, mvn searches every parent folder for one.
        int exit = runLogged(module, command, log, Defaults.BASE_BUILD_TIMEOUT, Map.of("MAVEN_BASEDIR", checkout.toString()));
        if (exit != 0 || !Files.isRegularFile(deps)) {
            throw new PairedUnavailableException("the base " + shortSha + " does not build" + (exit == Integer.MIN_VALUE
                    ? " within " + Defaults.BASE_BUILD_TIMEOUT.toMinutes() + " minutes" : ": " + firstError(log)));
        }
        try {
            String classpath = module.resolve("target/test-classes") + ":" + module.resolve("target/classes") + ":"
                    + Files.readString(deps, StandardCharsets.UTF_8).trim();
            Files.writeString(out, classpath, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PairedUnavailableException("the base's classpath cannot be written: " + e.getMessage(), e);
        }
    }

    private static String firstError(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            // The first error that says something: Maven's "COMPILATION ERROR :" header names nothing.
            return lines.map(line -> line.replaceAll("\u001B\\[[0-9;]*m", "").trim())
                    .filter(line -> (line.contains("ERROR") || line.contains("FAIL")) && !line.endsWith("ERROR :"))
                    .findFirst().map(line -> line.length() > 200 ? line.substring(0, 200) : line).orElse("see " + log);
        } catch (IOException | java.io.UncheckedIOException e) {
            return "see " + log;
        }
    }

    /** A git command's standard output when it succeeds in time; empty otherwise. */
    private static java.util.Optional<String> run(Path dir, String... command) {
        try {
            Path output = Files.createTempFile("kpg-git-", ".out");
            try {
                int exit = runLogged(dir, List.of(command), output, Defaults.GIT_TIMEOUT, Map.of());
                return exit == 0 ? java.util.Optional.of(Files.readString(output, StandardCharsets.UTF_8))
                        : java.util.Optional.empty();
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    /** Runs a command with its output in {@code log}; its exit code, or {@link Integer#MIN_VALUE} when it timed out (and was killed). */
    private static int runLogged(Path dir, List<String> command, Path log, Duration timeout, Map<String, String> environment) {
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new PairedUnavailableException(command.get(0) + " cannot be started: " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                return Integer.MIN_VALUE;
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new PairedUnavailableException("interrupted while running " + command.get(0));
        }
    }

    /** Removes the worktree and its folder. */
    @Override
    public void close() {
        run(top, "git", "worktree", "remove", "--force", work.resolve("base").toString());
        try (Stream<Path> paths = Files.walk(work)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // Best effort: the folder is private and named after this run.
        }
        run(top, "git", "worktree", "prune");
    }
}
