package dev.kafkaperfgate.internal.result;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.GatedLatency;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.history.Trend;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
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

/** The run's one decision, from the verdicts the runner recorded. */
@Tag("unit")
class RunDecisionTest {

    private static final Fingerprint FINGERPRINT = new Fingerprint("cpu", 2, "Linux amd64", "6.1", "jvm 17", "process", "4.3.1", "");

    @TempDir
    Path dir;

    @Test
    void aFlagTheReRunDidNotConfirmPassesAndIsNamedNotCountedAsARegression() throws java.io.IOException {
        RunSummary summary = new RunSummary(dir, "pr", 2, new RunSummary.Provenance("abc1234", "t-1"));
        // The first run flagged CPU; the re-run did not repeat it: the engine's final word on the re-run is OK.
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, dir.resolve("s1.json"), null, verdict("s1", Metric.CPU_PER_RECORD,
                Verdict.REGRESSION), dir.resolve("s1.confirmation.json"), verdict("s1", Metric.CPU_PER_RECORD, Verdict.OK),
                "the regression flagged by the first run was not confirmed by the re-run");
        summary.judged("s2", "produce", RunSummary.Outcome.PASSED, dir.resolve("s2.json"), null, verdict("s2", Metric.THROUGHPUT,
                Verdict.INCONCLUSIVE), null, null, null);
        summary.finish();

