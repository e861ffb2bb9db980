package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.acceptance.Acceptance;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.history.Trend;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.workload.InjectedCost;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import static dev.kafkaperfgate.internal.result.ResultBlocks.JSON;

/**
 * What a gate run did and decided, scenario by scenario: {@code <results dir>/summary.json},
 * rewritten after every scenario so that a run cut short still says how far it got. A run is
 * complete only when every selected scenario ran (failed and error outcomes make it incomplete)
 * and the suite reached its end; {@code scripts/gate.sh} and {@code scripts/refresh-baselines.sh}
 * refuse to treat an incomplete run as a pass.
 *
 * <pre>{@code
 * RunSummary run = new RunSummary(resultsDir, "pr", 2, provenance);
 * run.environment(profile, machineClass, fingerprint, ruler, drift, policy, injection);
 * run.judged("producer-1k-acks1-20k", "produce", Outcome.PASSED, resultFile, figures, verdict, null, null, null);
 * run.failed("consumer-300b", "consume", Outcome.FAILED, exception);
 * run.finish();   // summary.json: "complete": false, one failed scenario named with its message
 * }</pre>
 */
public final class RunSummary {

    /** How one scenario ended. */
    public enum Outcome {
        /** Ran; no confirmed regression. */
        PASSED,
        /** Ran; a regression was flagged and confirmed by the re-run: the build fails. */
        REGRESSION,
        /** Ran, but had no usable baseline (NEW or MISMATCH) while -Dperf.baseline.required=true. */
        NO_BASELINE,
        /** Could not run for a reason of its own (a refused topic, a lost record). */
        FAILED,
        /** Could not run for a reason of the infrastructure (broker, Docker). */
        ERROR,
        /**
         * Not measured: nothing its clients run differs between base and head (classes by content,
         * settings, config files, JVM options). Passes, and says so.
         */
        UNCHANGED;

        String key() {
            return name().toLowerCase().replace('_', '-');
        }

        boolean ran() {
            return this != FAILED && this != ERROR;
        }
    }

    /** Where the run came from: recorded so a baseline built from it says what it measured. */
    public record Provenance(String commit, String runId, Acceptance acceptance) {

        public Provenance(String commit, String runId) {
            this(commit, runId, null);
        }

        /** The settings' commit, run id and acceptance; a run without an id gets {@code local-<epoch seconds>}. */
        public static Provenance of(GateSettings settings) {
            return new Provenance(settings.runCommit(),
                    settings.runId() == null ? "local-" + Instant.now().getEpochSecond() : settings.runId(), Acceptance.of(settings));
        }
    }

    /** One scenario's line of the summary, as {@link ScenarioJson} writes it. */
    record Entry(String scenario, String workload, Outcome outcome, String resultFile, String message,
                         ScenarioVerdict verdict, String confirmationFile, ScenarioVerdict confirmation, ObjectNode paired,
                         ObjectNode latency) {
    }

    private final Path directory;
    private final String suite;
    private final int selected;
    private final Provenance provenance;
    private final Instant startedAt = Instant.now();
    private final List<Entry> entries = new ArrayList<>();
    /** Per scenario, its trend across nightlies (stored mode with a nightly history). */
    private final Map<String, Trend> trends = new java.util.LinkedHashMap<>();
    private ObjectNode environment;
    private ObjectNode mode;
    private String headlinePrefix = "";
    private boolean allowUnjudged;
    private String baselinesWhere = "baselines/<profile>/<machine class>/";
    private boolean finished;
    /** The team's module, relative to its repository's root, when gate.sh ran one (--module): for the reproduce line. */
    private String module;
    private String stopped;

    /**
     * @param suite    the suite selected, or {@code null} for all
     * @param selected how many scenarios the run selected
     */
    public RunSummary(Path directory, String suite, int selected, Provenance provenance) {
        this.directory = directory;
        this.suite = suite;
        this.selected = selected;
        this.provenance = provenance;
    }

    /** Records what the run measured on and how strictly it judges, before the first scenario. */
    public synchronized void environment(String profile, String machineClass, Fingerprint fingerprint, Ruler ruler, Drift drift,
                                         GatePolicy policy, InjectedCost injection) {
        ObjectNode node = VerdictJson.environment(profile, machineClass, fingerprint, ruler, drift, policy, injection);
        allowUnjudged = policy.allowUnjudged();
        baselinesWhere = "profile '" + profile + "', machine class '" + machineClass + "'";
        environment = node;
        write();
    }

    /** Why the run stopped before its end (its broker did not start), for the headline; the scenarios it did not reach are not run. */
    public synchronized void stopped(String why) {
        this.stopped = why;
        write();
    }

