package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class SideUsersTest {

    @Test
    void eachSideSwitchesToItsOwnUserWithAClearedEnvironmentItsHomeAndItsTempFolder() {
        SideUsers users = SideUsers.of("kpg-b-abc123:/var/tmp/kpg-sandbox-abc123/base", "kpg-h-abc123:/var/tmp/kpg-sandbox-abc123/head",
                "/var/tmp/kpg-sandbox-abc123/exchange", false);

        List<String> head = users.head().commandPrefix();
        assertEquals(List.of("setpriv", "--reuid=kpg-h-abc123", "--regid=kpg-h-abc123", "--clear-groups", "--no-new-privs", "env", "-i"),
                head.subList(0, 7));
        assertTrue(head.contains("HOME=/var/tmp/kpg-sandbox-abc123/head"), head.toString());
        assertTrue(head.contains("TMPDIR=/var/tmp/kpg-sandbox-abc123/head/tmp"), head.toString());
        assertTrue(head.stream().noneMatch(word -> word.startsWith("GITHUB_")), head.toString());
        assertTrue(users.base().commandPrefix().contains("--reuid=kpg-b-abc123"));
        // Its home is read-only to it once built (issue 74): its JVMs keep their files, and start, in its temp folder.
        assertEquals(List.of("-Djava.io.tmpdir=/var/tmp/kpg-sandbox-abc123/head/tmp", "-Duser.home=/var/tmp/kpg-sandbox-abc123/head/tmp"),
                users.head().jvmFlags());
        assertEquals(Optional.of(Path.of("/var/tmp/kpg-sandbox-abc123/base/tmp")), users.base().directory());
        assertEquals("the head's code runs as kpg-h-abc123", users.head().describe());
        assertEquals(Optional.of(Path.of("/var/tmp/kpg-sandbox-abc123/exchange")), users.exchange());
        assertTrue(users.separate());
    }

    @Test
    void aGateThatIsNotRootSwitchesThroughSudoWithoutAPrompt() {
        SideUsers users = SideUsers.of("kpg-b-x:/h/b", "kpg-h-x:/h/h", "/h/x", true);

        assertEquals(List.of("sudo", "-n", "setpriv", "--reuid=kpg-h-x"), users.head().commandPrefix().subList(0, 4));
    }

    @Test
    void withoutUsersEverySideRunsAsTheGatesOwnAndSaysSo() {
        SideUsers users = SideUsers.of(null, null, null, false);

        assertFalse(users.separate());
        assertEquals(List.of(), users.head().commandPrefix());
        assertEquals(List.of(), users.head().jvmFlags());
        assertEquals(Optional.empty(), users.head().directory());
        assertEquals(Optional.empty(), users.exchange());
        assertEquals("the head's code runs as " + System.getProperty("user.name") + ", the gate's own user", users.head().describe());
    }

    @Test
    void oneSideAloneTheSameUserTwiceAndMalformedSpecsAreRefused() {
        assertRefused("go together", null, "kpg-h-x:/h/h");
        IllegalArgumentException noExchange = assertThrows(IllegalArgumentException.class,
                () -> SideUsers.of("kpg-b-x:/h/b", "kpg-h-x:/h/h", null, false));
        assertTrue(noExchange.getMessage().contains("go together"), noExchange.getMessage());
        assertRefused("two users", "kpg-x:/h/b", "kpg-x:/h/h");
        assertRefused("name:home", "kpg-b-x", "kpg-h-x:/h/h");
        assertRefused("not a user name", "Root;rm:/h/b", "kpg-h-x:/h/h");
        assertRefused("absolute", "kpg-b-x:relative", "kpg-h-x:/h/h");
    }

    private static void assertRefused(String because, String base, String head) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SideUsers.of(base, head, "/h/x", false));
        assertTrue(e.getMessage().contains(because), e.getMessage());
    }
}
