package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.environment.Git;
import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.paired.PairedSides;
import dev.kafkaperfgate.internal.paired.PairedUnavailableException;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The two sides of {@code -Dperf.base.ref}, made ready to be measured: the base checked out in a
 * git worktree in a private folder and built, the head built too when this JVM does not hold its
 * classes, and both sides handed to the paired run typed ({@link #sides}). One path for {@code scripts/gate.sh
 * --base} (its deciding JVM runs on the gate's classes only, each side builds as a user of its
 * own, on a copy of its tree) and for {@code PerfGateSuite}'s paired mode (the head is the build
 * the suite runs in). The module is the working directory; in the base it is at the same path.
 *
 * <p>In the order that keeps the head's code away from what judges it: both trees are copied for
 * their users before anything of either side runs; the base is built first, and every file the
 * base and the gate run on is fingerprinted ({@link TrustedFiles}) before the head's build runs;
 * a head whose build changed one is refused, and so is one whose code changed one during the run
 * ({@link #checkAfterRun}). Each side's tree and Maven repository are its user's to write only until
 * its build ends ({@code SideUsers.Launch#freeze}), and the head's files are digested then and
 * again after the run: a head whose code changed its own classes is refused, never "unchanged".
 * A base that cannot be measured is {@link #unavailable()}; what stands in
 * is {@link PairedRules}'. Every command is bounded; {@link #close} removes the worktree.
 */
public final class BaseBuild implements AutoCloseable {

    private final Path top;
    private final Path work;
    private final boolean ownWork;
    private final SideUsers users;
    private final boolean headInThisJvm;
    private final boolean headBuild;
    private final GateSettings settings;
    private PairedUnavailableException unavailable;
    private TrustedFiles trusted;
    /** The head's own files (its classpath and its tree) as its build left them: what its workers must run on. */
    private TrustedFiles headFiles;
    private String headClasspath;
    private Path headModule;
    /** The module as the gate was given it (the pull request's checkout): never read by the head's JVMs. */
    private Path module;
    private String headCommit;
    private Path headScenarios;
    private PairedSides sides;

    private BaseBuild(Path top, Path work, boolean ownWork, GateSettings settings, GateWiring wiring) {
        this.top = top;
        this.work = work;
        this.ownWork = ownWork;
        this.settings = settings;
        this.users = wiring.users();
        this.headBuild = wiring.headBuild();
        this.headInThisJvm = !headBuild && settings.paired().headClasspathFile() == null;
    }

    /** Whether the settings ask the gate to build the base itself. */
    public static boolean requested(GateSettings settings) {
        return settings.paired().baseRef() != null && settings.paired().baseClasspathFile() == null;
    }

    /**
     * Checks out and builds the base (and the head, when asked); the returned build's
     * {@link #sides} say where both sides' classpaths and scenario files are. A base that cannot be
     * measured does not throw: see {@link #unavailable()}.
     *
     * @throws IllegalArgumentException when the ref is not a commit, or the module is in no git checkout
     * @throws PairedRefusedException   when the base does not build and nothing may stand in, or the
     *                                  head's build changed a file the base or the gate runs on
     * @throws IllegalStateException    when the head does not build, or git or the work folder failed
     */
    public static BaseBuild prepare(GateSettings settings, GateWiring wiring, Path module, PrintStream console) {
        String ref = settings.paired().baseRef();
        Path top = Git.top(module).orElseThrow(() -> new InvalidSettingException("-D" + GateProperties.BASE_REF
                + " needs a git checkout, and " + module + " is not in one"));
        String sha = Git.output(top, Defaults.GIT_TIMEOUT, "rev-parse", "--verify", "--quiet", ref + "^{commit}")
                .map(String::trim).orElseThrow(() -> new InvalidSettingException("-D" + GateProperties.BASE_REF + "=" + ref
                        + " is not a commit of " + top + " (fetch it first, e.g. git fetch origin main; in Actions: fetch-depth: 0)"));
        String headSha = Git.output(top, Defaults.GIT_TIMEOUT, "rev-parse", "HEAD").map(String::trim).orElse("unknown");
        if (Git.output(top, Defaults.GIT_TIMEOUT, "merge-base", "--is-ancestor", sha, "HEAD").isEmpty()) {
            // A base the head does not descend from measures the head against code it never held (issue 81).
            String mergeBase = Git.output(top, Defaults.GIT_TIMEOUT, "merge-base", sha, "HEAD").map(String::trim).orElse("");
            throw new InvalidSettingException("-D" + GateProperties.BASE_REF + "=" + ref + " (" + shortSha(sha) + ") is not an ancestor"
                    + " of the head (" + shortSha(headSha) + "): the head is judged against a commit it descends from"
                    + (mergeBase.isEmpty() ? "; the two share no history" : ", such as their merge base: --base " + mergeBase));
        }
        String named = settings.runCommit();
        if (named != null && named.matches("[0-9a-f]{40}|[0-9a-f]{64}") && !named.equals(headSha)
                && !named.equals(Git.output(top, Defaults.GIT_TIMEOUT, "rev-parse", "--verify", "--quiet", "HEAD^2").map(String::trim).orElse(""))) {
            // The head an accept label was set on is this commit: the tree measured must be it, or a pull request's merge of it (issue 81).
            throw new InvalidSettingException("the checkout (" + shortSha(headSha) + ") is neither the commit this run names ("
                    + shortSha(named) + ", -D" + GateProperties.RUN_COMMIT + ") nor a merge of it: what is measured must be that head");
        }
        BaseBuild build = new BaseBuild(top, workFolder(wiring), wiring.work() == null, settings, wiring);
        console.println("[kafka-perf-gate] paired mode: head " + shortSha(headSha) + " against base " + shortSha(sha) + " (" + ref + ")");
        try {
            build.prepare(module, sha, headSha, console);
            return build;
        } catch (RuntimeException e) {
            build.close();
            throw e;
        }
    }

    private void prepare(Path module, String sha, String headSha, PrintStream console) {
        headCommit = headSha;
        this.module = module.toAbsolutePath().normalize();
        Path checkout = work.resolve("base");
        if (Git.output(top, Defaults.GIT_TIMEOUT, "worktree", "add", "--detach", "--quiet", checkout.toString(), sha)
                .isEmpty()) {
            throw new IllegalStateException("could not check out the base " + shortSha(sha) + " in a worktree");
        }
        ModulePlacement placement = ModulePlacement.of(top, module);
        Path baseTop = checkout;
        Path headTop = top;
        if (users.separate()) {
            // Both copies before anything of either side runs: neither can reach the other's.
            baseTop = SideBuild.copyTree(checkout, users.base());
            if (headBuild) {
                headTop = SideBuild.copyTree(top, users.head());
            }
        }
        Path baseModule = placement.moduleIn(baseTop);
        headModule = placement.moduleIn(headTop);
        Path baseClasspathFile = null;
        Path headClasspathFile = null;
        List<String> trustedClasspaths = new ArrayList<>();
        if (!headInThisJvm) {
            trustedClasspaths.add(ThisJvm.classPath());
        }
        if (!Files.isRegularFile(baseModule.resolve("pom.xml"))) {
            unavailable = new PairedUnavailableException("the base " + shortSha(sha) + " has no " + placement.fromTop().resolve("pom.xml"),
                    null, true);
        } else {
            try {
                Path classpathFile = work.resolve("base-classpath.txt");
                trustedClasspaths.add(SideBuild.classpath("base", users.base(), baseTop, placement, classpathFile,
                        work.resolve("base-build.log"), console));
                baseClasspathFile = classpathFile;
            } catch (SideBuild.FailedException e) {
                unavailable = new PairedUnavailableException(e.getMessage().replaceFirst("^the base", "the base " + shortSha(sha)));
                if (PairedRules.whenBaseCannotBeMeasured(unavailable, headInThisJvm) == PairedRules.Fallback.REFUSED) {
                    // Nothing of the head runs: it could not be judged anyway.
                    return;
                }
            }
        }
        if (!headInThisJvm) {
            trusted = TrustedFiles.of(trustedClasspaths);
        }
        if (headBuild) {
            Path log = work.resolve("head-build.log");
            try {
                Path classpathFile = work.resolve("head-classpath.txt");
                headClasspath = SideBuild.classpath("head", users.head(), headTop, placement, classpathFile, log, console);
                headClasspathFile = classpathFile;
                // Its copy's whole tree too (scenarios, config files); in place (no users of its own) the results may land in it.
                headFiles = TrustedFiles.of(headTop.equals(top) ? List.of(headClasspath) : List.of(headClasspath, headTop.toString()));
            } catch (SideBuild.FailedException e) {
                console.println("[kafka-perf-gate] the head does not build; the last lines of the build:");
                SideBuild.lastLines(log, 20).forEach(line -> console.println("  " + SideOutput.neutral(line)));
                throw new IllegalStateException(e.getMessage());
            }
        } else if (settings.paired().headClasspathFile() != null) {
            headClasspathFile = settings.paired().headClasspathFile();
            headClasspath = readClasspath(headClasspathFile);
        }
        if (trusted != null) {
            PairedRules.changed(trusted, trusted.again(), true).ifPresent(refusal -> {
                throw refusal;
            });
        }
        Path scenarios = settings.scenariosDir();
        // The head's worker reads the head's scenarios from its own copy; the base's, from the base's.
        headScenarios = scenarios.isAbsolute() ? scenarios : headModule.resolve(scenarios.toString());
        if (baseClasspathFile != null) {
            sides = new PairedSides(baseClasspathFile, headClasspathFile,
                    scenarios.isAbsolute() ? scenarios : baseModule.resolve(scenarios.toString()), headScenarios, sha);
        }
    }

    /** The private folder the base is checked out in: the one scripts/gate.sh made, else one of the gate's own. */
    private static Path workFolder(GateWiring wiring) {
        if (wiring.work() != null) {
            return wiring.work();
        }
        try {
            return Files.createTempDirectory(privateParent(), "kpg-paired-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the base's worktree folder: " + e.getMessage(), e);
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

    private static String readClasspath(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new InvalidSettingException("-D" + GateProperties.HEAD_CLASSPATH_FILE + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static String shortSha(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }

    /**
     * Where both sides' classpaths and scenario files are, for {@code PairedMode.open}.
     *
     * @throws IllegalStateException when the base cannot be measured ({@link #unavailable()})
     */
    public PairedSides sides() {
        if (sides == null) {
            throw new IllegalStateException("the base cannot be measured: " + unavailable().map(Exception::getMessage).orElse("not built"));
        }
        return sides;
    }

    /** The head's commit, for the run's provenance; {@code "unknown"} when git does not say. */
    public String headCommit() {
        return headCommit;
    }

    /** Why the base cannot be measured (it has no such module, or does not build); empty when it can. */
    public Optional<PairedUnavailableException> unavailable() {
        return Optional.ofNullable(unavailable);
    }

    /** Whether this JVM holds the head's classes (the suite's paired mode), or only the gate's. */
    public boolean headInThisJvm() {
        return headInThisJvm;
    }

    /**
     * The head measured alone against stored baselines, as its own user ({@link PairedRules.Fallback#HEAD_ALONE}).
     *
     * @param stored the stored run's settings ({@link PairedRules#storedInstead})
     */
    public GateResult headAlone(GateSettings stored) {
        if (headClasspath == null) {
            throw new IllegalStateException("the head was not built, so it cannot run alone");
        }
        Path directory = headModule;
        GateSettings own = stored.withScenariosDir(headScenarios);
        // The head's baselines from its own copy, where the gate named them in the module (GateSession resolved them there).
        Path baselines = stored.baselinesDir().toAbsolutePath().normalize();
        if (module != null && baselines.startsWith(module) && !module.equals(headModule)) {
            own = own.withBaselinesDir(headModule.resolve(module.relativize(baselines).toString()));
        }
        return HeadAlone.run(own, users.head(), headClasspath, directory);
    }

    /**
     * After the run, before its result is believed: every process of the sides' users is ended,
     * and the files the base and the gate run on are checked once more (the head's code ran
     * meanwhile). When one changed, the run's summary.json is moved aside (to
     * {@code summary.untrusted.json}) and the run refused.
     *
     * @throws PairedRefusedException when a file changed, or a side's processes outlived SIGKILL
     */
    public void checkAfterRun(GateResult result) {
        if (!users.base().endProcesses() || !users.head().endProcesses()) {
            setAside(result);
            throw new PairedRefusedException("processes of the sides' users outlived SIGKILL after the run");
        }
        Optional<Path> headChange = headFiles == null ? Optional.empty() : headFiles.firstChangeIn(headFiles.again());
        if (headChange.isPresent()) {
            setAside(result);
            throw new PairedRefusedException("the head's " + headChange.get() + " changed after its build: what was measured is not "
                    + "what was built and digested");
        }
        if (trusted == null) {
            return;
        }
        Optional<PairedRefusedException> refusal = PairedRules.changed(trusted, trusted.again(), false);
        if (refusal.isPresent()) {
            setAside(result);
            throw refusal.get();
        }
    }

    private static void setAside(GateResult result) {
        Path summary = result.summaryFile();
        if (summary != null && Files.isRegularFile(summary)) {
            try {
                Files.move(summary, summary.resolveSibling("summary.untrusted.json"), StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException("a refused run's summary.json cannot be moved aside: " + e.getMessage(), e);
            }
        }
    }

    /** Removes the worktree, and the work folder when the gate made it. */
    @Override
    public void close() {
        Git.output(top, Defaults.GIT_TIMEOUT, "worktree", "remove", "--force", work.resolve("base").toString());
        if (ownWork) {
            try (Stream<Path> paths = Files.walk(work)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                // Best effort: the folder is private and named after this run.
            }
        }
        Git.output(top, Defaults.GIT_TIMEOUT, "worktree", "prune");
    }
}