    /** The team's module relative to its repository's root ({@code perf.run.module}), or {@code null}: summary.json's {@code module}. */
    public synchronized void module(String relativePath) {
        this.module = relativePath;
        write();
    }

    /**
     * Which mode judged, for summary.json's {@code mode} block and the headline: {@code paired}
     * (head against a base built on this runner) or {@code stored} (against baselines/), with the
     * reason when stored mode stands in for paired.
     *
     * @param headlinePrefix e.g. {@code "paired: head vs base 1a2b3c4: "}; empty for none
     */
    public synchronized void mode(ObjectNode block, String headlinePrefix) {
        this.mode = block;
        this.headlinePrefix = headlinePrefix;
        write();
    }

    /**
     * A scenario judged in paired mode.
     *
     * @param paired each side's trials in run order, and the confirmation's, as summary.json shows them
     */
    public synchronized void judgedPaired(String scenario, String workload, Outcome outcome, Path resultFile, ScenarioVerdict verdict,
                                          ScenarioVerdict confirmation, String message, ObjectNode paired) {
        entries.add(new Entry(scenario, workload, outcome, resultFile.getFileName().toString(), message, verdict,
                confirmation == null ? null : resultFile.getFileName().toString(), confirmation, paired, null));
        write();
    }

    /**
     * A scenario that ran and was judged.
     *
     * @param figures          what the (first) run measured: its gated latency's percentiles go into summary.json
     * @param confirmationFile the re-run's result file when the first run flagged a regression, else {@code null}
     */
    public synchronized void judged(String scenario, String workload, Outcome outcome, Path resultFile, RunFigures figures,
                                    ScenarioVerdict verdict, Path confirmationFile, ScenarioVerdict confirmation, String message) {
        entries.add(new Entry(scenario, workload, outcome, resultFile.getFileName().toString(), message, verdict,
                confirmationFile == null ? null : confirmationFile.getFileName().toString(), confirmation, null, VerdictJson.latency(figures)));
        write();
    }

    /** The scenario's trend across nightlies: summary.json's {@code trend} block, and its flagged steps in the headline. */
    public synchronized void trend(String scenario, Trend trend) {
        trends.put(scenario, trend);
        write();
    }

    /** A scenario not measured because nothing its clients run differs between base and head; {@code why} says what was compared. */
    public synchronized void unchanged(String scenario, String workload, String why) {
        entries.add(new Entry(scenario, workload, Outcome.UNCHANGED, null, why, null, null, null, null, null));
        write();
    }

    /** @param outcome FAILED for a scenario's own problem, ERROR for an infrastructure one (broker, Docker) */
    public synchronized void failed(String scenario, String workload, Outcome outcome, Throwable cause) {
        entries.add(new Entry(scenario, workload, outcome, null, String.valueOf(cause.getMessage()), null, null, null, null, null));
        write();
    }

    /** Marks the end of the suite and writes the final summary; returns whether the run is complete. */
    public synchronized boolean finish() {
        finished = true;
        write();
        return isComplete();
    }

    public synchronized boolean isComplete() {
        return finished && entries.size() == selected && entries.stream().allMatch(entry -> entry.outcome().ran());
    }

    /** The scenarios that could not run, one line each: {@code name (outcome): message}. */
    public synchronized List<String> problems() {
        return entries.stream().filter(entry -> !entry.outcome().ran())
                .map(entry -> entry.scenario() + " (" + entry.outcome().key() + "): " + entry.message()).toList();
    }

