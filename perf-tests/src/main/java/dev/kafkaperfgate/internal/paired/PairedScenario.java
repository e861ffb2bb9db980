package dev.kafkaperfgate.internal.paired;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.verdict.DefinitionParts;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.PairedJudge;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Judges one scenario in paired mode and records it in summary.json: measure both sides, judge,
 * and when a metric regresses measure again, on a fresh pair of worker JVMs ({@link WorkerPair}
 * says why), and fail only if the same metric regresses again. A
 * scenario a side cannot run is an error naming that side: the head's failure is the pull
 * request's, the base's is the runner's.
 */
final class PairedScenario {

    private final PairedTrials trials;
    private final PairedJudge judge;
    private final RunSummary summary;
    private final Path results;
    private final int blocks;
    private final PrintStream console;

    PairedScenario(PairedTrials trials, PairedJudge judge, RunSummary summary, Path results, int blocks, PrintStream console) {
        this.trials = trials;
        this.judge = judge;
        this.summary = summary;
        this.results = results;
        this.blocks = blocks;
        this.console = console;
    }

    /**
     * @param headFile     the head's file of the scenario, or {@code null} when the head has none
     * @param ruleChanges  what the head changed in the scenario's rules (not applied), for the reader
     */
    void run(CatalogEntry scenario, Path headFile, List<String> ruleChanges) {
        String workload = scenario.workload().key();
        try {
            List<PairedTrials.Opened> opened = new ArrayList<>();
            PairedMeasurement first = trials.measure(scenario, headFile, blocks, opened);
            ScenarioVerdict verdict = verdict(scenario, first, ruleChanges, opened);
            print(scenario, "verdict", verdict);
            ObjectNode paired = JsonNodeFactory.instance.objectNode();
            paired.set("trials", first.toJson());
            if (!verdict.has(Verdict.REGRESSION)) {
                Path file = PairedSession.write(results, scenario.name(), resultJson(scenario, first, verdict, null, null));
                summary.judgedPaired(scenario.name(), workload, Outcome.PASSED, file, verdict, null, null, paired);
                return;
            }
            console.printf("[%s] regression flagged: measuring both sides again, on fresh worker JVMs, to confirm%n", scenario.name());
            trials.freshWorkers();
            PairedMeasurement second = trials.measure(scenario, headFile, blocks, new ArrayList<>());
            ScenarioVerdict again = verdict(scenario, second, ruleChanges, opened);
            print(scenario, "confirmation", again);
            paired.set("confirmationTrials", second.toJson());
            Path file = PairedSession.write(results, scenario.name(), resultJson(scenario, first, verdict, second, again));
            List<MetricVerdict> confirmed = again.with(Verdict.REGRESSION).stream()
                    .filter(metric -> verdict.with(Verdict.REGRESSION).stream().anyMatch(flagged -> flagged.metric() == metric.metric()))
                    .toList();
            if (confirmed.isEmpty()) {
                summary.judgedPaired(scenario.name(), workload, Outcome.PASSED, file, verdict, again,
                        "the regression flagged by the first measurement was not confirmed by the second", paired);
                console.printf("[%s] not confirmed: the second measurement did not regress; passes%n", scenario.name());
                return;
            }
            String message = scenario.name() + ": " + oneLine(verdict.with(Verdict.REGRESSION)) + "; confirmed by a second paired measurement: "
                    + oneLine(confirmed);
            summary.judgedPaired(scenario.name(), workload, Outcome.REGRESSION, file, verdict, again, message, paired);
            console.println("[kafka-perf-gate] REGRESSION " + message);
        } catch (WorkerException e) {
            // The message names the side; a head that cannot run the scenario is the PR's failure.
            boolean head = e.getMessage().startsWith(Side.HEAD.key());
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e.getMessage());
            summary.failed(scenario.name(), workload, head ? Outcome.FAILED : Outcome.ERROR, e);
        } catch (BrokerUnavailableException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e.getMessage());
            summary.failed(scenario.name(), workload, Outcome.ERROR, e);
        } catch (RuntimeException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e);
            summary.failed(scenario.name(), workload, Outcome.FAILED, e);
        }
    }

    private ScenarioVerdict verdict(CatalogEntry scenario, PairedMeasurement measurement, List<String> ruleChanges,
                                    List<PairedTrials.Opened> opened) {
        List<String> changes = new ArrayList<>(DefinitionParts.subjectChanges(measurement.baseDefinition(), measurement.headDefinition()));
        opened.forEach(open -> open.experimentChanges().forEach(change -> changes.add(change + " (not applied: the base's experiment runs)")));
        changes.addAll(ruleChanges);
        return judge.judge(scenario.name(), measurement.blocks(), scenario.thresholds(), changes);
    }

    private void print(CatalogEntry scenario, String label, ScenarioVerdict verdict) {
        if (!verdict.changes().isEmpty()) {
            console.printf("[%s] %s: judged with the change: %s%n", scenario.name(), label, String.join(", ", verdict.changes()));
        }
        verdict.metrics().forEach(metric -> console.printf("[%s] %s: %s%n", scenario.name(), label, metric.line()));
    }

    private static ObjectNode resultJson(CatalogEntry scenario, PairedMeasurement first, ScenarioVerdict verdict,
                                         PairedMeasurement second, ScenarioVerdict again) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("scenario", scenario.name());
        root.put("workload", scenario.workload().key());
        root.put("mode", "paired");
        root.set("baseDefinition", first.baseDefinition());
        root.set("headDefinition", first.headDefinition());
        root.set("trials", first.toJson());
        verdict.metrics().forEach(metric -> root.withArray("verdict").add(metric.line()));
        if (second != null) {
            root.set("confirmationTrials", second.toJson());
            again.metrics().forEach(metric -> root.withArray("confirmation").add(metric.line()));
        }
        return root;
    }

    private static String oneLine(List<MetricVerdict> metrics) {
        return metrics.stream().map(MetricVerdict::line).collect(Collectors.joining("; "));
    }
}
