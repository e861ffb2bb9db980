package dev.kafkaperfgate.internal.environment;

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
 * git on the checkout the gate found, and on nothing else (issue 81). The checkout's top is the
 * nearest folder at or above the module that holds {@code .git}: a checkout makes it, and no
 * commit can hold that name (git refuses it in a tree). git's own discovery would also take a
 * folder of committed files shaped as a repository ({@code HEAD}, {@code config} with a
 * {@code worktree}, {@code refs/remotes/origin/main}, alternates to the real objects) for one, and
 * a pull request could name its own base that way. So every command names the repository
 * ({@code GIT_DIR}, {@code GIT_WORK_TREE}), reads no system or global config and none of git's
 * variables from the environment, runs no hook and no fsmonitor, and takes no bare repository
 * implicitly. scripts/gate-git.sh does the same for the shell's git commands ({@code gate_git}), and
 * {@code EventMode}, compiled alone, for the merge base.
 */
public final class Git {

    private Git() {
    }

    /**
     * The top of the checkout {@code dir} is in, found by {@code .git} along the path as given, never by git's
     * discovery; empty when there is none, when a folder on the way up is a link (a pull request can commit one, to a
     * folder the base lacks or to another checkout on the machine), or when the nearest {@code .git} is a submodule's (a
     * pull request can make a module's folder a submodule of a repository of its own). A linked worktree's {@code .git},
     * which points into {@code .git/worktrees/}, is a checkout's. scripts/gate-git.sh's {@code gate_git_top} is the same rule.
     */
    public static Optional<Path> top(Path dir) {
        for (Path folder = dir.toAbsolutePath().normalize(); folder != null; folder = folder.getParent()) {
            if (Files.isSymbolicLink(folder)) {
                return Optional.empty();
            }
            Path marker = folder.resolve(".git");
            if (Files.exists(marker, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return submodule(marker) ? Optional.empty() : Optional.of(folder);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code marker} is a submodule's gitfile ({@code gitdir: …/.git/modules/…}), or not a folder or a file at all. */
    static boolean submodule(Path marker) {
        if (Files.isDirectory(marker, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        if (!Files.isRegularFile(marker, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        try {
            String text = Files.readString(marker, StandardCharsets.UTF_8);
            // A linked worktree's own folder, and nothing below it (a submodule of a worktree lives there).
            return !text.strip().matches("gitdir: .*/\\.git/worktrees/[^/]+");
        } catch (IOException e) {
            return true;
        }
    }

    /** The command line: git with the checkout's own repository named, and the hardening above. */
    public static List<String> command(Path top, String... arguments) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "safe.bareRepository=explicit", "-c", "core.fsmonitor=false",
                "-c", "core.hooksPath=/dev/null", "-c", "safe.directory=" + top));
        command.addAll(List.of(arguments));
        return command;
    }

    /** The environment: none of git's own variables but the repository's, and no system or global config. */
    public static void environment(Map<String, String> environment, Path top) {
        environment.keySet().removeIf(key -> key.startsWith("GIT_"));
        environment.put("GIT_DIR", top.resolve(".git").toString());
        environment.put("GIT_WORK_TREE", top.toString());
        environment.put("GIT_CONFIG_NOSYSTEM", "1");
        environment.put("GIT_CONFIG_GLOBAL", "/dev/null");
        environment.put("GIT_TERMINAL_PROMPT", "0");
    }

    /** A git command's standard output when it succeeds within {@code timeout}; empty otherwise. */
    public static Optional<String> output(Path top, Duration timeout, String... arguments) {
        try {
            Path output = Files.createTempFile("kpg-git-", ".out");
            try {
                ProcessBuilder builder = new ProcessBuilder(command(top, arguments)).directory(top.toFile())
                        .redirectOutput(output.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
                environment(builder.environment(), top);
                Process git = builder.start();
                if (!git.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    git.descendants().forEach(ProcessHandle::destroyForcibly);
                    git.destroyForcibly();
                    return Optional.empty();
                }
                return git.exitValue() == 0 ? Optional.of(Files.readString(output, StandardCharsets.UTF_8)) : Optional.empty();
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
