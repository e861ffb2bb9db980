package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 58 item 4: what a head prints reaches the job log as text, never as a workflow command. */
@Tag("unit")
class SideOutputTest {

    @Test
    void aHeadsWorkflowCommandsAreShownButNotActedOn() {
        for (String line : new String[] {"::add-mask::REGRESSION", "  ::error title=perf-gate::all passed", "##[group]fake",
                "[info] ok ::warning file=x::y", "::stop-commands::abc"}) {
            String shown = SideOutput.neutral(line);
            assertFalse(shown.contains("::"), shown);
            assertFalse(shown.contains("##"), shown);
            assertEquals(line, shown.replace("\u200b", ""), "the text itself is kept");
        }
    }

    @Test
    void controlCharactersThatRewriteTheLineBecomeVisible() {
        assertEquals("gate: FAIL\\u000d gate: PASS", SideOutput.neutral("gate: FAIL\r gate: PASS"));
        assertTrue(SideOutput.neutral("\u001b[2Kcleared").startsWith("\\u001b"));
        assertEquals("a\tb: c", SideOutput.neutral("a\tb: c"), "tabs and single colons stay");
    }
}
