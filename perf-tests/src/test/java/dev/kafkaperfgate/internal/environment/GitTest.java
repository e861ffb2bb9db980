package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The checkout's top, found by {@code .git} along the module's path, never by git's discovery
 * (issue 81): a link or a submodule on the way is no checkout the gate takes; a linked worktree is.
 * scripts/test/gate-base.test.mjs holds the same for the shell's rule and the attack itself.
 */
@Tag("unit")
class GitTest {

    @TempDir
    Path dir;

    @Test
    void theTopIsTheNearestFolderWithADotGit() throws IOException {
        Path top = checkout("repo");
        Path module = Files.createDirectories(top.resolve("services/telemetry"));
        // Committed files shaped as a repository in the module's folder are not a .git: not taken.
        Files.writeString(module.resolve("HEAD"), "ref: refs/heads/main\n");
        Files.createDirectories(module.resolve("refs/remotes/origin"));
        assertEquals(Optional.of(top), Git.top(module));
    }

    @Test
    void aLinkOnTheWayIsNoCheckoutTheGateTakes() throws IOException {
        Path top = checkout("repo");
        Path elsewhere = Files.createDirectories(top.resolve("perf2"));
        Files.createSymbolicLink(top.resolve("perf"), elsewhere);
        assertEquals(Optional.empty(), Git.top(top.resolve("perf")));
        Path other = checkout("other");
        Files.createSymbolicLink(top.resolve("theirs"), other);
        assertEquals(Optional.empty(), Git.top(top.resolve("theirs")), "a link to another checkout");
    }

    @Test
    void aSubmoduleIsNotAndALinkedWorktreeIs() throws IOException {
        Path top = checkout("repo");
        Path submodule = Files.createDirectories(top.resolve("services/telemetry"));
        Files.writeString(submodule.resolve(".git"), "gitdir: ../../.git/modules/telemetry\n");
        assertEquals(Optional.empty(), Git.top(submodule));
        Path worktree = Files.createDirectories(dir.resolve("wt"));
        Files.writeString(worktree.resolve(".git"), "gitdir: " + top.resolve(".git/worktrees/wt") + "\n");
        assertEquals(Optional.of(worktree), Git.top(worktree.resolve("x")));
        // A submodule of a linked worktree keeps its repository below the worktree's folder: not a checkout of its own.
        Path worktreeSubmodule = Files.createDirectories(worktree.resolve("services/orders"));
        Files.writeString(worktreeSubmodule.resolve(".git"), "gitdir: " + top.resolve(".git/worktrees/wt/modules/orders") + "\n");
        assertEquals(Optional.empty(), Git.top(worktreeSubmodule));
        assertEquals(Optional.empty(), Git.top(dir.resolve("nowhere")), "no .git above");
    }

    /** A folder with a .git folder: a checkout's top, as a clone leaves it. */
    private Path checkout(String name) throws IOException {
        Path top = Files.createDirectories(dir.resolve(name));
        Files.createDirectories(top.resolve(".git"));
        return top;
    }
}
