package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.paired.PairedUnavailableException;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules of a paired run whose base cannot be measured, and the head's own run that stands in for an adoption. */
class HeadAloneTest {

    @Test
    void theFallbackRules() {
        PairedUnavailableException adoption = new PairedUnavailableException("the base abc has no perf/pom.xml", null, true);
        PairedUnavailableException broken = new PairedUnavailableException("the base abc does not build: [ERROR] Order.java");
        assertEquals(PairedRules.Fallback.STORED_HERE, PairedRules.whenBaseCannotBeMeasured(broken, true));
        assertEquals(PairedRules.Fallback.STORED_HERE, PairedRules.whenBaseCannotBeMeasured(adoption, true));
        assertEquals(PairedRules.Fallback.HEAD_ALONE, PairedRules.whenBaseCannotBeMeasured(adoption, false));
        assertEquals(PairedRules.Fallback.REFUSED, PairedRules.whenBaseCannotBeMeasured(broken, false));

        GateSettings given = GateSettings.of(Map.of(GateProperties.SUITE, "pr"));
        assertEquals("true", PairedRules.storedInstead(given, adoption).given().get(GateProperties.ALLOW_UNJUDGED), "an adoption may pass");
        assertFalse(PairedRules.storedInstead(given, broken).given().containsKey(GateProperties.ALLOW_UNJUDGED));
        assertEquals("false", PairedRules.storedInstead(given.with(GateProperties.ALLOW_UNJUDGED, "false"), adoption).given()
                .get(GateProperties.ALLOW_UNJUDGED), "a setting given wins");
        assertEquals(broken.getMessage(), PairedRules.storedInstead(given, broken).fallbackReason());
    }

    @Test
    void theHeadsOwnRunHasNoPairedSidesAndABrokerOfItsOwn() {
        GateSettings stored = GateSettings.of(Map.of(GateProperties.SUITE, "pr", GateProperties.BROKER, "container",
                GateProperties.BASE_CLASSPATH_FILE, "/w/base-classpath.txt", GateProperties.BASE_COMMIT, "abc123",
                GateProperties.WORKER_JVM_FLAGS, "-Xms1g -Xmx1g"));
        List<String> flags = HeadAlone.settingsOf(stored, Path.of("/var/tmp/h/results"), true);
        assertTrue(flags.contains("-Dperf.broker=process"), flags.toString());
        assertTrue(flags.contains("-Dperf.results.dir=/var/tmp/h/results"), flags.toString());
        assertTrue(flags.contains("-Dperf.worker.jvm.flags=-Xms1g -Xmx1g"), "one argument each, spaces kept: " + flags);
        assertTrue(flags.stream().noneMatch(flag -> flag.startsWith("-D" + GateProperties.BASE_CLASSPATH_FILE)
                || flag.startsWith("-D" + GateProperties.BASE_COMMIT)), flags.toString());
        assertTrue(HeadAlone.settingsOf(stored, Path.of("/r"), false).contains("-Dperf.broker=container"), "its own user only changes the broker");
    }

    @Test
    void itsResultsAreCopiedWhenTheyAreFilesAndFoldersAndRefusedWithALink(@TempDir Path own, @TempDir Path results) throws Exception {
        Files.createDirectories(own.resolve("orders-publish"));
        Files.writeString(own.resolve("summary.json"), "{\"decision\":{\"outcome\":\"PASS\",\"exitCode\":0,\"judged\":false,"
                + "\"headline\":\"pass: nothing to judge (adoption)\"}}");
        Files.writeString(own.resolve("orders-publish/result.json"), "{}");
        HeadAlone.copyResults(own, results, Optional.empty());
        GateResult result = HeadAlone.decisionOf(results.resolve("summary.json"));
        assertEquals(GateResult.Outcome.PASS, result.outcome());
        assertFalse(result.judged());
        assertTrue(Files.isRegularFile(results.resolve("orders-publish/result.json")));

        Files.createSymbolicLink(own.resolve("report.html"), Path.of("/etc/passwd"));
        PairedRefusedException e = assertThrows(PairedRefusedException.class, () -> HeadAlone.copyResults(own, results, Optional.empty()));
        assertTrue(e.getMessage().contains("report.html"), e.getMessage());
        assertFalse(Files.exists(results.resolve("report.html")));
        Files.delete(own.resolve("report.html"));

        // Another user's file (here: root's, or this user's under another name) is not read as the head's.
        PairedRefusedException other = assertThrows(PairedRefusedException.class,
                () -> HeadAlone.copyResults(own, results, Optional.of("no-such-head-user")));
        assertTrue(other.getMessage().contains("not no-such-head-user"), other.getMessage());
    }

    @Test
    void aDecisionTheGateDoesNotWriteIsNotBelieved(@TempDir Path dir) throws Exception {
        Path forged = Files.writeString(dir.resolve("summary.json"), "{\"decision\":{\"outcome\":\"PASS\",\"exitCode\":1,"
                + "\"judged\":true,\"headline\":\"x\"}}");
        assertThrows(IllegalStateException.class, () -> HeadAlone.decisionOf(forged));
        Path none = Files.writeString(dir.resolve("other.json"), "[]");
        assertThrows(IllegalStateException.class, () -> HeadAlone.decisionOf(none));
    }
}
