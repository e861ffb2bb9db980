package dev.kafkaperfgate.internal.baseline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Fail closed on a baseline the pull request deleted: a scenario that has a baseline file at the
 * base commit but none in the head would otherwise be judged NEW and pass, whatever it measures.
 * Asked of git once per run ({@code git ls-tree} of the machine class's folder at the base), with
 * a bounded wait; when git cannot answer, the run is not judged either, since the check it asked
 * for could not be made.
 *
 * <pre>{@code
 * DeletedBaselines.check(store, List.of("orders-publish"), "1a2b3c4");   // throws BaselineException naming the file
 * }</pre>
 */
public final class DeletedBaselines {

    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);

    private DeletedBaselines() {
    }

    /**
     * @param store     the head's baselines, already loaded
     * @param scenarios the scenarios the run selected
     * @param baseRef   the commit the pull request is judged against (e.g. the merge base)
     * @throws BaselineException naming each scenario whose baseline exists at {@code baseRef} but not here, or why git could not tell
     */
    public static void check(BaselineStore store, Collection<String> scenarios, String baseRef) {
        List<String> missing = scenarios.stream().filter(scenario -> store.get(scenario).isEmpty()).toList();
        if (missing.isEmpty()) {
            return;
        }
        Path classDir = store.classDir().toAbsolutePath().normalize();
        // The checkout's top, found from the nearest folder that exists (the class folder may be gone with its files), by its
        // .git: git's discovery in a folder the pull request filled could answer from a repository it committed (issue 81).
        Path cwd = classDir;
        while (cwd != null && !Files.isDirectory(cwd)) {
            cwd = cwd.getParent();
        }
        if (cwd == null) {
            throw new BaselineException(List.of(classDir + ": no folder of it exists to ask git about " + baseRef));
        }
        Path existing = cwd;
        // Along the path as given: a folder on the way that is a link (to a folder the base lacks) finds no checkout.
        Path top = dev.kafkaperfgate.internal.environment.Git.top(existing).orElseThrow(() -> new BaselineException(List.of(existing
                + " is in no git checkout the gate takes (or in a submodule, or behind a link): cannot tell whether the base " + baseRef
                + " has baselines the head deleted")));
        String relative = top.relativize(classDir).toString();
        String prefix = relative.isEmpty() ? "" : relative + "/";
        // Paths relative to the checkout's top, where git runs; a folder the base does not have lists nothing.
        // NUL-separated: a name git would otherwise quote (a folder named café) matches as it is.
        String atBase = git(top, baseRef, "ls-tree", "-z", "--name-only", baseRef, "--", prefix.isEmpty() ? "./" : prefix);
        List<String> problems = new ArrayList<>();
        for (String scenario : missing) {
            String file = prefix + scenario + ".json";
            if (java.util.Arrays.asList(atBase.split("\0")).contains(file)) {
                problems.add(classDir.resolve(scenario + ".json") + ": deleted: the base (" + baseRef + ") has this baseline and the head does not, so "
                        + scenario + " would pass as NEW whatever it measures; restore the file, or delete it on the base branch first");
            }
        }
        if (!problems.isEmpty()) {
            throw new BaselineException(problems);
        }
    }

    /** The command's output, when it succeeds in time. */
    private static String git(Path cwd, String baseRef, String... arguments) {
        Path output = null;
        Path warnings = null;
        List<String> command = dev.kafkaperfgate.internal.environment.Git.command(cwd, arguments);
        try {
            output = Files.createTempFile("kpg-git-", ".out");
            warnings = Files.createTempFile("kpg-git-", ".err");
            // git's warnings apart from the names: one glued to the first name would hide that baseline's deletion.
            ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile())
                    .redirectOutput(output.toFile()).redirectError(warnings.toFile());
            dev.kafkaperfgate.internal.environment.Git.environment(builder.environment(), cwd);
            Process process = builder.start();
            if (!process.waitFor(GIT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new BaselineException(List.of("git did not answer within " + GIT_TIMEOUT.toSeconds()
                        + " s whether the base " + baseRef + " has baselines the head deleted"));
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() == 0) {
                return text;
            }
            throw new BaselineException(List.of("cannot tell whether the base " + baseRef + " has baselines the head deleted: "
                    + String.join(" ", command) + " in " + cwd + ": " + Files.readString(warnings, StandardCharsets.UTF_8).strip().lines()
                    .findFirst().orElse("exit " + process.exitValue())));
        } catch (IOException e) {
            throw new BaselineException(List.of("cannot tell whether the base " + baseRef + " has baselines the head deleted: " + e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BaselineException(List.of("interrupted while asking git about the base " + baseRef));
        } finally {
            if (output != null) {
                output.toFile().delete();
            }
            if (warnings != null) {
                warnings.toFile().delete();
            }
        }
    }
}
