package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 74: once a side's build has ended, its home becomes the gate's, read-only to it, but for a
 * new, empty {@code tmp/}; a FIFO, a foreign file, a link leading out of the home or through its
 * temp folder, refuses it, and no name is expanded. Run as root, with Debian's {@code uucp} user
 * (which runs no process) standing in for a side's. Not tagged unit: it starts {@code sh}.
 */
class SideFreezeTest {

    private static final String SIDE = "uucp";

    private static SideUsers.Launch side(Path home) {
        return SideUsers.of("nobody:" + home.resolveSibling("base"), SIDE + ":" + home, home.getParent().toString(), false).head();
    }

    /** A home as a build leaves it: src/, .m2/, tmp/ and whatever else, all the side's. */
    private static Path home(Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(home.resolve("src/target/classes"));
        Files.createDirectories(home.resolve(".m2/repository"));
        Files.createDirectories(home.resolve("tmp"));
        Files.writeString(home.resolve("src/target/classes/A.class"), "a");
        Files.writeString(home.resolve(".m2/repository/lib.jar"), "jar");
        Files.writeString(home.resolve("tmp/classpath.deps"), "x");
        Files.createSymbolicLink(home.resolve("src/lib.jar"), Path.of("../.m2/repository/lib.jar"));
        return home;
    }

    private static void give(Path home) throws Exception {
        assertEquals(0, new ProcessBuilder("chown", "-hR", SIDE + ":" + SIDE, home.toString()).start().waitFor());
        assertEquals(0, new ProcessBuilder("chmod", "0755", home.toString(), home.getParent().toString()).start().waitFor());
    }

    private static String owner(Path path) throws IOException {
        return Files.getOwner(path, java.nio.file.LinkOption.NOFOLLOW_LINKS).getName();
    }

    @Test
    void aHomeBecomesTheGatesButForANewTmpAndWhatWouldLeadOutRefusesIt(@TempDir Path dir) throws Exception {
        assumeTrue("root".equals(ThisJvm.userName()), "needs root, to give files to another user");
        assumeTrue(new ProcessBuilder("id", SIDE).start().waitFor() == 0, "needs the user " + SIDE);
        Path home = home(dir.resolve("ok"));
        // A name the shell would expand, were it not quoted: it must not take tmp/ with it.
        Files.writeString(home.resolve("*"), "glob");
        give(home);
        assertEquals(Optional.empty(), side(home).freeze(ThisJvm.owner()));
        assertEquals("root", owner(home));
        assertEquals("root", owner(home.resolve("src/target/classes/A.class")));
        assertEquals("root", owner(home.resolve("build-tmp/classpath.deps")), "the build's temp folder is frozen with the rest");
        assertEquals(SIDE, owner(home.resolve("tmp")), "a new temp folder, the side's own");
        assertEquals(0, Files.list(home.resolve("tmp")).count());

        Path fifo = home(dir.resolve("fifo"));
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.resolve("src/pipe.class").toString()).start().waitFor());
        give(fifo);
        assertTrue(side(fifo).freeze(ThisJvm.owner()).orElse("").contains("is a FIFO, a socket or a device"));

        Path out = home(dir.resolve("out"));
        Files.createSymbolicLink(out.resolve("src/secret"), Path.of("/etc/passwd"));
        give(out);
        assertTrue(side(out).freeze(ThisJvm.owner()).orElse("").contains("src/secret is a link that leads nowhere, into tmp/ or out"));

        Path through = home(dir.resolve("through"));
        Files.createSymbolicLink(through.resolve("src/later.jar"), Path.of("../tmp/l"));
        give(through);
        assertTrue(side(through).freeze(ThisJvm.owner()).orElse("").contains("src/later.jar is a link that leads nowhere, into tmp/"));

        Path proc = home(dir.resolve("proc"));
        Files.createSymbolicLink(proc.resolve("src/moving.properties"), Path.of("/proc/self/cwd/src/target/classes/A.class"));
        give(proc);
        assertTrue(side(proc).freeze(ThisJvm.owner()).orElse("").contains("src/moving.properties is a link"),
                "a link through the reader's working folder leads elsewhere for each reader");

        Path foreign = home(dir.resolve("foreign"));
        give(foreign);
        Files.writeString(foreign.resolve("src/planted"), "root's");
        assertTrue(side(foreign).freeze(ThisJvm.owner()).orElse("").contains("src/planted is not " + SIDE + "'s own file"));
    }
}
