package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.frame.RunStoppedException;
import dev.kafkaperfgate.internal.settings.ClientsMode;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.paired.client.ClientMeasurer;
import dev.kafkaperfgate.internal.paired.client.PairedTrials;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.component.ComponentStageException;
import dev.kafkaperfgate.internal.component.ComponentStage;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.call.ComponentScenario;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.FirstMeasurement;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * Judges one scenario in paired mode and records it in summary.json: the team's components alone
 * first (fast and exact), then the whole client; each judged, and when a metric regresses measured
 * again, on a fresh pair of worker JVMs ({@link WorkerPair} says why), failing only if the same
 * metric regresses again. A component's flag is confirmed at once (its duels take seconds); a whole
 * client's waits until every scenario has had its first look, and the strongest flag is confirmed
 * first ({@link PairedMode#finish}). Once the run has failed, confirmations are skipped (fail-fast),
 * so one confirmed regression spares the confirmations of weaker flags, minutes each. A scenario
 * whose clients run nothing that changed is not measured, and passes saying so. A scenario a side
 * cannot run is an error naming that side: the head's failure is the pull request's, the base's is
 * the runner's.
 */
final class PairedScenario {

    private final PairedTrials trials;
    private final Components components;
    /** The run's decisions, and its fail-fast: once a regression is confirmed, confirmations and second looks are skipped. */
    private final RunDecisions decisions;
    private final RunSummary summary;
    private final Path results;
    private final Looks looks;
    private final PrintStream console;
    private final ClientsMode clients;
    /** Both sides' test classpaths hold the same classes and resources, by content. */
    private final boolean sameClientCode;
    /** A maintainer's accept label is in play: what a regression costs the whole client is shown before it is accepted. */
    private final boolean labelled;
    /** Each component's decision by the scenario it was measured with: a scenario whose component an earlier one measured on the same code and settings reuses it. */
    private final java.util.Map<String, Decision<?>> componentDecisions = new java.util.HashMap<>();

    /**
     * How a scenario's whole client is measured: blocks per look, and how many times it may be
     * judged while INCONCLUSIVE ({@code perf.paired.blocks}, {@code perf.paired.looks}). A windows
     * run measures the scenarios that cannot be measured in windows (faults, network shapes, mirrors)
     * in trials, with the trials' own shape.
     */
    record Looks(boolean windowsDesign, int windowBlocks, int windowLooks, int trialBlocks, int trialLooks) {

        int blocks(CatalogEntry scenario) {
            return windowsDesign && scenario.windows() ? windowBlocks : trialBlocks;
        }

        /**
         * Once the run has failed (fail fast), one look: a second look at an INCONCLUSIVE metric
         * cannot change the run's decision, which is made.
         */
        int looks(CatalogEntry scenario, boolean runFailed) {
            return runFailed ? 1 : windowsDesign && scenario.windows() ? windowLooks : trialLooks;
        }
    }

    PairedScenario(PairedTrials trials, Components components, RunDecisions decisions, RunSummary summary, Path results, Looks looks,
                   PrintStream console, ClientsMode clients, boolean sameClientCode, boolean labelled) {
        this.clients = clients;
        this.sameClientCode = sameClientCode;
        this.labelled = labelled;
        this.looks = looks;
        this.trials = trials;
        this.components = components;
        this.decisions = decisions;
        this.summary = summary;
        this.results = results;
        this.console = console;
    }

    /**
     * A scenario measured once: its components decided, its whole client's first look taken. One
     * whose first look flagged a regression while the run had not yet failed waits for
     * {@link #confirm}.
     */
    record Measured(CatalogEntry scenario, ObjectNode paired, List<Decision<?>> components, FirstMeasurement<PairedMeasurement> client) {

        /** The strongest flag first ({@link FirstMeasurement#STRONGEST_FIRST}). */
        static final java.util.Comparator<Measured> STRONGEST_FIRST = java.util.Comparator.comparing(Measured::client,
                FirstMeasurement.STRONGEST_FIRST);
    }

    /**
     * Measures and judges the scenario and records it, unless its whole client's first look
     * flagged a regression while the run has not yet failed: that scenario is returned, for
     * {@link #confirm} after every scenario's first look (the strongest flag first, so that one
     * confirmed regression spares the others' confirmations).
     *
     * @param headFile     the head's file of the scenario, or {@code null} when the head has none
     * @param ruleChanges  what the head changed in the scenario's rules (not applied), for the reader
     */
    Optional<Measured> run(CatalogEntry scenario, Path headFile, List<String> ruleChanges) {
        return guarded(scenario, () -> measure(scenario, headFile, ruleChanges));
    }

    /** Confirms a flagged scenario's whole client (unless the run has failed by now) and records the scenario. */
    void confirm(Measured flagged) {
        guarded(flagged.scenario(), () -> {
            record(flagged, decisions.conclude(flagged.client()));
            return Optional.empty();
        });
    }

    private Optional<Measured> measure(CatalogEntry scenario, Path headFile, List<String> ruleChanges) {
        boolean sameClient = sameClientCode || components.reach(scenario.name()).same();
        if (clients == ClientsMode.AUTO && sameClient && components.of(scenario.name()).isEmpty()
                && components.sameSubject(scenario.name())) {
            // The gate's listing found both definitions alike; the workers must agree too (they open the scenario).
            Optional<String> subjectChange = trials.subjectChange(scenario, headFile);
            if (subjectChange.isEmpty()) {
                String why = "not measured: nothing its clients can reach changed (the classes and resources reachable from "
                        + "the worker, Kafka's clients and every class its settings name, by content; the subject's settings and "
                        + "config files; the workers' JVM options; -D" + GateProperties.CLIENTS + "=always measures it)";
                console.println("[kafka-perf-gate] " + scenario.name() + ": " + why);
                summary.unchanged(scenario.name(), scenario.workload().key(), why);
                return Optional.empty();
            }
        }
        ObjectNode paired = JsonNodeFactory.instance.objectNode();
        // Components first: they are fast and exact, and a regression they confirm spares the client's confirmation.
        List<Decision<?>> componentParts = new ArrayList<>();
        components.notes(scenario.name()).forEach(note -> paired.withArray("componentNotes").add(note));
        for (ComponentRef component : components.of(scenario.name())) {
            Decision<PairedMeasurement> alone = decisions.decide(scenario.name(),
                    components.stage().measurer(components.files(scenario.name()), component));
            ObjectNode node = paired.with("components").putObject(component.label());
            node.set("trials", alone.first().toJson());
            if (alone.flagged()) {
                node.set("confirmationTrials", alone.second().toJson());
            }
            if (alone.regressed() || (alone.flagged() ? alone.again() : alone.verdict()).has(Verdict.WARNING)) {
                whereItWent(scenario, component).ifPresent(went -> node.set("whereItWent", went));
            }
            componentParts.add(alone);
            componentDecisions.put(scenario.name() + " " + component, alone);
        }
        Optional<String> confined = wholeClientNotNeeded(scenario);
        if (confined.isPresent()) {
            recordComponentsOnly(scenario, paired, confined.get());
            return Optional.empty();
        }
        FirstMeasurement<PairedMeasurement> client = decisions.first(scenario.name(),
                new ClientMeasurer(trials, scenario, headFile, looks.blocks(scenario), looks.looks(scenario, decisions.decided()),
                        ruleChanges));
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
        Measured measured = new Measured(scenario, paired, componentParts, client);
        if (client.flagged() && !decisions.decided()) {
            console.printf("[%s] regression flagged: confirmed once every scenario has had its first look, the strongest flag "
                    + "first%n", scenario.name());
            return Optional.of(measured);
        }
        record(measured, decisions.conclude(client));
        return Optional.empty();
    }

    /** The component's decision, made with whichever scenario measured it; {@code null} when it was not judged alone. */
    private Decision<?> decisionOf(CatalogEntry scenario, ComponentRef component) {
        return componentDecisions.get(components.measuredWith(scenario.name(), component) + " " + component);
    }

    /** {@link WholeClientRule#decidedByComponents}, on this scenario's changed components and their decisions (AUTO clients only). */
    private Optional<String> decidedByItsComponents(CatalogEntry scenario, List<ComponentRef> changed) {
        Set<ComponentRef> regressed = changed.stream().filter(component -> {
            Decision<?> decision = decisionOf(scenario, component);
            return decision != null && decision.regressed();
        }).collect(java.util.stream.Collectors.toSet());
        // Under an accept label the run's failure may be accepted: the whole client's cost must be shown first.
        return WholeClientRule.decidedByComponents(changed, regressed, decisions.decided() && !labelled);
    }

    /**
     * Why the whole client need not be measured, when its change is confined to components the
     * stage has judged (issue 72): everything else the client can reach is the same on both sides,
     * and so are the settings and config files; each changed component returns the same output for
     * every record on both sides, and did no more work outside its call; and its verdict is not
     * INCONCLUSIVE. Otherwise, with fail-fast, a changed component's confirmed regression spares it
     * ({@link #decidedByItsComponents}); else empty, and the reason the whole client is measured goes to the console.
     */
    private Optional<String> wholeClientNotNeeded(CatalogEntry scenario) {
        List<ComponentRef> changed = components.changed(scenario.name());
        if (clients != ClientsMode.AUTO || changed == null || changed.isEmpty()) {
            return Optional.empty();
        }
        String why = null;
        ComponentStage.Reach reach = components.reach(scenario.name());
        if (!components.sameSubject(scenario.name())) {
            why = "its settings or config files differ between the sides";
        } else if (reach.unknown() != null) {
            why = "what its clients reach could not be worked out (" + reach.unknown() + ")";
        } else if (!reach.besides()) {
            why = "code its clients reach besides its components differs between the sides";
        }
        if (why == null) {
            Map<ComponentRef, Boolean> inconclusive = new java.util.HashMap<>();
            for (ComponentRef component : changed) {
                Decision<?> decision = decisionOf(scenario, component);
                if (decision != null) {
                    inconclusive.put(component, (decision.flagged() ? decision.again() : decision.verdict()).has(Verdict.INCONCLUSIVE));
                }
            }
            why = WholeClientRule.whyNotConfined(changed, components.fedOnly(scenario.name()), components.setUpChanged(scenario.name()), inconclusive,
                    (component, output) -> components.stage().unconfined(components.measuredWith(scenario.name(), component), component, output))
                    .orElse(null);
        }
        if (why != null) {
            // Not confined; with fail-fast, a component's confirmed regression still spares it (the run has failed).
            Optional<String> decided = decidedByItsComponents(scenario, changed);
            if (decided.isEmpty()) {
                console.println("[kafka-perf-gate] " + scenario.name() + ": whole client measured: " + why);
            }
            return decided;
        }
        Set<ComponentRef> fed = components.fedOnly(scenario.name());
        List<String> fedLabels = changed.stream().filter(fed::contains).map(ComponentRef::label).toList();
        return Optional.of("only " + String.join(", ", changed.stream().filter(component -> !fed.contains(component)).map(ComponentRef::label).toList())
                + " changed" + (fedLabels.isEmpty() ? "" : " (" + String.join(", ", fedLabels) + ": the same code, fed its bytes)")
                + ", and its output is identical on both sides, with no more work outside its call (-D"
                + GateProperties.CLIENTS + "=always measures it)");
    }

    /** Records a scenario judged by its components alone: their decisions, and why the whole client was not measured. */
    private void recordComponentsOnly(CatalogEntry scenario, ObjectNode paired, String why) {
        String line = "whole client not measured: " + why;
        console.println("[kafka-perf-gate] " + scenario.name() + ": " + line);
        List<Decision<?>> parts = new ArrayList<>();
        for (ComponentRef component : components.changed(scenario.name())) {
            Decision<?> decision = decisionOf(scenario, component);
            if (decision == null) {
                continue;   // not judged alone (a wrapper of the client): only a confirmed regression beside it spares its whole client
            }
            parts.add(decision);
            paired.with("outsideTheCall").put(component.label(),
                    components.stage().outsideFigures(components.measuredWith(scenario.name(), component), component));
        }
        paired.put("wholeClient", line);
        Decision<List<Object>> all = Decision.combine(parts);
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("scenario", scenario.name());
        root.put("workload", scenario.workload().key());
        root.put("mode", "paired");
        root.put("wholeClient", line);
        if (paired.has("components")) {
            root.set("components", paired.get("components"));
        }
        verdictLines(root, all);
        summarize(scenario, all, ResultFile.write(root, results, scenario.name() + ".paired.json"), paired, line);
    }

    /** The profile of a component decided worse, or empty with a note when it could not be made: it never changes the decision. */
    private Optional<ObjectNode> whereItWent(CatalogEntry scenario, ComponentRef component) {
        try {
            return Optional.of(components.stage().whereItWent(components.files(scenario.name()), component));
        } catch (ComponentStageException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": no profile of " + component.label() + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The profile of a whole client decided worse, or empty with a note when it could not be made: it never changes the decision. */
    private Optional<ObjectNode> clientProfile(CatalogEntry scenario) {
        try {
            return trials.whereItWent(scenario, results.resolve("client"));
        } catch (java.io.IOException | RuntimeException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": no profile of the whole client: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** Writes the scenario's result file and records its decision in summary.json. */
    private void record(Measured measured, Decision<PairedMeasurement> decision) {
        CatalogEntry scenario = measured.scenario();
        ObjectNode paired = measured.paired();
        paired.set("trials", decision.first().toJson());
        if (decision.flagged()) {
            paired.set("confirmationTrials", decision.second().toJson());
        }
        if (decision.regressed() || (decision.flagged() && decision.again().has(Verdict.WARNING))) {
            clientProfile(scenario).ifPresent(went -> paired.set("whereItWent", went));
        }
        List<Decision<?>> parts = new ArrayList<>(List.of(decision));
        parts.addAll(measured.components());
        Decision<List<Object>> all = Decision.combine(parts);
        summarize(scenario, all, ResultFile.write(resultJson(scenario, decision, all, paired), results, scenario.name() + ".paired.json"),
                paired, null);
    }

    /** Records the scenario's combined decision in summary.json; {@code note}, when given, follows a pass's message. */
    private void summarize(CatalogEntry scenario, Decision<List<Object>> all, Path file, ObjectNode paired, String note) {
        String workload = scenario.workload().key();
        if (all.regressed()) {
            summary.judgedPaired(scenario.name(), workload, Outcome.REGRESSION, file, all.verdict(), all.again(),
                    all.regressionMessage(), paired);
            console.println("[kafka-perf-gate] REGRESSION " + all.regressionMessage());
            return;
        }
        String message = all.notConfirmedMessage();
        summary.judgedPaired(scenario.name(), workload, Outcome.PASSED, file, all.verdict(), all.again(),
                note == null ? message : message == null ? note : message + "; " + note, paired);
    }

    /** The combined decision's verdict lines, and its confirmation's when it was measured again, into a result file. */
    private static void verdictLines(ObjectNode root, Decision<List<Object>> all) {
        all.verdict().metrics().forEach(metric -> root.withArray("verdict").add(metric.line()));
        if (all.flagged()) {
            all.again().metrics().forEach(metric -> root.withArray("confirmation").add(metric.line()));
        }
    }

    /**
     * Runs one step of a scenario; a failure ends the scenario, recorded with whose it is. A side
     * that cannot run the scenario is named: the head's failure is the pull request's, the base's
     * the runner's.
     */
    private Optional<Measured> guarded(CatalogEntry scenario, java.util.function.Supplier<Optional<Measured>> step) {
        String workload = scenario.workload().key();
        try {
            return step.get();
        } catch (RunStoppedException e) {
            throw e;   // the run's, not this scenario's
        } catch (ComponentStageException e) {
            // A head whose component cannot be measured is the PR's failure; anything else the infrastructure's.
            console.println("[kafka-perf-gate] " + scenario.name() + ": component stage: " + e.getMessage());
            summary.failed(scenario.name(), workload, e.culprit().orElse(null) == Side.HEAD ? Outcome.FAILED : Outcome.ERROR, e);
        } catch (WorkerException e) {
            // A head that cannot run the scenario is the PR's failure.
            boolean head = e.culprit().orElse(null) == Side.HEAD;
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e.getMessage());
            summary.failed(scenario.name(), workload, head ? Outcome.FAILED : Outcome.ERROR, e);
        } catch (BrokerUnavailableException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e.getMessage());
            summary.failed(scenario.name(), workload, Outcome.ERROR, e);
        } catch (RuntimeException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e);
            summary.failed(scenario.name(), workload, Outcome.FAILED, e);
        }
        return Optional.empty();
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
        if (client.flagged()) {
            root.set("confirmationTrials", client.second().toJson());
        }
        verdictLines(root, all);
        return root;
    }
}
