package dev.kafkaperfgate.internal.paired;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.component.ComponentStageException;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.ScenarioEngine;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.result.RunSummary;

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
    private final Components components;
    private final ScenarioEngine engine;
    private final RunSummary summary;
    private final Path results;
    private final int blocks;
    /** How many times a scenario's whole-client measurement may be judged while INCONCLUSIVE ({@code perf.paired.looks}). */
    private final int looks;
    private final PrintStream console;

    PairedScenario(PairedTrials trials, Components components, ScenarioEngine engine, RunSummary summary, Path results, int blocks,
                   int looks, PrintStream console) {
        this.looks = looks;
        this.trials = trials;
        this.components = components;
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
            Decision<PairedMeasurement> decision = engine.decide(scenario.name(),
                    new ClientMeasurer(trials, scenario, headFile, blocks, looks, ruleChanges));
            ObjectNode paired = JsonNodeFactory.instance.objectNode();
            paired.set("trials", decision.first().toJson());
            if (decision.flagged()) {
                paired.set("confirmationTrials", decision.second().toJson());
            }
            List<Decision<?>> parts = new ArrayList<>(List.of(decision));
            components.notes(scenario.name()).forEach(note -> paired.withArray("componentNotes").add(note));
            for (ComponentRef component : components.of(scenario.name())) {
                Decision<PairedMeasurement> alone = engine.decide(scenario.name(),
                        components.stage().measurer(components.files(scenario.name()), component));
                ObjectNode node = paired.with("components").putObject(component.label());
                node.set("trials", alone.first().toJson());
                if (alone.flagged()) {
                    node.set("confirmationTrials", alone.second().toJson());
                }
                parts.add(alone);
            }
            for (ComponentRef component : components.reported(scenario.name())) {
                try {
                    paired.withArray("reported").add(components.stage().report(components.files(scenario.name()), component));
                } catch (ComponentStageException e) {
                    // Reported only: what cannot be measured alone is said, and fails nothing (the whole client ran it).
                    String note = component.label() + ": not measured alone: " + e.getMessage();
                    console.println("[kafka-perf-gate] " + scenario.name() + ": " + note);
                    paired.withArray("componentNotes").add(note);
                }
            }
            Decision<List<Object>> all = Decision.combine(parts);
            Path file = PairedSession.write(results, scenario.name(), resultJson(scenario, decision, all, paired));
            if (all.regressed()) {
                summary.judgedPaired(scenario.name(), workload, Outcome.REGRESSION, file, all.verdict(), all.again(),
                        all.regressionMessage(), paired);
                console.println("[kafka-perf-gate] REGRESSION " + all.regressionMessage());
                return;
            }
            summary.judgedPaired(scenario.name(), workload, Outcome.PASSED, file, all.verdict(), all.again(),
                    all.notConfirmedMessage(), paired);
        } catch (ComponentStageException e) {
            // The message names the side: a head whose component cannot be measured is the PR's failure.
            console.println("[kafka-perf-gate] " + scenario.name() + ": component stage: " + e.getMessage());
            summary.failed(scenario.name(), workload, e.getMessage().startsWith("the head") ? Outcome.FAILED : Outcome.ERROR, e);
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

    private static ObjectNode resultJson(CatalogEntry scenario, Decision<PairedMeasurement> client, Decision<List<Object>> all,
                                         ObjectNode paired) {
        PairedMeasurement first = client.first();
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("scenario", scenario.name());
        root.put("workload", scenario.workload().key());
        root.put("mode", "paired");
        root.set("baseDefinition", first.baseDefinition());
        root.set("headDefinition", first.headDefinition());
        root.set("trials", first.toJson());
        if (paired.has("components")) {
            root.set("components", paired.get("components"));
        }
        if (paired.has("reported")) {
            root.set("reported", paired.get("reported"));
        }
        all.verdict().metrics().forEach(metric -> root.withArray("verdict").add(metric.line()));
        if (client.flagged()) {
            root.set("confirmationTrials", client.second().toJson());
        }
        if (all.flagged()) {
            all.again().metrics().forEach(metric -> root.withArray("confirmation").add(metric.line()));
        }
        return root;
    }
}
