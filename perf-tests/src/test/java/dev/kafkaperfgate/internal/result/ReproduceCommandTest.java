package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reproduce line the comment prints as it is: the run's own selection, and nothing a shell would read as more. */
@Tag("unit")
class ReproduceCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode pairedRun() {
        ObjectNode root = JSON.createObjectNode();
        root.put("suite", "pr");
        root.put("commit", "8895c566be677cbd925d8c66780948a3b09f6769");
        root.put("profile", "linux-amd64-2c");
        root.putNull("injection");
        root.putObject("mode").put("name", "paired").put("base", "1234567890abcdef1234567890abcdef12345678");
        root.putArray("scenarios").addObject().put("scenario", "orders-publish");
        return root;
    }

    @Test
    void aPairedRunOfATeamsModuleNamesTheModuleTheBaseTheSuiteAndTheProfile() {
        ObjectNode root = pairedRun();
        root.put("module", "services/orders/perf");
        assertEquals("git checkout 8895c566be677cbd925d8c66780948a3b09f6769\n"
                + "<kafka-perf-gate checkout>/scripts/gate.sh --module services/orders/perf "
                + "--base 1234567890abcdef1234567890abcdef12345678 -Dperf.suite=pr -Dperf.profile=linux-amd64-2c", ReproduceCommand.of(root));
    }

    @Test
    void anUnsafeModuleOrSuiteIsLeftOutNotQuoted() {
        for (String unsafe : new String[] {"../../etc", "perf; rm -rf /", "$(id)", "/abs/path", "a`b`"}) {
            ObjectNode root = pairedRun();
            root.put("module", unsafe);
            root.put("suite", unsafe);
            String line = ReproduceCommand.of(root);
            assertFalse(line.contains("--module"), line);
            assertFalse(line.contains("-Dperf.suite"), line);
            assertTrue(line.contains("\nscripts/gate.sh --base "), line);
        }
    }

    @Test
    void aStoredRunWithoutASuiteNamesItsScenariosAndItsInjection() {
        ObjectNode root = pairedRun();
        root.putNull("suite");
        root.remove("mode");
        root.put("commit", "not a commit");
        root.withArray("scenarios").addObject().put("scenario", "orders-end-to-end");
        root.putObject("injection").put("burnNs", 50_000).put("every", 1).put("allocBytes", 0);
        assertEquals("scripts/gate.sh -Dperf.scenarios=orders-publish,orders-end-to-end -Dperf.profile=linux-amd64-2c "
                + "-Dperf.inject.burn.ns=50000 -Dperf.inject.burn.every=1", ReproduceCommand.of(root));
    }
}
