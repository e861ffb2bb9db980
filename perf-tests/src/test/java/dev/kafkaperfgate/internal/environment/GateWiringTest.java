package dev.kafkaperfgate.internal.environment;

import dev.kafkaperfgate.internal.settings.GateProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** scripts/gate.sh's wiring reaches the deciding JVM as its arguments, never as a setting a team could give. */
@Tag("unit")
class GateWiringTest {

    @Test
    void theScriptsArgumentsGiveEachSidesUserTheWorkFolderAndTheHeadsBuild(@TempDir Path work) {
        GateWiring wiring = GateWiring.parse(List.of("--head-build", "--work", work.toString(), "--base-user", "kpg-b-x1:/var/tmp/b",
                "--head-user", "kpg-h-x1:/var/tmp/h", "--exchange", "/var/tmp/x1/exchange"));

        assertTrue(wiring.headBuild());
        assertEquals(work, wiring.work());
        assertTrue(wiring.users().separate());
        assertEquals("the head's code runs as kpg-h-x1", wiring.users().head().describe());
        assertEquals(GateWiring.NONE, GateWiring.parse(List.of()));
        assertFalse(GateWiring.NONE.users().separate(), "no wiring: both sides as the gate's own user");
    }

    @Test
    void anArgumentTheGateDoesNotKnowOneGivenTwiceOrWithoutItsValueIsRefused(@TempDir Path work) {
        String unknown = assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--suite", "pr"))).getMessage();
        assertTrue(unknown.contains("'--suite' is not an argument of the gate: settings are -Dperf.* system properties"), unknown);
        assertEquals("--work is given twice", assertThrows(IllegalArgumentException.class,
                () -> GateWiring.parse(List.of("--work", work.toString(), "--work", work.toString()))).getMessage());
        assertEquals("--work needs a value", assertThrows(IllegalArgumentException.class,
                () -> GateWiring.parse(List.of("--work", "--head-build"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--work", "relative/folder")))
                .getMessage().startsWith("--work must be an existing folder's absolute path"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--base-user", "kpg-b-x1:/b")))
                .getMessage().contains("go together"), "a user without the other and the exchange folder");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--base-user", "kpg-b", "--head-user",
                "kpg-h:/h", "--exchange", "/x"))).getMessage().contains("name:home"));
    }

    /** Issue 74: the deciding JVM starts in the gate's own folder; the module it reads is named, absolute and existing. */
    @Test
    void theModuleIsNamedAbsoluteAndExisting(@TempDir Path module) {
        assertEquals(module, GateWiring.parse(List.of("--module", module.toString())).moduleOrHere());
        assertEquals(Path.of("").toAbsolutePath(), GateWiring.parse(List.of()).moduleOrHere());
        assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--module", "relative/module")));
        assertThrows(IllegalArgumentException.class, () -> GateWiring.parse(List.of("--module", module.resolve("missing").toString())));
    }

    @Test
    void noSettingCanGiveTheWiring() {
        for (String key : List.of("perf.sandbox.base", "perf.sandbox.head", "perf.sandbox.exchange", "perf.head.build", "perf.paired.work")) {
            assertFalse(GateProperties.ALL.contains(key), key);
            String refused = assertThrows(IllegalArgumentException.class,
                    () -> dev.kafkaperfgate.internal.settings.GateSettings.of(Map.of(key, "x"))).getMessage();
            assertTrue(refused.contains(key), refused);
        }
    }
}
