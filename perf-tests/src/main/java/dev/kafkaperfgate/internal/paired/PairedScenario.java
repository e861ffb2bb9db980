package dev.kafkaperfgate.internal.paired;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.Measurer;
import dev.kafkaperfgate.internal.engine.ScenarioEngine;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.verdict.DefinitionParts;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges one scenario in paired mode and records it in summary.json: measure both sides, judge,
 * and when a metric regresses measure again, on a fresh pair of worker JVMs ({@link WorkerPair}
 * says why), and fail only if the same metric regresses again. A
 * scenario a side cannot run is an error naming that side: the head's failure is the pull
 * request's, the base's is the runner's.
 */
final class PairedScenario {

    private final PairedTrials trials;
    private final ScenarioEngine engine;
    private final RunSummary summary;
    private final Path results;
    private final int blocks;
    private final PrintStream console;

    PairedScenario(PairedTrials trials, ScenarioEngine engine, RunSummary summary, Path results, int blocks, PrintStream console) {
        this.trials = trials;
        this.engine = engine;
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
            Decision<PairedMeasurement> decision = engine.decide(scenario.name(), new Measurer<>() {
                @Override
                public PairedMeasurement measure(boolean confirmation) {
                    return trials.measure(scenario, headFile, blocks, confirmation ? new ArrayList<>() : opened);
                }

                @Override
                public Evidence evidence(PairedMeasurement measurement) {
                    List<String> changes = new ArrayList<>(DefinitionParts.subjectChanges(measurement.baseDefinition(),
                            measurement.headDefinition()));
                    opened.forEach(open -> open.experimentChanges().forEach(change -> changes.add(change
                            + " (not applied: the base's experiment runs)")));
                    changes.addAll(ruleChanges);
                    return new Evidence.Paired(scenario.name(), measurement.blocks(), scenario.thresholds(), changes);
                }

                @Override
                public void freshen() {
                    trials.freshWorkers();
                }

                @Override
                public String confirmationWay() {
                    return "a second paired measurement on fresh worker JVMs";
                }
            });
            ObjectNode paired = JsonNodeFactory.instance.objectNode();
            paired.set("trials", decision.first().toJson());
            if (decision.flagged()) {
                paired.set("confirmationTrials", decision.second().toJson());
            }
            Path file = PairedSession.write(results, scenario.name(), resultJson(scenario, decision));
            if (decision.regressed()) {
                summary.judgedPaired(scenario.name(), workload, Outcome.REGRESSION, file, decision.verdict(), decision.again(),
                        decision.regressionMessage(), paired);
                console.println("[kafka-perf-gate] REGRESSION " + decision.regressionMessage());
                return;
            }
            summary.judgedPaired(scenario.name(), workload, Outcome.PASSED, file, decision.verdict(), decision.again(),
                    decision.notConfirmedMessage(), paired);
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

    private static ObjectNode resultJson(CatalogEntry scenario, Decision<PairedMeasurement> decision) {
        PairedMeasurement first = decision.first();
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("scenario", scenario.name());
        root.put("workload", scenario.workload().key());
        root.put("mode", "paired");
        root.set("baseDefinition", first.baseDefinition());
        root.set("headDefinition", first.headDefinition());
        root.set("trials", first.toJson());
        decision.verdict().metrics().forEach(metric -> root.withArray("verdict").add(metric.line()));
        if (decision.flagged()) {
            root.set("confirmationTrials", decision.second().toJson());
            decision.again().metrics().forEach(metric -> root.withArray("confirmation").add(metric.line()));
        }
        return root;
    }
}
