package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.duel.ComponentDuel;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.ComponentsMode;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.profile.ComponentProfile;
import dev.kafkaperfgate.internal.component.profile.WhereItWent;
import dev.kafkaperfgate.internal.component.reach.ClasspathDigest;
import dev.kafkaperfgate.internal.component.reach.SharedJars;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.Measurer;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.SideRefusedException;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.Thresholds;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Paired mode's component stage, coordinated from the gate's JVM: which of the team's components
 * each scenario names on each side ({@link #plan}), and for each one judged, a {@link Measurer}
 * the engine runs like any other: duels, each a fresh JVM that alternates base and head in short
 * batches ({@link ComponentDuel}), each one ABBA block.
 *
 * <p>A component is measured when both sides name it, unless nothing that runs it changed: every
 * class and resource of both sides' classpaths is the same by content ({@link ClasspathDigest}), or
 * the classes and resources its call can reach and its settings are ({@link ComponentCode}, read
 * in each side's own JVM). A Jackson bump changes classes a JSON serializer reaches, so it is
 * measured; an interceptor that nothing in the change touches is not.
 */
public final class ComponentStage {

    /**
     * What the stage will do for one scenario.
     *
     * @param judged   the components measured on both sides
     * @param reported measured on both sides and reported, never judged: the team's RecordSource
     * @param notes    what a reader should know: components on one side only, a skip because nothing changed
     * @param sameSubject both sides' definitions of the scenario digest alike (settings, config files, records)
     * @param reach    what the gate's listing found of the whole client's code on both sides
     * @param fedOnly  judged components whose own code is the same on both sides: only the serializers feeding them changed
     * @param setUpChanged judged components whose set-up code ({@code SetUpCode}) differs between the sides, or could not be read
     */
    public record Plan(List<ComponentRef> judged, List<ComponentRef> reported, List<String> notes, boolean sameSubject, Reach reach,
                       Map<ComponentRef, String> code, Set<ComponentRef> fedOnly, Set<ComponentRef> setUpChanged) {

        public Plan {
            judged = List.copyOf(judged);
            reported = List.copyOf(reported);
            notes = List.copyOf(notes);
            code = Map.copyOf(code);
            fedOnly = Set.copyOf(fedOnly);
            setUpChanged = Set.copyOf(setUpChanged);
        }

        /**
         * What a component's measurement on this scenario stands for: its code and settings on both
         * sides, as the listing digested them. Two scenarios whose component has the same key
         * measure the same thing; a component whose code could not be digested has a key of its own.
         */
        public String key(String scenario, ComponentRef component) {
            return code.getOrDefault(component, "unknown in " + scenario) + " " + component;
        }
    }



    /**
     * The whole client's code on both sides, as the gate's listing read it ({@code ClientReach}).
     *
     * @param same    every class and resource the client can reach is the same on both sides
     * @param besides the same holds of what it can reach besides the components whose effect is their output
     * @param unknown why the reach could not be compared, or {@code null}
     */
    public record Reach(boolean same, boolean besides, String unknown) {

        public static final Reach UNKNOWN = new Reach(false, false, "no listing");

        static Reach of(ComponentListing.Client base, ComponentListing.Client head) {
            if (base.sha256() == null || head.sha256() == null) {
                return new Reach(false, false, head.unknown() != null ? "the head: " + head.unknown() : "the base: " + base.unknown());
            }
            return new Reach(base.sha256().equals(head.sha256()), base.besides() != null && base.besides().equals(head.besides()), null);
        }
    }

    private final String baseClasspath;
    private final String headClasspath;
    private final ComponentListing listing;
    private final ComponentsMode mode;
    private final int blocks;
    private final int looks;
    private final DuelSettings duel;
    private final Path logs;
    private final boolean identical;
    private final PrintStream console;
    private final SideUsers users;
    /** What the duels load once for every copy, worked out before the first duel; {@code null} until then. */
    private SharedJars shared;
    /** Duels run so far, all components and measurements: each duel's number, so its seed and its log are its own. */
    private int duelsRun;
    /** Per component judged, what its duels saw of each side's work outside the call and of its output. */
    private final Map<String, List<Confined.Duel>> work = new LinkedHashMap<>();

    /**
     * @param blocks duels per look, each one ABBA block
     * @param looks  how many times a component's measurement may be judged: while CPU ns/op or B/op is
     *               INCONCLUSIVE, {@code blocks} more duels are measured, up to this; 1 measures once
     */
    public ComponentStage(String baseClasspath, String headClasspath, ComponentsMode mode, int blocks, int looks, DuelSettings settings,
                          Path logs, PrintStream console) {
        this(baseClasspath, headClasspath, mode, blocks, looks, settings, logs, SideUsers.none(), console);
    }

    /** As above, each side's JVMs run as its user in {@code users}; a duel, which holds the head's code, as the head's. */
    public ComponentStage(String baseClasspath, String headClasspath, ComponentsMode mode, int blocks, int looks, DuelSettings settings,
                          Path logs, SideUsers users, PrintStream console) {
        this.baseClasspath = baseClasspath;
        this.headClasspath = headClasspath;
        this.users = users;
        this.listing = new ComponentListing(baseClasspath, headClasspath, logs, users);
        this.mode = mode;
        this.blocks = blocks;
        this.looks = looks;
        this.duel = settings;
        this.logs = logs;
        this.identical = mode == ComponentsMode.AUTO && ClasspathDigest.of(baseClasspath).equals(ClasspathDigest.of(headClasspath));
        this.console = console;
    }

    /** Per scenario, the components judged and the notes; every scenario of {@code files} has an entry. */
    public Map<String, Plan> plan(List<ComponentFiles> files, Path work) {
        return plan(files, work, null);
    }

    /**
     * As above; with {@code headScenarios}, the head's own scenarios folder, the listing finds each
     * scenario's head file there itself, and a head file its worker named otherwise (another side's
     * file, or none where the folder holds one) refuses the run (issue 74).
     *
     * @throws SideRefusedException naming the head and the scenario
     */
    public Map<String, Plan> plan(List<ComponentFiles> files, Path work, Path headScenarios) {
        Map<String, Plan> plans = new LinkedHashMap<>();
        // Each side's listing JVM takes about 3 s on its own: the base's runs beside the head's.
        java.util.concurrent.CompletableFuture<Map<String, ComponentListing.Listed>> baseListing =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> listing.list(Side.BASE, files, work, null));
        Map<String, ComponentListing.Listed> headLists;
        Map<String, ComponentListing.Listed> baseLists;
        try {
            headLists = listing.list(Side.HEAD, files, work, headScenarios);
            baseLists = baseListing.join();
        } catch (ComponentStageException | java.util.concurrent.CompletionException e) {
            RuntimeException cause = e instanceof java.util.concurrent.CompletionException && e.getCause() instanceof RuntimeException c ? c : e;
            if (mode != ComponentsMode.OFF) {
                throw cause;
            }
            // The stage is off: without a listing, no scenario counts as unchanged (each is measured).
            headLists = Map.of();
            baseLists = Map.of();
        }
        for (ComponentFiles file : files) {
            ComponentListing.Listed inBase = baseLists.getOrDefault(file.scenario(), ComponentListing.Listed.NONE);
            ComponentListing.Listed inHead = headLists.getOrDefault(file.scenario(), ComponentListing.Listed.NONE);
            boolean sameSubject = inHead.subject() != null && inHead.subject().equals(inBase.subject());
            Reach reach = headLists.isEmpty() ? Reach.UNKNOWN : Reach.of(inBase.client(), inHead.client());
            if (!new LinkedHashSet<>(inHead.components()).equals(new LinkedHashSet<>(inBase.components()))) {
                // A component one side names and the other does not is not measured alone: the whole client measures it.
                reach = new Reach(reach.same(), false, reach.unknown());
            }
            if (mode == ComponentsMode.OFF) {
                plans.put(file.scenario(), new Plan(List.of(), List.of(), List.of("component stage off (-Dperf.components=off)"), sameSubject,
                        reach, Map.of(), Set.of(), Set.of()));
                continue;
            }
            List<String> notes = new ArrayList<>(inHead.notes());
            inBase.notes().stream().filter(note -> note.contains(": measured: the base's code could not be compared")).forEach(notes::add);
            Set<ComponentRef> both = new LinkedHashSet<>(inHead.components());
            both.retainAll(inBase.components());
            inHead.components().stream().filter(component -> !inBase.components().contains(component))
                    .forEach(component -> notes.add(component.label() + ": new in the head, no base to compare with (not judged)"));
            inBase.components().stream().filter(component -> !inHead.components().contains(component))
                    .forEach(component -> notes.add(component.label() + ": the head no longer uses it (not judged)"));
            List<ComponentRef> reported = new ArrayList<>(inHead.reported());
            reported.retainAll(inBase.reported());
            if (identical && !(both.isEmpty() && reported.isEmpty())) {
                notes.add("components not measured: every class and jar of both sides' classpaths is identical "
                        + "(-Dperf.components=always measures them anyway)");
                both.clear();
                reported.clear();
            }
            if (mode == ComponentsMode.AUTO) {
                for (List<ComponentRef> measured : List.of(new ArrayList<>(both), new ArrayList<>(reported))) {
                    for (ComponentRef component : measured) {
                        String code = inHead.code().get(component);
                        if (code != null && code.equals(inBase.code().get(component))) {
                            both.remove(component);
                            reported.remove(component);
                            notes.add(component.label() + ": not measured: the " + inHead.reached().get(component)
                                    + " classes and resources its call can reach, and its settings, are byte for byte the same"
                                    + " on both sides (-Dperf.components=always measures it anyway)");
                        }
                    }
                }
            }
            Map<ComponentRef, String> code = new LinkedHashMap<>();
            for (ComponentRef component : inHead.components()) {
                String head = inHead.code().get(component);
                String base = inBase.code().get(component);
                if (head != null && base != null) {
                    code.put(component, base + "/" + head);
                }
            }
            Set<ComponentRef> fedOnly = new LinkedHashSet<>(both);
            // Own code the same, its whole code not: only the serializers that feed it differ.
            fedOnly.removeIf(component -> inHead.own().get(component) == null || !inHead.own().get(component).equals(inBase.own().get(component))
                    || java.util.Objects.equals(inHead.code().get(component), inBase.code().get(component)));
            Set<ComponentRef> setUpChanged = new LinkedHashSet<>(both);
            setUpChanged.removeIf(component -> inHead.setUp().get(component) != null
                    && inHead.setUp().get(component).equals(inBase.setUp().get(component)));
            plans.put(file.scenario(), new Plan(new ArrayList<>(both), reported, notes, sameSubject, reach, code, fedOnly, setUpChanged));
        }
        return plans;
    }

    /**
     * Measures a reported component ({@code record.source}) in one duel and gives each side's CPU
     * ns/op and B/op, and the change. Nothing judges it: it is the team's test code, shown so that
     * a reader sees when making a record got dearer.
     *
     * @throws ComponentStageException naming the side whose code failed
     */
    public ObjectNode report(ComponentFiles files, ComponentRef component) {
        List<PairedMeasurement.Stretch> stretches = duels(files, component, new ArrayList<>(), 1, component.label() + " (reported, not judged)");
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("component", component.label()).put("judged", false);
        StringBuilder line = new StringBuilder();
        for (Metric metric : List.of(Metric.COMPONENT_CPU_NS_PER_OP, Metric.COMPONENT_BYTES_PER_OP)) {
            List<Double> base = valuesOf(stretches, Side.BASE, metric);
            List<Double> head = valuesOf(stretches, Side.HEAD, metric);
            if (base.isEmpty() || head.isEmpty()) {
                continue;   // a figure JMH did not give on both sides is left out, not made up
            }
            double was = median(base);
            double now = median(head);
            double delta = was > 0 ? (now / was - 1) * 100 : 0;
            node.putObject(metric.key()).put("base", was).put("head", now).put("deltaPercent", delta);
            line.append(line.isEmpty() ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.0f → %.0f %s (%+.1f%%)", was, now,
                    metric.unit(), delta));
        }
        if (line.isEmpty()) {
            throw new ComponentStageException("the duel gave no CPU ns/op or B/op of both sides for " + component.label());
        }
        node.put("line", component.label() + ": " + line + ", one duel, reported, not judged (the team's test code)");
        console.printf("[%s] reported: %s%n", files.scenario(), node.get("line").asText());
        return node;
    }

    private static List<Double> valuesOf(List<PairedMeasurement.Stretch> stretches, Side side, Metric metric) {
        return stretches.stream().filter(stretch -> stretch.side() == side && stretch.values().containsKey(metric))
                .map(stretch -> stretch.values().get(metric)).toList();
    }

    /**
     * {@code count} more duels after {@code stretches}, each a fresh JVM holding both sides and each one
     * ABBA block; the console gets a line per duel with every copy's CPU ns/op, so a copy that
     * settled on a slower compiled form is seen.
     */
    private List<PairedMeasurement.Stretch> duels(ComponentFiles files, ComponentRef component, List<PairedMeasurement.Stretch> stretches,
                                                int count, String label) {
        int done = stretches.size() / 4;
        for (int i = done + 1; i <= done + count; i++) {
            DuelFork.Result result = DuelFork.run(files, component, shared(), duel, ++duelsRun, logs, users);
            stretches.addAll(result.stretches(stretches.size()));
            work.computeIfAbsent(files.scenario() + " " + component, c -> new ArrayList<>()).add(result.work());
            console.printf("[%s] %s: duel %d/%d: %s%n", files.scenario(), label, i, done + count, result.describe());
        }
        return stretches;
    }

    /**
     * After a component's verdict (a confirmed regression or WARNING), one profiling duel and where
     * its time and bytes went; printed, and returned for the result file and the comment. Never
     * judged: the duel runs after the decision.
     *
     * @throws ComponentStageException when the duel or its recording fails
     */
    public ObjectNode whereItWent(ComponentFiles files, ComponentRef component) {
        Path recording = DuelFork.profile(files, component, shared(), duel, ++duelsRun, logs, users);
        try {
            WhereItWent went = ComponentProfile.read(recording);
            console.printf("[%s] where it went, %s (a profiling duel after the verdict, JFR):%n", files.scenario(), component.label());
            went.lines().forEach(line -> console.printf("[%s]   %s%n", files.scenario(), line));
            return went.toJson().put("recording", logs.getFileName().resolve(recording.getFileName()).toString());
        } catch (IOException e) {
            throw new ComponentStageException("the profile of " + component.label() + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Empty when every duel of {@code component}, measured with {@code scenario}, showed its change confined to its call (the same
     * output for every record, no more work outside it: {@link Confined}); otherwise why not.
     */
    public java.util.Optional<String> unconfined(String scenario, ComponentRef component, boolean output) {
        return Confined.why(work.getOrDefault(scenario + " " + component, List.of()), output);
    }

    /** What the duels of {@code component}, measured with {@code scenario}, saw outside its call, for summary.json. */
    public String outsideFigures(String scenario, ComponentRef component) {
        return Confined.describe(work.getOrDefault(scenario + " " + component, List.of()));
    }

    /** The jars both sides hold alike, read once per stage (a few seconds over a Jackson and kafka-clients classpath). */
    private SharedJars shared() {
        if (shared == null) {
            long start = System.nanoTime();
            shared = SharedJars.of(baseClasspath, headClasspath, DuelFork.harness());
            console.printf("[kafka-perf-gate] components: %d jars both sides hold alike are loaded once for every copy (%.1f s to tell)%n",
                    shared.jars().size(), (System.nanoTime() - start) / 1e9);
        }
        return shared;
    }

    private static double median(List<Double> values) {
        return Median.of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** How the engine measures {@code component} of a scenario: duels, each a JVM alternating both sides, each one ABBA block. */
    public Measurer<PairedMeasurement> measurer(ComponentFiles files, ComponentRef component) {
        return new Measurer<>() {
            @Override
            public PairedMeasurement measure(boolean confirmation) {
                return more(new ArrayList<>());
            }

            @Override
            public int maxLooks() {
                return looks;
            }

            @Override
            public PairedMeasurement extend(PairedMeasurement measurement) {
                return more(new ArrayList<>(measurement.stretches()));
            }

            /** {@code blocks} more duels after {@code stretches}. */
            private PairedMeasurement more(List<PairedMeasurement.Stretch> stretches) {
                duels(files, component, stretches, blocks, component.label());
                ObjectNode definition = JsonNodeFactory.instance.objectNode().put("component", component.label());
                return new PairedMeasurement(stretches, definition, definition);
            }

            @Override
            public Evidence evidence(PairedMeasurement measurement) {
                return new Evidence.Paired(files.scenario(), component.label(), measurement.blocks(), Thresholds.UNSET, List.of());
            }

            @Override
            public void freshen() {
                // Every duel is a fresh JVM already.
            }

            @Override
            public String confirmationWay() {
                return "a second set of duels";
            }

            /** A set of duels takes about 40 s: a component worse within its threshold is measured again, and a WARNING only when both sets show it. */
            @Override
            public boolean confirmsWorse() {
                return true;
            }
        };
    }

}
