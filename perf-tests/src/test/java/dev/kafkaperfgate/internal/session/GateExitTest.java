package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.GateResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gate.sh's exit code: one table, in Java, from Maven's code and the summary's decision. */
@Tag("unit")
class GateExitTest {

    private static GateExit.Exit decide(String... facts) {
        return GateExit.decide(GateExit.facts(facts, GateExit.KEYS));
    }

    @Test
    void theSummarysDecisionIsTheExitCode() {
        assertEquals(new GateExit.Exit(0, "gate: PASS: 2 scenarios OK"),
                decide("maven-exit=0", "summary=written", "decision-exit=0", "outcome=PASS", "headline=2 scenarios OK"));
        assertEquals(new GateExit.Exit(0, "gate: ACCEPTED (passes): accepted by @lead"),
                decide("maven-exit=0", "summary=written", "decision-exit=0", "outcome=ACCEPTED", "headline=accepted by @lead"));
        assertEquals(new GateExit.Exit(1, "gate: FAIL: 1 regressed"),
                decide("maven-exit=1", "summary=written", "decision-exit=1", "outcome=REGRESSION", "headline=1 regressed"));
        assertEquals(new GateExit.Exit(2, "gate: NOT JUDGED: the base did not build"),
                decide("maven-exit=1", "summary=written", "decision-exit=2", "outcome=NOT_JUDGED", "headline=the base did not build"));
        assertEquals(2, decide("maven-exit=1", "summary=written", "decision-exit=2", "outcome=INCOMPLETE", "headline=x").code());
        // A run the deciding JVM stopped as the infrastructure's (its broker did not start) keeps that JVM's 3: retry, not "not judged".
        GateExit.Exit stopped = decide("maven-exit=3", "summary=written", "decision-exit=2", "outcome=INCOMPLETE",
                "headline=run INCOMPLETE: the run stopped: the run's broker did not start");
        assertEquals(3, stopped.code());
        assertTrue(stopped.line().startsWith("gate: INFRASTRUCTURE ERROR: the run stopped before its end (run INCOMPLETE: "), stopped.line());
    }

    /** The exit code and the word are the outcome's own (GateResult.Outcome), one map for every surface. */
    @Test
    void everyOutcomeExitsWithItsOwnCodeAndWord() {
        for (GateResult.Outcome outcome : GateResult.Outcome.values()) {
            GateExit.Exit exit = decide("maven-exit=" + Math.min(outcome.exitCode(), 1), "summary=written",
                    "decision-exit=" + outcome.exitCode(), "outcome=" + outcome.name(), "headline=h");
            assertEquals(new GateExit.Exit(outcome.exitCode(), "gate: " + outcome.consoleWord() + ": h"), exit);
        }
    }

    @Test
    void aSummaryWhoseExitCodeIsNotItsOutcomesIsNotTrusted() {
        GateExit.Exit exit = decide("maven-exit=0", "summary=written", "decision-exit=0", "outcome=REGRESSION", "headline=h",
                "path=r/summary.json");
        assertEquals(3, exit.code());
        assertEquals("gate: INFRASTRUCTURE ERROR: r/summary.json's decision REGRESSION has exit code 0, not 1: not a summary this gate wrote",
                exit.line());
        assertEquals(3, decide("maven-exit=0", "summary=written", "decision-exit=0", "outcome=FAIL", "headline=h").code(),
                "FAIL is a word, not an outcome");
    }

    @Test
    void aPassWithAFailedBuildIsNeverAPass() {
        GateExit.Exit exit = decide("maven-exit=1", "summary=written", "decision-exit=0", "outcome=PASS", "headline=2 scenarios OK");
        assertEquals(3, exit.code());
        assertEquals("gate: INFRASTRUCTURE ERROR: Maven failed (exit 1) although the gate passed (2 scenarios OK); see above", exit.line());
    }

    @Test
    void noSummaryOrNoDecisionIsAnInfrastructureError() {
        assertEquals(new GateExit.Exit(3, "gate: INFRASTRUCTURE ERROR: no r/summary.json of this run: the run did not start (Maven exit 0; see above)"),
                decide("maven-exit=0", "summary=missing", "path=r/summary.json"));
        assertEquals(new GateExit.Exit(2, null), decide("maven-exit=2", "summary=missing"), "the paired run said why");
        assertEquals(new GateExit.Exit(3, null), decide("maven-exit=3", "summary=missing"));
        assertEquals(3, decide("maven-exit=0", "summary=malformed", "path=r/summary.json").code());
        assertEquals(3, decide("maven-exit=0", "summary=written", "decision-exit=", "path=r/summary.json").code());
        assertEquals(3, decide("maven-exit=0", "summary=written", "decision-exit=7").code());
    }

