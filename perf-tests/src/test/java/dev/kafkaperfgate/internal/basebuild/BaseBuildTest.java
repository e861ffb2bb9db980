package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.paired.PairedSides;
import dev.kafkaperfgate.internal.paired.PairedUnavailableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code -Dperf.base.ref}: the gate checks the base out and builds it, as {@code gate.sh --base}
 * does, for a team's {@code mvn verify}. A tiny module in a throwaway git repository stands in for
 * the team's: one commit that builds, one that does not.
 */
class BaseBuildTest {

    /** As scripts/gate.sh --base launches the deciding JVM: the head is built too, both sides as the gate's user here. */
    private static final GateWiring HEAD_BUILD = GateWiring.parse(List.of("--head-build"));

    private static final String POM = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.acme</groupId><artifactId>orders-perf</artifactId><version>1</version>
              <properties><maven.compiler.release>17</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
              <build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId><version>3.14.1</version></plugin></plugins></build>
            </project>
            """;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream console = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void buildsTheBaseInAWorktreeAndPointsThePairedRunAtIt(@TempDir Path repo) throws Exception {
        Path module = repo.resolve("orders");
        write(module.resolve("pom.xml"), POM);
        write(module.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id) {}");
        write(module.resolve("perf/publish.yaml"), "name: publish\n");
        String sha = commit(repo, "base");
        write(module.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id, int n) {}");
        String headSha = commit(repo, "head");

        Path worktree;
        try (BaseBuild base = BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, "HEAD~1", GateProperties.SUITE, "pr")), GateWiring.NONE,
                module, console)) {
            PairedSides sides = base.sides();
            assertEquals(sha, sides.baseCommit());
            assertEquals(headSha, base.headCommit(), "the run's commit, unless given, is the head's");
            assertNull(sides.headClasspathFile(), "the head is this JVM's build");
            Path scenarios = sides.baseScenariosDir();
            assertTrue(Files.isRegularFile(scenarios.resolve("publish.yaml")), "the base's own scenario files: " + scenarios);
            String classpath = Files.readString(sides.baseClasspathFile());
            worktree = scenarios.getParent().getParent();
            Path classes = Path.of(classpath.split(":")[1]);
            assertTrue(classes.startsWith(worktree), "the base's classes, not the head's: " + classpath);
            assertTrue(Files.isRegularFile(classes.resolve("com/acme/Order.class")), "the base was compiled: " + classes);
            // A private folder, not the shared temp folder where anyone may plant a .mvn/ above the checkout.
            Path work = worktree.getParent();
            assertFalse(work.startsWith(Path.of(System.getProperty("java.io.tmpdir"))), "not under the shared temp folder: " + work);
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(work)));
        }
        assertFalse(Files.exists(worktree), "the worktree is removed when the run ends");
        assertTrue(printed.toString().contains("against base " + sha.substring(0, 12) + " (HEAD~1)"), printed.toString());
    }

    @Test
    void aBaseThatDoesNotBuildIsNamedAndStoredBaselinesJudgeInsteadWhereTheHeadIsLoadedAlready(@TempDir Path repo) throws Exception {
        String sha = brokenBase(repo);
        try (BaseBuild base = BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, sha)), GateWiring.NONE, repo, console)) {
            PairedUnavailableException e = base.unavailable().orElseThrow();
            assertTrue(e.getMessage().startsWith("the base " + sha.substring(0, 12) + " does not build: "), e.getMessage());
            assertTrue(e.getMessage().contains("Order.java"), "the first error names the file: " + e.getMessage());
            assertFalse(e.baseWithoutGate(), "a broken base is not an adoption: the run is not allowed to pass unjudged");
            assertEquals(PairedRules.Fallback.STORED_HERE, PairedRules.whenBaseCannotBeMeasured(e, base.headInThisJvm()));
        }
    }

    @Test
    void aBaseThatDoesNotBuildIsRefusedWhereTheHeadWouldRunInTheDecidingJvmAndTheHeadIsNeverBuilt(@TempDir Path repo) throws Exception {
        String sha = brokenBase(repo);
        try (BaseBuild base = BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, sha)), HEAD_BUILD,
                repo, console)) {
            PairedUnavailableException e = base.unavailable().orElseThrow();
            assertFalse(base.headInThisJvm());
            assertEquals(PairedRules.Fallback.REFUSED, PairedRules.whenBaseCannotBeMeasured(e, false));
            assertTrue(PairedRules.refusal(e).contains("does not build"), PairedRules.refusal(e));
            assertFalse(printed.toString().contains("building the head"), "nothing of the head ran: " + printed);
            assertFalse(Files.exists(repo.resolve("target/classes")), "the head was not built");
        }
    }

    @Test
    void bothSidesBuiltForTheGateScriptAndAFileTheBaseRunsOnThatChangesDuringTheRunIsRefused(@TempDir Path repo, @TempDir Path results)
            throws Exception {
        write(repo.resolve("pom.xml"), POM);
        write(repo.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id) {}");
        String sha = commit(repo, "base");
        write(repo.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id, int n) {}");

        try (BaseBuild base = BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, sha)), HEAD_BUILD,
                repo, console)) {
            assertTrue(base.unavailable().isEmpty(), printed.toString());
            PairedSides sides = base.sides();
            String head = Files.readString(sides.headClasspathFile());
            assertTrue(Path.of(head.split(":")[1]).startsWith(repo.toRealPath()), "the head is the working tree: " + head);
            assertTrue(printed.toString().contains("building the head (" + repo.toRealPath() + ")"), printed.toString());
            String baseClasses = Files.readString(sides.baseClasspathFile()).split(":")[1];
            assertFalse(Path.of(baseClasses).startsWith(repo.toRealPath()), "the base's classes are the worktree's: " + baseClasses);

            Path summary = Files.writeString(results.resolve("summary.json"), "{}");
            dev.kafkaperfgate.GateResult passed = new dev.kafkaperfgate.GateResult(dev.kafkaperfgate.GateResult.Outcome.PASS, 0, "pass",
                    true, summary, List.of());
            base.checkAfterRun(passed);
            assertTrue(Files.exists(summary), "nothing changed: the summary stands");

            // The head's code, during the run, adds a class to the base's classes.
            Files.writeString(Path.of(baseClasses).resolve("com/acme/Planted.class"), "planted");
            PairedRefusedException refused = assertThrows(PairedRefusedException.class, () -> base.checkAfterRun(passed));
            assertTrue(refused.getMessage().endsWith("Planted.class, which the base or the gate runs on, changed during the run"),
                    refused.getMessage());
            assertFalse(Files.exists(summary), "a refused run's summary does not stand");
            assertTrue(Files.exists(results.resolve("summary.untrusted.json")), "it is moved aside, not lost");
        }
    }

    @Test
    void aBaseWithoutTheModuleIsAnAdoptionAndTheHeadIsBuiltToRunAlone(@TempDir Path repo) throws Exception {
        write(repo.resolve("README.md"), "before the gate\n");
        String sha = commit(repo, "before the gate");
        Path module = repo.resolve("perf");
        write(module.resolve("pom.xml"), POM);
        write(module.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id) {}");

        try (BaseBuild base = BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, sha)), HEAD_BUILD,
                module, console)) {
            PairedUnavailableException e = base.unavailable().orElseThrow();
            assertEquals("the base " + sha.substring(0, 12) + " has no perf/pom.xml", e.getMessage());
            assertTrue(e.baseWithoutGate());
            assertEquals(PairedRules.Fallback.HEAD_ALONE, PairedRules.whenBaseCannotBeMeasured(e, false));
            assertTrue(Files.isRegularFile(module.resolve("target/classes/com/acme/Order.class")),
                    "the head was built, to run alone as its user: " + printed);
            assertThrows(IllegalStateException.class, base::sides, "there is no base to pair the head with");
        }
    }

    /**
     * A base the head does not descend from (a branch that moved on, or a commit a pull request named through files of its
     * own) is refused before anything is checked out or built, naming the merge base to use (issue 81).
     */
    @Test
    void aBaseTheHeadDoesNotDescendFromIsRefusedNamingTheMergeBase(@TempDir Path repo) throws Exception {
        write(repo.resolve("pom.xml"), POM);
        String fork = commit(repo, "where they part");
        git(repo, "checkout", "-q", "-b", "other");
        write(repo.resolve("README.md"), "elsewhere\n");
        String other = commit(repo, "a commit the head never held");
        git(repo, "checkout", "-q", "-");
        write(repo.resolve("NOTES.md"), "the head\n");
        commit(repo, "the head");
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, "other")), GateWiring.NONE, repo, console));
        assertEquals("-Dperf.base.ref=other (" + other.substring(0, 12) + ") is not an ancestor of the head ("
                + git(repo, "rev-parse", "HEAD").trim().substring(0, 12) + "): the head is judged against a commit it descends from, "
                + "such as their merge base: --base " + fork, e.getMessage());
        assertEquals(1, git(repo, "worktree", "list", "--porcelain").lines().filter(line -> line.startsWith("worktree ")).count(),
                "no worktree was made beside the checkout");
    }

    /**
     * The commit a run names (the action's, from the event: the head an accept label was set on) must be the tree measured, or
     * the second parent of the pull request's merge that is checked out; anything else is refused before a build (issue 81).
     */
    @Test
    void aCheckoutThatIsNotTheCommitTheRunNamesIsRefused(@TempDir Path repo) throws Exception {
        write(repo.resolve("pom.xml"), POM);
        String first = commit(repo, "first");
        write(repo.resolve("NOTES.md"), "the head\n");
        String head = commit(repo, "the head");
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> BaseBuild.prepare(GateSettings.of(Map.of(
                GateProperties.BASE_REF, first, GateProperties.RUN_COMMIT, first)), GateWiring.NONE, repo, console));
        assertEquals("the checkout (" + head.substring(0, 12) + ") is neither the commit this run names (" + first.substring(0, 12)
                + ", -Dperf.run.commit) nor a merge of it: what is measured must be that head", e.getMessage());
    }

    /** A repository whose previous commit does not compile and whose head does; the broken commit's SHA. */
    private static String brokenBase(Path repo) throws Exception {
        write(repo.resolve("pom.xml"), POM);
        write(repo.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id {}");
        String sha = commit(repo, "broken base");
        write(repo.resolve("src/main/java/com/acme/Order.java"), "package com.acme; public record Order(String id) {}");
        commit(repo, "fixed head");
        return sha;
    }

    @Test
    void aRefThatIsNotACommitIsTheCallersMistake(@TempDir Path repo) throws Exception {
        write(repo.resolve("pom.xml"), POM);
        commit(repo, "only");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BaseBuild.prepare(GateSettings.of(Map.of(GateProperties.BASE_REF, "origin/mian")), GateWiring.NONE, repo, console));
        assertTrue(e.getMessage().contains("-Dperf.base.ref=origin/mian is not a commit of"), e.getMessage());
        try (var leftovers = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertTrue(leftovers.noneMatch(path -> path.getFileName().toString().startsWith("kpg-paired-")
                    && path.toFile().lastModified() > System.currentTimeMillis() - 5_000), "nothing left behind");
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static String commit(Path repo, String message) throws Exception {
        git(repo, "init", "-q");
        git(repo, "add", "-A");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", message);
        return git(repo, "rev-parse", "HEAD").trim();
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "git " + String.join(" ", args));
        assertEquals(0, process.exitValue(), "git " + String.join(" ", args) + ": " + out);
        return out;
    }
}