        GateResult result = summary.result();
        assertEquals(GateResult.Outcome.PASS, result.outcome());
        assertEquals(0, result.exitCode());
        assertTrue(result.judged());
        assertEquals("pass: 1 INCONCLUSIVE, 1 OK; a first measurement's regression did not repeat in a second (noise): s1",
                result.headline());
        // What the comment prints is written here: the unconfirmed flag, the first's word, which rows need attention.
        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.JsonNode s1 = written.at("/scenarios/0");
        assertTrue(s1.path("notConfirmed").asBoolean(false), s1.toString());
        assertFalse(s1.path("notRun").asBoolean(true));
        assertEquals("did not repeat: noise", s1.at("/confirmation/metrics/0/first/word").asText());
        assertEquals(20.0, s1.at("/confirmation/metrics/0/first/deltaPercent").asDouble(), 1e-9);
        assertFalse(s1.at("/confirmation/metrics/0/attention").asBoolean(true), "an OK metric needs no attention");
        assertTrue(s1.at("/metrics/0/first").isMissingNode(), "the first measurement has no earlier one");
        com.fasterxml.jackson.databind.JsonNode s2 = written.at("/scenarios/1");
        assertFalse(s2.path("notConfirmed").asBoolean(true));
        assertTrue(s2.at("/metrics/0/attention").asBoolean(false), "an INCONCLUSIVE metric needs attention");
    }

    @Test
    void aConfirmedFlagIsWordedConfirmedAndAScenarioThatCouldNotRunIsMarkedSo() throws java.io.IOException {
        RunSummary summary = new RunSummary(dir, "pr", 2, new RunSummary.Provenance("abc1234", "t-1b"));
        summary.judged("s1", "produce", RunSummary.Outcome.REGRESSION, dir.resolve("s1.json"), null, verdict("s1", Metric.CPU_PER_RECORD,
                Verdict.REGRESSION), dir.resolve("s1.confirmation.json"), verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), null);
        summary.failed("s2", "produce", RunSummary.Outcome.ERROR, new IllegalStateException("broker gone"));
        summary.finish();

        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("summary.json").toFile());
        assertEquals("confirmed", written.at("/scenarios/0/confirmation/metrics/0/first/word").asText());
        assertFalse(written.at("/scenarios/0/notConfirmed").asBoolean(true));
        assertTrue(written.at("/scenarios/1/notRun").asBoolean(false));
        assertEquals("git checkout abc1234\nscripts/gate.sh -Dperf.suite=pr", written.path("reproduce").asText(),
                "no environment recorded: no profile, and the line still names the commit and the suite");
    }

    /** Issue 59: a maintainer's accept label turns a confirmed regression into ACCEPTED, exit 0, figures kept; without it, exit 1. */
    @Test
    void aConfirmedRegressionWithTheAcceptLabelIsAcceptedAndWithoutItFails() throws java.io.IOException {
        GateSettings labelled = GateSettings.of(Map.of(GateProperties.ACCEPTED_BY, "maint-1", GateProperties.ACCEPTED_AT,
                "2026-11-28T09:00:00Z", GateProperties.RUN_COMMIT, "b".repeat(40), GateProperties.ACCEPTED_HEAD, "b".repeat(40),
                GateProperties.ACCEPT_AUTHOR, "contributor-2", GateProperties.ACCEPT_SHOWN, "b".repeat(40)));
        for (GateSettings settings : List.of(labelled, GateSettings.of(Map.of(GateProperties.RUN_COMMIT, "b".repeat(40))))) {
            Path folder = java.nio.file.Files.createTempDirectory(dir, "run");
            RunSummary summary = new RunSummary(folder, "pr", 1, RunSummary.Provenance.of(settings));
            summary.judged("s1", "produce", RunSummary.Outcome.REGRESSION, folder.resolve("s1.json"), null,
                    verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), folder.resolve("s1.confirmation.json"),
                    verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), null);
            summary.finish();
            GateResult result = summary.result();
            if (settings == labelled) {
                assertEquals(GateResult.Outcome.ACCEPTED, result.outcome());
                assertEquals(0, result.exitCode());
                assertTrue(result.headline().startsWith("ACCEPTED by @maint-1 (label perf-accepted, set 2026-11-28T09:00:00Z) at head "
                        + "bbbbbbbbbbbb: confirmed regression: s1 (cpuNsPerRecord +"), result.headline());
                com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(folder.resolve("summary.json").toFile());
                assertEquals("maint-1", written.path("accepted").path("by").asText(), written.toString());
                assertEquals("regression", written.path("scenarios").get(0).path("outcome").asText(), "the scenario's figures stay a regression");
            } else {
                assertEquals(GateResult.Outcome.REGRESSION, result.outcome());
                assertEquals(1, result.exitCode());
            }
        }
        // The same label on a run with nothing to accept accepted nothing: written as notAccepted, which the comment does not print as an accept.
        Path passing = java.nio.file.Files.createTempDirectory(dir, "run");
        RunSummary nothing = new RunSummary(passing, "pr", 1, RunSummary.Provenance.of(labelled));
        nothing.judged("s1", "produce", RunSummary.Outcome.PASSED, passing.resolve("s1.json"), null,
                verdict("s1", Metric.CPU_PER_RECORD, Verdict.OK), null, null, null);
        nothing.finish();
        assertEquals(GateResult.Outcome.PASS, nothing.result().outcome());
        com.fasterxml.jackson.databind.JsonNode quiet = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(passing.resolve("summary.json").toFile());
        assertTrue(quiet.path("accepted").isMissingNode(), quiet.toString());
        assertEquals("no confirmed regression to accept", quiet.path("notAccepted").path("why").asText(), quiet.toString());
        IllegalArgumentException notALogin = assertThrows(IllegalArgumentException.class, () -> RunSummary.Provenance.of(
                GateSettings.of(Map.of(GateProperties.ACCEPTED_BY, "evil; rm -rf"))));
        assertTrue(notALogin.getMessage().contains("must be a GitHub login"), notALogin.getMessage());
    }

    /**
     * Issue 74: a label accepts the head it was set on, never its author's. A later push while the
     * label stays on, the author's own label, and a label whose author is not known all fail (exit 1),
     * the headline saying why first, and summary.json says it under notAccepted, not accepted.
     */
    @Test
    void theLabelAcceptsOnlyTheHeadItWasSetOnAndNeverTheAuthors() throws java.io.IOException {
        Map<String, String> pushed = Map.of(GateProperties.ACCEPTED_BY, "maint-1", GateProperties.ACCEPTED_AT, "2026-11-28T09:00:00Z",
                GateProperties.RUN_COMMIT, "b".repeat(40), GateProperties.ACCEPT_AUTHOR, "contributor-2",
                GateProperties.ACCEPT_REPLACED, "a".repeat(40));
        GateResult later = regressionUnder(pushed);
        assertEquals(GateResult.Outcome.REGRESSION, later.outcome());
        assertEquals(1, later.exitCode());
        assertTrue(later.headline().startsWith("confirmed regression (not accepted: the label perf-accepted was set by @maint-1 at "
                + "2026-11-28T09:00:00Z on an earlier head (this push replaced aaaaaaaaaaaa), not on this head bbbbbbbbbbbb: to accept "
                + "this head, remove the label and set it again): s1 (cpuNsPerRecord +"), later.headline());
        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(later.summaryFile().toFile());
        assertTrue(written.path("accepted").isMissingNode(), written.toString());
        assertTrue(written.path("notAccepted").path("why").asText().contains("on an earlier head"), written.toString());

        Map<String, String> otherHead = new java.util.HashMap<>(pushed);
        otherHead.put(GateProperties.ACCEPTED_HEAD, "c".repeat(40));
        String other = regressionUnder(otherHead).headline();
        assertTrue(other.contains("on head cccccccccccc (this push replaced aaaaaaaaaaaa), not on this head bbbbbbbbbbbb"), other);

        Map<String, String> own = new java.util.HashMap<>(pushed);
        own.put(GateProperties.ACCEPTED_BY, "Contributor-2");
        own.put(GateProperties.ACCEPTED_HEAD, "b".repeat(40));
        GateResult author = regressionUnder(own);
        assertEquals(1, author.exitCode());
        assertTrue(author.headline().contains("@Contributor-2 wrote this pull request and set the label perf-accepted on it: an author "
                + "cannot accept"), author.headline());
        // Issue 73: a bot's label (an auto-labeller a pull request can trigger) is refused here, in Java, not by the action.
        Map<String, String> bot = new java.util.HashMap<>(pushed);
        bot.put(GateProperties.ACCEPTED_BY, "labeler[bot]");
        bot.put(GateProperties.ACCEPTED_HEAD, "b".repeat(40));
        GateResult byBot = regressionUnder(bot);
        assertEquals(1, byBot.exitCode());
        assertTrue(byBot.headline().contains("the label perf-accepted was set by @labeler[bot], a bot, not a maintainer"), byBot.headline());
        own.remove(GateProperties.ACCEPT_AUTHOR);
        GateResult unknown = regressionUnder(own);
        assertEquals(1, unknown.exitCode());
        assertTrue(unknown.headline().contains("the pull request's author is not known"), unknown.headline());

        Map<String, String> accepted = new java.util.HashMap<>(pushed);
        accepted.put(GateProperties.ACCEPTED_HEAD, "b".repeat(40));
        accepted.put(GateProperties.ACCEPT_SHOWN, "b".repeat(40));
        assertEquals(GateResult.Outcome.ACCEPTED, regressionUnder(accepted).outcome(),
                "the head it was set on, by another, after its failing result was shown: accepted");
        // Issue 81: the author pushed, and a maintainer set the label on the FAIL they read before the push's result was posted.
        Map<String, String> raced = new java.util.HashMap<>(accepted);
        raced.put(GateProperties.ACCEPT_SHOWN, "a".repeat(40));
        GateResult race = regressionUnder(raced);
        assertEquals(1, race.exitCode());
        assertTrue(race.headline().startsWith("confirmed regression (not accepted: the label perf-accepted was set by @maint-1 at "
                + "2026-11-28T09:00:00Z on head bbbbbbbbbbbb before the gate's failing result for that head was posted (the comment "
                + "showed head aaaaaaaaaaaa): it accepts only a cost someone saw; once this head's result is posted, remove the label and "
                + "set it again): s1"), race.headline());
        raced.remove(GateProperties.ACCEPT_SHOWN);
        assertTrue(regressionUnder(raced).headline().contains("(the comment showed no failing result)"), "nothing shown: refused");
        IllegalArgumentException notASha = assertThrows(IllegalArgumentException.class, () -> RunSummary.Provenance.of(
                GateSettings.of(Map.of(GateProperties.ACCEPTED_BY, "maint-1", GateProperties.ACCEPTED_HEAD, "HEAD~1"))));
        assertTrue(notASha.getMessage().contains("must be a full commit id"), notASha.getMessage());
    }

    private GateResult regressionUnder(Map<String, String> settings) throws java.io.IOException {
        Path folder = java.nio.file.Files.createTempDirectory(dir, "run");
        RunSummary summary = new RunSummary(folder, "pr", 1, RunSummary.Provenance.of(GateSettings.of(settings)));
        summary.judged("s1", "produce", RunSummary.Outcome.REGRESSION, folder.resolve("s1.json"), null,
                verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), folder.resolve("s1.confirmation.json"),
                verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), null);
        summary.finish();
        GateResult result = summary.result();
        return new GateResult(result.outcome(), result.exitCode(), result.headline(), result.judged(), folder.resolve("summary.json"),
                result.scenarios());
    }

    @Test
    void aStepAcrossNightliesIsNamedInTheHeadlineAndSummaryButNeverDecides() throws java.io.IOException {
        RunSummary summary = new RunSummary(dir, "nightly", 1, new RunSummary.Provenance("abc1234", "t-5"));
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, dir.resolve("s1.json"), null, verdict("s1", Metric.CPU_PER_RECORD,
                Verdict.OK), null, null, null);
        List<NightlyHistory.Night> nights = new java.util.ArrayList<>();
        for (int i = 0; i < 29; i++) {
            // CPU per record 7000 ns for 27 nights, then 8000 (+14%): two nights and tonight at the new level.
            nights.add(new NightlyHistory.Night("c" + i, "2026-10-01T03:17:00Z", "r" + i, "sha",
                    Map.of(Metric.CPU_PER_RECORD, (i < 27 ? 7000.0 : 8000.0) + (i % 2) * 20)));
        }
        summary.trend("s1", Trend.of(nights, "sha", "abc1234", Map.of(Metric.CPU_PER_RECORD, 8010.0), Map.of(Metric.CPU_PER_RECORD, 10.0)));
        summary.module("services/orders/perf");
        summary.finish();

        GateResult result = summary.result();
        assertEquals(GateResult.Outcome.PASS, result.outcome(), "a nightly's step is news, not a verdict of this run");
        assertEquals(0, result.exitCode());
        assertTrue(result.headline().startsWith("pass: 1 OK; STEP CHANGE across nightlies (not a verdict of this run: bisect from the "
                + "commit named): s1 cpuNsPerRecord +14."), result.headline());
        assertTrue(result.headline().contains("% 3 nights ago (7010 → 8010 ns/record, p "), result.headline());
        assertTrue(result.headline().endsWith("), from commit c27"), result.headline());
        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("summary.json").toFile());
        com.fasterxml.jackson.databind.JsonNode trend = written.at("/scenarios/0/trend");
        assertEquals("services/orders/perf", written.get("module").asText(), "for the comment's reproduce line");
        assertEquals(30, trend.get("nights").asInt());
        assertEquals(30, trend.at("/series/cpuNsPerRecord").size());
        assertEquals("tonight", trend.at("/labels/29").asText());
        assertTrue(trend.at("/steps/0/flagged").asBoolean(), trend.toPrettyString());
        assertEquals("c27", trend.at("/steps/0/commit").asText());
    }

    @Test
    void aWarningIsNamedInAPassingHeadlineInPlainWords() {
        RunSummary summary = new RunSummary(dir, "pr", 1, new RunSummary.Provenance("abc1234", "t-4"));
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, dir.resolve("s1.json"), null, verdict("s1", Metric.ALLOC_PER_RECORD,
                Verdict.REGRESSION), dir.resolve("s1.confirmation.json"), verdict("s1", Metric.ALLOC_PER_RECORD, Verdict.WARNING),
                "the regression flagged by the first run was not confirmed by the re-run");
        summary.finish();
        GateResult result = summary.result();
        assertEquals(GateResult.Outcome.PASS, result.outcome());
        assertTrue(result.headline().startsWith("pass: 1 WARNING; worse in both measurements but within the threshold (does not fail): "
                + "s1 allocBytesPerRecord "), result.headline());
        assertEquals(GateResult.Verdict.WARNING, result.scenarios().get(0).verdict());
    }

    /**
     * Issue 82: each clause of a passing headline says what its lines say. A WARNING of a scenario measured once is not "in
     * both measurements"; a BETTER (better, not confirmed) is counted apart and named; neither is INCONCLUSIVE.
     */
    @Test
    void eachHeadlineClauseIsTrueToItsLines() {
        RunSummary summary = new RunSummary(dir, "pr", 3, new RunSummary.Provenance("abc1234", "t-5"));
        summary.judged("once", "produce", RunSummary.Outcome.PASSED, dir.resolve("once.json"), null,
                verdict("once", Metric.ALLOC_PER_RECORD, Verdict.WARNING), null, null, null);
        summary.judged("twice", "produce", RunSummary.Outcome.PASSED, dir.resolve("twice.json"), null, verdict("twice",
                Metric.CPU_PER_RECORD, Verdict.REGRESSION), dir.resolve("twice.confirmation.json"),
                verdict("twice", Metric.CPU_PER_RECORD, Verdict.WARNING), "not confirmed by the re-run");
        summary.judged("linger", "produce", RunSummary.Outcome.PASSED, dir.resolve("linger.json"), null,
                verdict("linger", Metric.CPU_PER_RECORD, Verdict.BETTER), null, null, null);
        summary.finish();
        String headline = summary.result().headline();
        assertEquals(GateResult.Outcome.PASS, summary.result().outcome());
        java.util.regex.Matcher clauses = java.util.regex.Pattern.compile("^pass: 2 WARNING, 1 BETTER \\(not confirmed\\)"
                + "; worse in both measurements but within the threshold \\(does not fail\\): twice cpuNsPerRecord [+-][0-9.]+%"
                + "; worse within the threshold in one measurement, not confirmed \\(does not fail\\): once allocBytesPerRecord [+-][0-9.]+%"
                + "; better in one measurement, not confirmed: linger cpuNsPerRecord [+-][0-9.]+%"
                + "; a first measurement's regression did not repeat in a second \\(noise\\): twice$").matcher(headline);
        assertTrue(clauses.matches(), headline);
        assertEquals(GateResult.Verdict.BETTER, summary.result().scenarios().get(2).verdict());
    }

    @Test
    void aConfirmedRegressionFailsAndAnIncompleteRunOutranksIt() {
        RunSummary summary = new RunSummary(dir, "pr", 2, new RunSummary.Provenance("abc1234", "t-2"));
        summary.judged("s1", "produce", RunSummary.Outcome.REGRESSION, dir.resolve("s1.json"), null, verdict("s1", Metric.CPU_PER_RECORD,
                Verdict.REGRESSION), dir.resolve("s1.confirmation.json"), verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), "x");
        summary.finish();
        GateResult incomplete = summary.result();
        assertEquals(GateResult.Outcome.INCOMPLETE, incomplete.outcome(), "one of two selected scenarios never ran");
        assertEquals(2, incomplete.exitCode());

        RunSummary complete = new RunSummary(dir.resolve("b"), "pr", 1, new RunSummary.Provenance("abc1234", "t-3"));
        complete.judged("s1", "produce", RunSummary.Outcome.REGRESSION, dir.resolve("s1.json"), null, verdict("s1", Metric.CPU_PER_RECORD,
                Verdict.REGRESSION), dir.resolve("s1.confirmation.json"), verdict("s1", Metric.CPU_PER_RECORD, Verdict.REGRESSION), "x");
        complete.finish();
        GateResult regression = complete.result();
        assertEquals(GateResult.Outcome.REGRESSION, regression.outcome());
        assertEquals(1, regression.exitCode());
        assertEquals("confirmed regression: s1 (cpuNsPerRecord +20.0%)", regression.headline());
    }

    @Test
    void aRunThatComparedNothingSaysSo() {
        RunSummary summary = new RunSummary(dir, "pr", 1, new RunSummary.Provenance("abc1234", "t-4"));
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, dir.resolve("s1.json"), null, verdict("s1", Metric.THROUGHPUT, Verdict.MISMATCH),
                null, null, null);
        summary.finish();
        GateResult result = summary.result();
        assertEquals(GateResult.Outcome.NOT_JUDGED, result.outcome(), "a run that compared nothing is not a pass");
        assertEquals(2, result.exitCode());
        assertFalse(result.judged());
        assertTrue(result.headline().startsWith("nothing was judged (1 MISMATCH): no baseline of "), result.headline());
        assertTrue(result.headline().contains("-Dperf.allow.unjudged=true"), result.headline());
    }

    /** Issue 73: the comment's chart and its mismatch list print these fields; the rules behind them are Verdict's. */
    @Test
    void summaryJsonNamesTheFlaggedMetricsAndEachMismatchReasonOnce() throws java.io.IOException {
        Path folder = java.nio.file.Files.createTempDirectory(dir, "run");
        RunSummary summary = new RunSummary(folder, "pr", 1, new RunSummary.Provenance("abc1234", "t-6"));
        String why = "definition: producer.batch.size: 16384 → 32768";
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, folder.resolve("s1.json"), null, new ScenarioVerdict("s1", List.of(
                new MetricVerdict(Metric.THROUGHPUT, Verdict.MISMATCH, 100, 120, 10, null, why),
                new MetricVerdict(Metric.P99, Verdict.MISMATCH, 100, 120, 25, null, why),
                new MetricVerdict(Metric.CPU_PER_RECORD, Verdict.IMPROVEMENT, 100, 80, 10, null, ""),
                new MetricVerdict(Metric.ALLOC_PER_RECORD, Verdict.INCONCLUSIVE, 100, 120, 10, null, "noise")), List.of()),
                null, null, null);
        summary.finish();
        com.fasterxml.jackson.databind.JsonNode scenario = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(folder.resolve("summary.json").toFile()).path("scenarios").get(0);
        assertEquals("[\"" + why + "\"]", scenario.path("mismatchReasons").toString(), "each reason once");
        List<Boolean> flagged = new java.util.ArrayList<>();
        List<Boolean> attention = new java.util.ArrayList<>();
        scenario.path("metrics").forEach(metric -> {
            flagged.add(metric.path("flagged").asBoolean());
            attention.add(metric.path("attention").asBoolean());
        });
        assertEquals(List.of(false, false, true, false), flagged, "only a change beyond the noise and the threshold is drawn");
        assertEquals(List.of(true, true, true, true), attention);
    }

    @Test
    void aRunThatComparedNothingPassesOnlyWhenAskedTo() {
        RunSummary summary = new RunSummary(dir, "nightly", 1, new RunSummary.Provenance("abc1234", "t-5"));
        summary.environment("linux-amd64-2c", "amd-epyc", FINGERPRINT, new Ruler(10, 100), Drift.between(new Ruler(10, 100), List.of(), 0.5),
                GatePolicy.forSuite(6, GateSettings.of(Map.of(GateProperties.ALLOW_UNJUDGED, "true"))), InjectedCost.NONE);
        summary.judged("s1", "produce", RunSummary.Outcome.PASSED, dir.resolve("s1.json"), null, verdict("s1", Metric.THROUGHPUT, Verdict.NEW),
                null, null, null);
        summary.finish();
        GateResult result = summary.result();
        assertEquals(GateResult.Outcome.PASS, result.outcome());
        assertEquals(0, result.exitCode());
        assertEquals("nothing was judged (1 NEW): no baseline of profile 'linux-amd64-2c', machine class 'amd-epyc' matches; "
                + "passes because -Dperf.allow.unjudged=true asked for it, but says nothing about performance", result.headline());
        assertThrows(IllegalArgumentException.class, () -> GatePolicy.forSuite(6, GateSettings.of(Map.of(GateProperties.ALLOW_UNJUDGED, "yes"))),
                "a typo must not silently mean false");
    }

    @Test
    void theSummaryCarriesTheGatedLatencysPercentilesForTheComment() throws java.io.IOException {
        RunSummary summary = new RunSummary(dir, "nightly", 1, new RunSummary.Provenance("abc1234", "t-6"));
        org.HdrHistogram.Histogram lag = new org.HdrHistogram.Histogram(3);
        for (long us = 1_000; us <= 100_000; us += 1_000) {
            lag.recordValue(us);   // 1 ms .. 100 ms, one each
        }
        RunFigures figures = new RunFigures(Map.of(), lag, GatedLatency.MIRROR_LAG);
        summary.judged("mirror-15k", "mirror", RunSummary.Outcome.PASSED, dir.resolve("mirror-15k.json"), figures,
                verdict("mirror-15k", Metric.P99, Verdict.NEW), null, null, null);
        summary.finish();

        com.fasterxml.jackson.databind.JsonNode latency = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("summary.json").toFile()).at("/scenarios/0/latency");
        assertEquals("mirror lag", latency.path("measures").asText());
        assertEquals(100, latency.path("count").asLong());
        assertEquals(50_000, latency.path("p50").asLong(), 50);
        assertEquals(99_000, latency.path("p99").asLong(), 99);
        assertEquals(100_000, latency.path("max").asLong(), 100);
    }

    /** One metric's verdict, 100 → 120 in its unit. */
    private static ScenarioVerdict verdict(String scenario, Metric metric, Verdict verdict) {
        return new ScenarioVerdict(scenario, List.of(new MetricVerdict(metric, verdict, 100, 120, 10, null, "")), List.of());
    }
}