    @Test
    void aMisspeltOrRepeatedFactIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> decide("maven-exit=0", "sumary=written"));
        assertThrows(IllegalArgumentException.class, () -> decide("maven-exit=0", "maven-exit=1", "summary=written"));
        assertThrows(IllegalArgumentException.class, () -> decide("maven-exit=x", "summary=written"));
        assertThrows(IllegalArgumentException.class, () -> decide("maven-exit=0", "summary=maybe"));
    }

    private static GateExit.ActionSteps action(String... facts) {
        return GateExit.action(GateExit.facts(facts, GateExit.ACTION_KEYS));
    }

    /** action.yml's two conditions, once here: merge into the baselines on 0 or 1, fail the step on anything else but a refresh's 1. */
    @Test
    void theActionRefreshesACompleteRunAndFailsOnAnythingButAPass() {
        assertEquals(new GateExit.ActionSteps(false, false, ""), action("exit-code=0", "fail-on-verdict=true", "refresh-baselines=false"));
        assertEquals(new GateExit.ActionSteps(false, true,
                "confirmed performance regression: see the job summary and the verdict lines of 'Run the gate'"),
                action("exit-code=1", "fail-on-verdict=true", "refresh-baselines=false", "status=fail"));
        assertEquals(new GateExit.ActionSteps(false, true, "the gate could not complete (exit 2, summary: not-judged): see 'Run the gate'"),
                action("exit-code=2", "fail-on-verdict=true", "refresh-baselines=false", "status=not-judged"));
        assertEquals(new GateExit.ActionSteps(false, false, ""), action("exit-code=3", "fail-on-verdict=false", "refresh-baselines=false"),
                "report only");
        assertEquals(new GateExit.ActionSteps(true, false, ""), action("exit-code=1", "fail-on-verdict=true", "refresh-baselines=true"),
                "the nightly's baselines follow the default branch");
        assertEquals(new GateExit.ActionSteps(true, false, ""), action("exit-code=0", "fail-on-verdict=true", "refresh-baselines=true"));
        GateExit.ActionSteps incomplete = action("exit-code=2", "fail-on-verdict=true", "refresh-baselines=true");
        assertTrue(!incomplete.refresh() && incomplete.fail(), incomplete.toString());
    }

    @Test
    void theActionFailsClosedOnAMisspeltInputOrNoExitCode() {
        GateExit.ActionSteps noExit = action("exit-code=", "fail-on-verdict=false", "refresh-baselines=true");
        assertTrue(!noExit.refresh() && noExit.fail(), noExit.toString());
        assertThrows(IllegalArgumentException.class, () -> action("exit-code=0", "fail-on-verdict=yes", "refresh-baselines=false"));
        assertThrows(IllegalArgumentException.class, () -> action("exit-code=0", "fail-on-verdict=true", "refresh-baseline=false"));
        assertEquals(List.of("refresh=false", "fail=true", "failure=a b"), new GateExit.ActionSteps(false, true, "a\nb").outputs());
    }

    /** gate-java.sh compiles GateExit, EventMode and GateResult alone, with nothing else to read: so does this. */
    @Test
    void theLaunchedClassesCompileAloneAsGateJavaShCompilesThem(@org.junit.jupiter.api.io.TempDir java.nio.file.Path out) throws Exception {
        String script = java.nio.file.Files.readString(java.nio.file.Path.of("../scripts/gate-java.sh"));
        List<String> sources = List.of("src/main/java/dev/kafkaperfgate/internal/session/GateExit.java",
                "src/main/java/dev/kafkaperfgate/internal/session/EventMode.java", "src/main/java/dev/kafkaperfgate/GateResult.java");
        for (String source : sources) {
            String name = java.nio.file.Path.of(source).getFileName().toString();
            assertTrue(script.contains("/" + name + "\""), "gate-java.sh compiles " + name);
        }
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter errors = new java.io.StringWriter();
        try (javax.tools.StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
            boolean compiled = javac.getTask(errors, files, null, List.of("-d", out.toString(), "-cp", out.toString(), "-sourcepath",
                    out.toString(), "-implicit:none", "-proc:none"), null, files.getJavaFileObjectsFromStrings(sources)).call();
            assertTrue(compiled, errors.toString());
        }
    }
}
