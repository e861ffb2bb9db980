package dev.kafkaperfgate.internal.basebuild;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 58 item 2: a side's classpath is read by the gate's user (digests, reach, the workers' -cp),
 * so it may name only that side's checkout and its copy of the Maven repository, by path and by
 * where its links lead.
 */
class SideClasspathTest {

    @Test
    void aClasspathNamingTheGateUsersFilesIsRefusedByPathOrThroughALink(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("kpg-h-1"));
        Path checkout = Files.createDirectories(home.resolve("src"));
        Path jar = Files.createDirectories(home.resolve(".m2/repository/org/example")).resolve("lib.jar");
        Files.writeString(jar, "jar");
        List<Path> roots = SideBuild.allowedRoots(new dev.kafkaperfgate.internal.environment.SideUsers.User("kpg-h-1", home), checkout);
        String own = checkout.resolve("target/classes") + ":" + jar;
        assertDoesNotThrow(() -> SideBuild.confine("head", own, roots));

        Path secret = Files.writeString(dir.resolve("docker-config.json"), "{\"auths\": {}}");
        PairedRefusedException byPath = assertThrows(PairedRefusedException.class,
                () -> SideBuild.confine("head", own + ":" + secret, roots));
        assertTrue(byPath.getMessage().startsWith("the head's classpath names " + secret + ", outside its checkout"), byPath.getMessage());

        Path link = Files.createSymbolicLink(home.resolve(".m2/repository/org/example/config.jar"), secret);
        PairedRefusedException throughLink = assertThrows(PairedRefusedException.class,
                () -> SideBuild.confine("head", own + ":" + link, roots));
        assertTrue(throughLink.getMessage().contains(link.toString()), throughLink.getMessage());

        assertThrows(PairedRefusedException.class, () -> SideBuild.confine("head", home.resolve("../docker-config.json").toString(), roots),
                "a path that climbs out counts where it ends");

        // Issue 74: never the side's temp folder, which it keeps writing, and never a path through it that climbs back.
        Path later = Files.writeString(Files.createDirectories(home.resolve("tmp")).resolve("later.jar"), "jar");
        assertThrows(PairedRefusedException.class, () -> SideBuild.confine("head", own + ":" + later, roots));
        PairedRefusedException climbing = assertThrows(PairedRefusedException.class,
                () -> SideBuild.confine("head", home.resolve("tmp") + "/x/../../.m2/repository/org/example/lib.jar", roots));
        assertTrue(climbing.getMessage().contains("not an absolute path in its plainest form"), climbing.getMessage());
    }
}
