package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.Measurer;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.verdict.DefinitionParts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Paired mode's whole-client measurement of one scenario, as the engine runs it: interleaved
 * trials of both worker JVMs on one broker; a confirmation on a fresh pair of JVMs. The evidence
 * names what the head changed in the subject, what it changed in the experiment (not applied: the
 * base's runs) and in the rules.
 */
public final class ClientMeasurer implements Measurer<PairedMeasurement> {

    private final PairedTrials trials;
    private final CatalogEntry scenario;
    private final Path headFile;
    private final int blocks;
    private final int looks;
    private final List<String> ruleChanges;
    private final List<PairedTrials.Opened> opened = new ArrayList<>();
    /** The current measurement's warm-up order: the base's worker first, and the head's first in a confirmation. */
    private boolean headWarmsFirst;

    /**
     * @param headFile    the head's file of the scenario, or {@code null} when the head has none
     * @param looks       how many times the measurement may be judged while a metric is INCONCLUSIVE, {@code blocks} more each time
     * @param ruleChanges what the head changed in the scenario's rules (not applied), for the reader
     */
    public ClientMeasurer(PairedTrials trials, CatalogEntry scenario, Path headFile, int blocks, int looks, List<String> ruleChanges) {
        this.trials = trials;
        this.scenario = scenario;
        this.headFile = headFile;
        this.blocks = blocks;
        this.looks = looks;
        this.ruleChanges = List.copyOf(ruleChanges);
    }

    @Override
    public PairedMeasurement measure(boolean confirmation) {
        // What the head changed in the experiment is read when the first measurement opens the scenario.
        headWarmsFirst = confirmation;
        return trials.measure(scenario, headFile, blocks, confirmation ? new ArrayList<>() : opened, headWarmsFirst);
    }

    @Override
    public int maxLooks() {
        return looks;
    }

    /** {@code blocks} more ABBA blocks on the same warm workers, after the ones measured. */
    @Override
    public PairedMeasurement extend(PairedMeasurement measurement) {
        return measurement.append(trials.measure(scenario, headFile, blocks, new ArrayList<>(), headWarmsFirst));
    }

    @Override
    public Evidence evidence(PairedMeasurement measurement) {
        List<String> changes = new ArrayList<>(DefinitionParts.subjectChanges(measurement.baseDefinition(), measurement.headDefinition()));
        opened.forEach(open -> open.experimentChanges().forEach(change -> changes.add(change + " (not applied: the base's experiment runs)")));
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
}