    /**
     * The run's decision and its verdicts: the one place where pass, regression and incomplete are
     * decided. Written into summary.json as its {@code decision} block.
     */
    public synchronized GateResult result() {
        List<String> regressed = entries.stream()
                .filter(entry -> entry.outcome() == Outcome.REGRESSION || entry.outcome() == Outcome.NO_BASELINE)
                .map(RunSummary::regressionText).toList();
        boolean judged = entries.stream().map(RunSummary::finalVerdict).filter(Objects::nonNull)
                .flatMap(verdict -> verdict.metrics().stream())
                .anyMatch(metric -> metric.verdict() != Verdict.NEW && metric.verdict() != Verdict.MISMATCH);
        Acceptance acceptance = provenance.acceptance();
        String refusal = acceptance == null ? null : acceptance.refusal();
        GateResult.Outcome outcome;
        String headline;
        if (!isComplete()) {
            outcome = GateResult.Outcome.INCOMPLETE;
            headline = "run INCOMPLETE: " + (stopped != null ? "the run stopped: " + stopped + (problems().isEmpty() ? "" : "; ") : "")
                    + (problems().isEmpty() ? (stopped != null ? "" : "the suite did not reach its end") : String.join("; ", problems()));
        } else if (!regressed.isEmpty() && acceptance != null && refusal == null) {
            // A maintainer's label accepts the cost of the head it was set on: the figures stay, the job passes.
            outcome = GateResult.Outcome.ACCEPTED;
            headline = acceptance.describe() + ": confirmed regression: " + String.join("; ", regressed);
        } else if (!regressed.isEmpty()) {
            outcome = GateResult.Outcome.REGRESSION;
            // Why the label did not accept it comes first: the comment cuts a long headline.
            headline = "confirmed regression" + (refusal == null ? "" : " (not accepted: " + refusal + ")") + ": "
                    + String.join("; ", regressed);
        } else if (!judged && !entries.isEmpty() && entries.stream().allMatch(entry -> entry.outcome() == Outcome.UNCHANGED)) {
            outcome = GateResult.Outcome.PASS;
            headline = "pass: nothing the clients run changed (" + entries.size() + (entries.size() == 1 ? " scenario" : " scenarios")
                    + " not measured: classes by content, settings, config files and JVM options are the same on both sides)";
        } else if (!judged) {
            String nothing = "nothing was judged (" + countsText() + "): no baseline of " + baselinesWhere + " matches";
            if (allowUnjudged) {
                outcome = GateResult.Outcome.PASS;
                headline = nothing + "; passes because -Dperf.allow.unjudged=true asked for it, but says nothing about performance";
            } else {
                outcome = GateResult.Outcome.NOT_JUDGED;
                boolean mismatched = entries.stream().map(RunSummary::finalVerdict).filter(Objects::nonNull)
                        .anyMatch(verdict -> verdict.overall() == Verdict.MISMATCH);
                headline = nothing + (mismatched ? " (MISMATCH: recorded with another definition or environment)" : "")
                        + "; record baselines on this machine class (scripts/refresh-baselines.sh), judge head against base "
                        + "(scripts/gate.sh --base REF), or pass -Dperf.allow.unjudged=true to accept a run that judges nothing";
            }
        } else {
            outcome = GateResult.Outcome.PASS;
            List<String> noise = entries.stream().filter(RunSummary::noise).map(Entry::scenario).toList();
            long unchanged = entries.stream().filter(entry -> entry.outcome() == Outcome.UNCHANGED).count();
            // Each clause says what its lines say: "in both measurements" only of a scenario measured twice (issue 82).
            headline = "pass: " + countsText()
                    + (unchanged == 0 ? "" : "; " + unchanged + " unchanged, not measured")
                    + named(Verdict.WARNING, true, "; worse in both measurements but within the threshold (does not fail): ")
                    + named(Verdict.WARNING, false, "; worse within the threshold in one measurement, not confirmed (does not fail): ")
                    + named(Verdict.BETTER, false, "; better in one measurement, not confirmed: ")
                    + (noise.isEmpty() ? "" : "; a first measurement's regression did not repeat in a second (noise): "
                    + String.join(", ", noise));
        }
        // A step across nightlies never decides (a nightly has no pull request to block), but it is news for the reader.
        List<String> steps = trends.entrySet().stream().flatMap(trend -> trend.getValue().flagged().stream()
                .map(step -> trend.getKey() + " " + step.describe())).toList();
        if (!steps.isEmpty()) {
            headline += "; STEP CHANGE across nightlies (not a verdict of this run: bisect from the commit named): " + String.join("; ", steps);
        }
        return new GateResult(outcome, outcome.exitCode(), headlinePrefix + headline, judged, directory.resolve("summary.json"),
                entries.stream().map(RunSummary::scenarioResult).toList());
    }

    /** {@code clause} and each metric with {@code verdict} in a scenario measured twice (or once), with its change; empty when none. */
    private String named(Verdict verdict, boolean twice, String clause) {
        List<String> named = entries.stream().filter(entry -> (entry.confirmation() != null) == twice).map(RunSummary::finalVerdict)
                .filter(Objects::nonNull).flatMap(last -> last.with(verdict).stream().map(metric -> last.scenario() + " "
                        + metric.subject() + String.format(Locale.ROOT, " %+.1f%%", metric.deltaPercent()))).toList();
        return named.isEmpty() ? "" : clause + String.join(", ", named);
    }

    private static ScenarioVerdict finalVerdict(Entry entry) {
        return entry.confirmation() != null ? entry.confirmation() : entry.verdict();
    }

