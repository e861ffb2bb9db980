package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.ComponentsMode;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.component.ComponentFiles;
import dev.kafkaperfgate.internal.component.ComponentStage;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.figures.Metric;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A paired run's component stage, planned before anything is measured: which components of which
 * scenario are judged (so that the run's α accounts for them), and how each is measured. A
 * component several scenarios name on the same code and settings (its digest, the scenario's name
 * aside) is measured once, with the first of them: the same class on the same records does not get
 * slower between scenarios, and each measurement costs half a minute.
 */
final class Components {

    private final ComponentStage stage;
    private final Map<String, List<ComponentRef>> judged;
    private final Map<String, List<ComponentRef>> reported;
    private final Map<String, List<String>> notes;
    private final Map<String, ComponentFiles> files;
    private final Set<String> sameSubject;
    /** Per scenario, every component judged on it, measured with it or with an earlier scenario: what its change reaches. */
    private final Map<String, List<ComponentRef>> changed;
    private final Map<String, ComponentStage.Reach> reach;
    /** Per scenario, the judged components whose own code is the same on both sides: changed only through their feeders. */
    private final Map<String, Set<ComponentRef>> fedOnly;
    /** Per scenario, the judged components whose set-up code differs between the sides, or could not be read. */
    private final Map<String, Set<ComponentRef>> setUpChanged;
    /** Per scenario and component ({@code "<scenario> <component>"}), the scenario it was measured with. */
    private final Map<String, String> measuredWith;
    private final int blocks;
    private final int looks;

    private Components(ComponentStage stage, Map<String, List<ComponentRef>> judged, Map<String, List<ComponentRef>> reported,
                       Map<String, List<String>> notes, Map<String, ComponentFiles> files, Set<String> sameSubject,
                       Map<String, List<ComponentRef>> changed, Map<String, ComponentStage.Reach> reach, Map<String, String> measuredWith,
                       Map<String, Set<ComponentRef>> fedOnly, Map<String, Set<ComponentRef>> setUpChanged, int blocks, int looks) {
        this.stage = stage;
        this.fedOnly = Map.copyOf(fedOnly);
        this.setUpChanged = Map.copyOf(setUpChanged);
        this.measuredWith = Map.copyOf(measuredWith);
        this.changed = changed;
        this.reach = reach;
        this.judged = judged;
        this.reported = reported;
        this.notes = notes;
        this.files = files;
        this.sameSubject = Set.copyOf(sameSubject);
        this.blocks = blocks;
        this.looks = looks;
    }

    static Components plan(GateSettings settings, String baseClasspath, String headClasspath, List<CatalogEntry> scenarios,
                           PolicyDiff policy, Path headScenarios, SideUsers users, PrintStream console) {
        ComponentsMode mode = settings.paired().components();
        int blocks = settings.paired().componentBlocks();
        int looks = settings.paired().componentLooks();
        Path work = settings.resultsDir().resolve("components");
        ComponentStage stage = new ComponentStage(baseClasspath, headClasspath, mode, blocks, looks,
                DuelSettings.DEFAULTS, work, users, console);
        Map<String, ComponentFiles> files = new LinkedHashMap<>();
        scenarios.forEach(scenario -> files.put(scenario.name(), new ComponentFiles(scenario.name(), scenario.file(),
                policy.headFile(scenario.name()))));
        Map<String, ComponentStage.Plan> plans = stage.plan(new ArrayList<>(files.values()), work, headScenarios);
        Map<String, List<ComponentRef>> judged = new LinkedHashMap<>();
        Map<String, List<ComponentRef>> reported = new LinkedHashMap<>();
        Map<String, List<String>> notes = new LinkedHashMap<>();
        // A component measured with an earlier scenario whose code and settings digest alike is not measured again.
        Map<String, String> seen = new HashMap<>();
        Set<String> sameSubject = new HashSet<>();
        Map<String, List<ComponentRef>> changed = new LinkedHashMap<>();
        Map<String, ComponentStage.Reach> reach = new LinkedHashMap<>();
        Map<String, String> measuredWith = new HashMap<>();
        Map<String, Set<ComponentRef>> fedOnly = new HashMap<>();
        Map<String, Set<ComponentRef>> setUpChanged = new HashMap<>();
        plans.forEach((scenario, plan) -> {
            fedOnly.put(scenario, plan.fedOnly());
            setUpChanged.put(scenario, plan.setUpChanged());
            if (plan.sameSubject()) {
                sameSubject.add(scenario);
            }
            changed.put(scenario, mode == ComponentsMode.OFF ? null : plan.judged());
            reach.put(scenario, plan.reach());
            List<String> lines = new ArrayList<>(plan.notes());
            List<ComponentRef> own = firstTime(scenario, plan, plan.judged(), seen, lines, measuredWith);
            List<ComponentRef> shown = firstTime(scenario, plan, plan.reported(), seen, lines, measuredWith);
            judged.put(scenario, own);
            reported.put(scenario, shown);
            notes.put(scenario, lines);
            console.printf("[kafka-perf-gate] %s: components judged alone: %s%s%s%n", scenario,
                    own.isEmpty() ? "none" : String.join(", ", own.stream().map(ComponentRef::label).toList()),
                    shown.isEmpty() ? "" : "; measured and reported, not judged: "
                            + String.join(", ", shown.stream().map(ComponentRef::label).toList()),
                    lines.isEmpty() ? "" : "; " + String.join("; ", lines));
        });
        return new Components(stage, judged, reported, notes, files, sameSubject, changed, reach, measuredWith, fedOnly, setUpChanged, blocks, looks);
    }

    /**
     * The components not measured with an earlier scenario on the same code and settings; a note
     * for each that was, and where each is measured, in {@code measuredWith}.
     */
    private static List<ComponentRef> firstTime(String scenario, ComponentStage.Plan plan, List<ComponentRef> components,
                                                Map<String, String> seen, List<String> notes, Map<String, String> measuredWith) {
        List<ComponentRef> first = new ArrayList<>();
        for (ComponentRef component : components) {
            String earlier = seen.putIfAbsent(plan.key(scenario, component), scenario);
            measuredWith.put(scenario + " " + component, earlier == null ? scenario : earlier);
            if (earlier == null) {
                first.add(component);
            } else {
                notes.add(component.label() + ": measured with " + earlier + " (the same code and settings)");
            }
        }
        return first;
    }

    /** How many metrics the stage will judge: two per component. */
    int comparisons() {
        return judged.values().stream().mapToInt(List::size).sum() * (int) java.util.Arrays.stream(Metric.values())
                .filter(Metric::ofComponent).count();
    }

    List<ComponentRef> of(String scenario) {
        return judged.getOrDefault(scenario, List.of());
    }

    /** Measured and reported, never judged (the team's RecordSource). */
    List<ComponentRef> reported(String scenario) {
        return reported.getOrDefault(scenario, List.of());
    }

    List<String> notes(String scenario) {
        return notes.getOrDefault(scenario, List.of());
    }

    /**
     * Whether both sides' definitions of {@code scenario} (settings, config files, factory, record
     * source) digest alike, as the gate's own listing read them from each side's files: never as a
     * JVM that runs a side's code says (issue 74).
     */
    boolean sameSubject(String scenario) {
        return sameSubject.contains(scenario);
    }

    /** What the gate's listing found of the scenario's whole client on both sides ({@code ClientReach}). */
    ComponentStage.Reach reach(String scenario) {
        return reach.getOrDefault(scenario, ComponentStage.Reach.UNKNOWN);
    }

    /**
     * Every component of {@code scenario} whose code differs between the sides, measured with it or
     * with an earlier scenario; {@code null} when the stage is off (nothing was compared).
     */
    List<ComponentRef> changed(String scenario) {
        return changed.get(scenario);
    }

    /** Of {@link #changed}, those whose set-up code differs between the sides, or could not be read ({@code SetUpCode}). */
    Set<ComponentRef> setUpChanged(String scenario) {
        return setUpChanged.getOrDefault(scenario, Set.of());
    }

    /** Of {@link #changed}, those whose own code is the same on both sides: only the serializers that feed them changed. */
    Set<ComponentRef> fedOnly(String scenario) {
        return fedOnly.getOrDefault(scenario, Set.of());
    }

    /** The scenario whose duels measured {@code component} for {@code scenario}: itself, or an earlier one with the same code and settings. */
    String measuredWith(String scenario, ComponentRef component) {
        return measuredWith.getOrDefault(scenario + " " + component, scenario);
    }

    ComponentStage stage() {
        return stage;
    }

    ComponentFiles files(String scenario) {
        return files.get(scenario);
    }

    /** For summary.json's mode block. */
    String describe() {
        int count = judged.values().stream().mapToInt(List::size).sum();
        return count + " component" + (count == 1 ? "" : "s") + " judged alone, " + blocks + " duels each (a JVM alternating base and head, one ABBA block)"
                + (looks > 1 ? ", " + blocks + " more while inconclusive, up to " + looks + " looks at α/" + looks : "");
    }
}
