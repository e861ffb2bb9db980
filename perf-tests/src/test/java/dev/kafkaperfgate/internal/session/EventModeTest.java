package dev.kafkaperfgate.internal.session;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mode each CI event asks for: the action's choices and refusals, decided in Java alone. */
@Tag("unit")
class EventModeTest {

    private static final Function<String, String> MERGE_BASE = branch -> branch.equals("main") ? "1a2b3c4d5e6f" : null;

    private static EventMode.Decision decide(String... facts) {
        return EventMode.decide(EventMode.facts(facts), MERGE_BASE);
    }

    @Test
    void aPullRequestIsJudgedAgainstItsMergeBaseOrTheBaseItNames() {
        assertEquals(List.of("--base", "1a2b3c4d5e6f"), decide("event=pull_request", "base=merge-base", "target-branch=main").arguments());
        assertEquals(List.of("--base", "origin/release"), decide("event=pull_request", "base=origin/release", "target-branch=main").arguments());
    }

    @Test
    void storedModeOnAPullRequestIsRefused() {
        String why = decide("event=pull_request", "base=", "target-branch=main").refusal();
        assertTrue(why.startsWith("stored mode on a pull request would run the pull request's code where the gate decides"), why);
    }

    @Test
    void noMergeBaseIsRefusedNamingTheFetchDepth() {
        assertEquals("no merge base with origin/develop: check out with fetch-depth: 0",
                decide("event=pull_request", "base=merge-base", "target-branch=develop").refusal());
    }

    @Test
    void mergeBaseOutsideAPullRequestFallsBackToStoredModeWithAWarning() {
        EventMode.Decision push = decide("event=push", "base=merge-base");
        assertEquals(List.of(), push.arguments());
        assertNull(push.refusal());
        assertEquals("base: merge-base needs a pull_request event; judging against stored baselines", push.warning());
        assertEquals(List.of(), decide("event=push").arguments(), "a push without a base: stored mode");
    }

    @Test
    void theNightlyRefreshRunsStoredModeOnTheDefaultBranchOnly() {
        assertEquals(List.of("-Dperf.allow.unjudged=true"), decide("event=schedule", "refresh=true").arguments());
        assertEquals(List.of("-Dperf.allow.unjudged=true"),
                decide("event=workflow_dispatch", "refresh=true", "ref-name=main", "default-branch=main").arguments());
        assertEquals("refresh-baselines runs on the default branch (main) only, not on feature",
                decide("event=workflow_dispatch", "refresh=true", "ref-name=feature", "default-branch=main").refusal());
        assertEquals("refresh-baselines measures stored mode: leave base empty", decide("event=schedule", "refresh=true", "base=HEAD~1").refusal());
    }

    @Test
    void aMisspeltOrRepeatedFactIsRefusedByName() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> EventMode.facts(new String[]{"evnt=push"}));
        assertTrue(unknown.getMessage().startsWith("--event evnt=push: expected key=value with a key of event, base"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EventMode.facts(new String[]{"event=push", "event=schedule"}));
        assertThrows(IllegalArgumentException.class, () -> EventMode.facts(new String[]{"refresh=yes"}));
        assertThrows(IllegalArgumentException.class, () -> EventMode.decide(EventMode.facts(new String[]{"base=HEAD"}), MERGE_BASE),
                "no event named");
    }

    @Test
    void itUsesJavaBaseAloneSoThatGateJavaShCompilesItAloneBeforeAnythingIsBuilt() throws Exception {
        String source = java.nio.file.Files.readString(java.nio.file.Path.of("src/main/java/dev/kafkaperfgate/internal/session/EventMode.java"));
        List<String> imports = source.lines().filter(line -> line.startsWith("import ")).toList();
        assertTrue(imports.stream().allMatch(line -> line.startsWith("import java.")), imports.toString());
        assertTrue(!source.contains("dev.kafkaperfgate.") || source.lines().filter(line -> line.contains("dev.kafkaperfgate."))
                .allMatch(line -> line.startsWith("package ")), "EventMode names another class of the gate");
    }
}