    private static String regressionText(Entry entry) {
        ScenarioVerdict verdict = finalVerdict(entry);
        if (verdict == null || entry.outcome() == Outcome.NO_BASELINE) {
            return entry.scenario() + " (" + entry.outcome().key() + ")";
        }
        return entry.scenario() + " (" + verdict.with(Verdict.REGRESSION).stream()
                .map(metric -> String.format(Locale.ROOT, "%s %+.1f%%", metric.subject(), metric.deltaPercent()))
                .collect(Collectors.joining(", ")) + ")";
    }

    private static GateResult.ScenarioResult scenarioResult(Entry entry) {
        ScenarioVerdict verdict = finalVerdict(entry);
        List<GateResult.MetricResult> metrics = verdict == null ? List.of() : PublicResults.metrics(verdict);
        return new GateResult.ScenarioResult(entry.scenario(), PublicResults.outcome(entry.outcome()),
                verdict == null ? null : PublicResults.verdict(verdict.overall()),
                verdict == null ? List.of() : verdict.changes(), entry.message(), metrics);
    }

    /**
     * A scenario measured twice because its first measurement flagged a regression, which passed:
     * the second did not repeat it. Its final verdicts say so metric by metric; the headline names it.
     */
    private static boolean noise(Entry entry) {
        return entry.outcome() == Outcome.PASSED && entry.confirmation() != null;
    }

    /** "3 OK, 1 INCONCLUSIVE": the scenarios' overall final verdicts (after a second measurement, when there was one). */
    private String countsText() {
        List<String> parts = new ArrayList<>();
        for (Verdict verdict : ScenarioVerdict.ATTENTION) {
            long count = entries.stream().map(RunSummary::finalVerdict)
                    .filter(Objects::nonNull).filter(last -> last.overall() == verdict).count();
            if (count > 0) {
                parts.add(count + " " + verdict.headlineWord());
            }
        }
        return parts.isEmpty() ? "no verdicts" : String.join(", ", parts);
    }

    /** How many scenarios have each overall verdict, in the order of attention. */
    private ObjectNode counts() {
        ObjectNode counts = JSON.createObjectNode();
        for (Verdict verdict : ScenarioVerdict.ATTENTION) {
            counts.put(verdict.name(), entries.stream().filter(entry -> entry.verdict() != null)
                    .filter(entry -> (entry.confirmation() != null ? entry.confirmation() : entry.verdict()).overall() == verdict).count());
        }
        return counts;
    }

    private long count(Outcome outcome) {
        return entries.stream().filter(entry -> entry.outcome() == outcome).count();
    }

    private void write() {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", ResultFile.SCHEMA_VERSION);
        root.put("suite", suite);
        root.put("commit", provenance.commit());
        root.put("runId", provenance.runId());
        GateResult result = result();
        if (provenance.acceptance() != null) {
            // "accepted" only when the label made the outcome: a label on a run with nothing to accept accepted nothing.
            ObjectNode label = provenance.acceptance().toJson();
            boolean acceptedIt = result.outcome() == GateResult.Outcome.ACCEPTED;
            root.set(acceptedIt ? "accepted" : "notAccepted", acceptedIt || label.has("why") ? label : label.put("why",
                    result.outcome() == GateResult.Outcome.INCOMPLETE ? "the run is INCOMPLETE: a label accepts the confirmed "
                            + "regressions of a run that judged every scenario" : "no confirmed regression to accept"));
        }
        root.put("module", module);
        root.put("startedAt", startedAt.toString());
        root.put("updatedAt", Instant.now().toString());
        root.put("selected", selected);
        root.put("finished", finished);
        root.put("complete", isComplete());
        root.put("regressions", count(Outcome.REGRESSION));
        root.put("notRun", count(Outcome.FAILED) + count(Outcome.ERROR));
        if (environment != null) {
            root.setAll(environment);
        }
        if (mode != null) {
            root.set("mode", mode);
        }
        ObjectNode counts = counts();
        root.set("counts", counts);
        ObjectNode decision = root.putObject("decision");
        decision.put("outcome", result.outcome().name());
        decision.put("exitCode", result.exitCode());
        decision.put("status", result.outcome().status());
        decision.put("judged", result.judged());
        decision.put("headline", result.headline());
        decision.put("title", DecisionTitle.of(result, counts, entries.stream().map(Entry::outcome).toList(), provenance.acceptance()));
        ArrayNode scenarios = root.putArray("scenarios");
        for (Entry entry : entries) {
            scenarios.add(ScenarioJson.of(entry, trends.get(entry.scenario())));
        }
        root.put("reproduce", ReproduceCommand.of(root));
        ResultBlocks.write(root, directory, "summary.json");
    }
}
