package dev.kafkaperfgate.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.Measurer;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.verdict.Judge;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import org.apache.commons.math3.distribution.BetaDistribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The gate-power benchmark's bookkeeping: every run in the order it ran, and each comparison as
 * the gate would make it. A run is judged against the {@code window} A runs nearest to it in
 * time (a rolling baseline); a flagged run is confirmed by another run of the same kind (the
 * next A run outside the window, or the next injected run of the same level) against the same
 * window, as the gate's re-run would be.
 */
final class PowerTally {

    /** One scenario run; {@code sequence} orders all runs of the benchmark. */
    record Run(Scenario scenario, JsonNode json, long burnNs, int every, int allocBytes, RunFigures figures, long sequence) {

        Run(Scenario scenario, JsonNode json, InjectedCost injection, ProduceResult result) {
            this(scenario, json, injection.burnNs(), injection.every(), injection.allocBytes(), RunFigures.of(result), SEQUENCE[0]++);
        }

        double value(Metric metric) {
            return figures.metrics().get(metric).value();
        }
    }

    private static final long[] SEQUENCE = {0};
    private static final Fingerprint SAME_MACHINE = new Fingerprint("gate-power", 1, "", "", "", "process", "", "");

    private final GatePolicy policy;
    private final int window;
    private final Map<Metric, List<Run>> aRuns = new EnumMap<>(Metric.class);
    private final Map<Metric, Map<Integer, List<Run>>> injectedRuns = new EnumMap<>(Metric.class);

    PowerTally(GatePolicy policy, int window) {
        this.policy = policy;
        this.window = window;
        for (Metric metric : Metric.values()) {
            aRuns.put(metric, new ArrayList<>());
            injectedRuns.put(metric, new TreeMap<>());
        }
    }

    /**
     * One A run: the throughput scenario's, and the fixed-rate scenario's for p99 and the client's
     * CPU and allocation per record (at a fixed rate a cost per record cannot hide behind a
     * throughput change).
     */
    void baseline(Run throughput, Run fixedRate) {
        aRuns.get(Metric.THROUGHPUT).add(throughput);
        aRuns.get(Metric.P99).add(fixedRate);
        aRuns.get(Metric.CPU_PER_RECORD).add(fixedRate);
        aRuns.get(Metric.ALLOC_PER_RECORD).add(fixedRate);
    }

    /** The metrics this benchmark measured. */
    private List<Metric> measured() {
        return aRuns.keySet().stream().filter(metric -> !aRuns.get(metric).isEmpty()).toList();
    }

    void injected(Metric metric, int levelPercent, Run run) {
        injectedRuns.get(metric).computeIfAbsent(levelPercent, level -> new ArrayList<>()).add(run);
    }

    double medianA(Metric metric) {
        return Median.of(aRuns.get(metric).stream().mapToDouble(run -> run.value(metric)).toArray());
    }

    /** Counts of one kind of comparison. */
    record Counts(int comparisons, int flagged, int confirmed, Map<Verdict, Integer> firstVerdicts) {
    }

    Counts aa(Metric metric) {
        List<Run> runs = aRuns.get(metric);
        List<Boolean[]> outcomes = new ArrayList<>();
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        for (Run run : runs) {
            List<Run> history = nearest(runs, run, window, List.of(run));
            List<Run> excluded = new ArrayList<>(history);
            excluded.add(run);
            Run confirmation = nearest(runs, run, 1, excluded).get(0);
            outcomes.add(judgeTwice(metric, run, confirmation, history, verdicts));
        }
        return counts(outcomes, verdicts);
    }

    Counts injected(Metric metric, int level) {
        List<Run> runs = injectedRuns.get(metric).get(level);
        List<Boolean[]> outcomes = new ArrayList<>();
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        for (int i = 0; i < runs.size(); i++) {
            Run run = runs.get(i);
            List<Run> history = nearest(aRuns.get(metric), run, window, List.of());
            Run confirmation = runs.get((i + 1) % runs.size());
            outcomes.add(judgeTwice(metric, run, confirmation, history, verdicts));
        }
        return counts(outcomes, verdicts);
    }

    /** Median injected value over median A value, minus one: the injection's real size. */
    double realEffect(Metric metric, int level) {
        double injected = Median.of(injectedRuns.get(metric).get(level).stream().mapToDouble(run -> run.value(metric)).toArray());
        return injected / medianA(metric) - 1;
    }

    /**
     * One run decided as the gate decides (the library's {@link RunDecisions}: judged, and a flagged
     * regression measured again), with {@code confirmation} as the second measurement: flagged when
     * the first verdict of {@code metric} is a REGRESSION, confirmed when the decision confirms it.
     */
    private Boolean[] judgeTwice(Metric metric, Run run, Run confirmation, List<Run> history, Map<Verdict, Integer> verdicts) {
        Decision<Run> decision = new RunDecisions(policy, new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false)
                .decide(run.scenario().name(), new Measurer<>() {
                    @Override
                    public Run measure(boolean again) {
                        return again ? confirmation : run;
                    }

                    @Override
                    public Evidence evidence(Run measured) {
                        return PowerTally.this.evidence(measured, history);
                    }

                    @Override
                    public void freshen() {
                    }

                    @Override
                    public String confirmationWay() {
                        return "the next run in time";
                    }
                });
        Verdict first = decision.verdict().metrics().stream().filter(verdict -> verdict.metric() == metric).map(MetricVerdict::verdict)
                .findFirst().orElseThrow();
        verdicts.merge(first, 1, Integer::sum);
        boolean flagged = first == Verdict.REGRESSION;
        boolean confirmed = decision.confirmed().stream().anyMatch(verdict -> verdict.metric() == metric);
        return new Boolean[] {flagged, confirmed};
    }

    private static Counts counts(List<Boolean[]> outcomes, Map<Verdict, Integer> verdicts) {
        return new Counts(outcomes.size(), (int) outcomes.stream().filter(o -> o[0]).count(),
                (int) outcomes.stream().filter(o -> o[1]).count(), verdicts);
    }

    /** What the gate judges of {@code run} against its {@code history}: stored mode's evidence, a baseline made of the history. */
    private Evidence evidence(Run run, List<Run> history) {
        Run reference = history.get(0);
        String sha = reference.json().get("definitionSha256").asText();
        List<BaselineRun> entries = history.stream().map(entry -> new BaselineRun("", "", "run-" + entry.sequence(), null, entry.figures())).toList();
        Baseline baseline = new Baseline(Path.of("gate-power"), Baseline.SCHEMA_VERSION, "gate-power", run.scenario().name(), "produce",
                window, sha, reference.json().get("definition"), SAME_MACHINE, entries);
        Judge.Run judged = new Judge.Run(run.scenario().name(), "produce", sha, run.json().get("definition"), SAME_MACHINE, run.figures());
        return new Evidence.Stored(judged, baseline, run.scenario().thresholds());
    }

    /** The {@code count} runs nearest to {@code run} in time, leaving out {@code excluded}. */
    private static List<Run> nearest(List<Run> runs, Run run, int count, List<Run> excluded) {
        return runs.stream().filter(candidate -> !excluded.contains(candidate))
                .sorted(Comparator.comparingLong((Run candidate) -> Math.abs(candidate.sequence() - run.sequence())))
                .limit(count).toList();
    }

    /** A clean run's chance to fail the suite: 1 − (1 − p)^m, with p the confirmed A/A rate per comparison. */
    static double suiteRate(double perComparison, int comparisons) {
        return 1 - Math.pow(1 - perComparison, comparisons);
    }

    /** One-sided 95% Clopper–Pearson upper bound of a rate seen {@code events} times in {@code trials} (0 events: 1 − 0.05^(1/n)). */
    static double upper95(int events, int trials) {
        return events >= trials ? 1 : new BetaDistribution(events + 1, trials - events).inverseCumulativeProbability(0.95);
    }

    String table(int suiteComparisons) {
        StringBuilder table = new StringBuilder("\n| metric | runs | comparisons | flagged (1st stage) | failed (confirmed) | first verdicts |\n|---|---|---|---|---|---|\n");
        int comparisons = 0;
        int flagged = 0;
        int confirmed = 0;
        for (Metric metric : measured()) {
            Counts aa = aa(metric);
            comparisons += aa.comparisons();
            flagged += aa.flagged();
            confirmed += aa.confirmed();
            table.append(String.format(Locale.ROOT, "| A/A %s | %d | %d | %d | %d | %s |%n", metric.key(),
                    aRuns.get(metric).size(), aa.comparisons(), aa.flagged(), aa.confirmed(), aa.firstVerdicts()));
        }
        double perComparison = confirmed / (double) comparisons;
        double firstStage = flagged / (double) comparisons;
        table.append(String.format(Locale.ROOT, "%nPer comparison, all metrics pooled: flagged %d of %d, confirmed %d of %d "
                        + "(95%% upper bound %.1f%%).%n"
                        + "PR suite (%d comparisons): observed %.1f%%; if the confirmation were independent of the first run, %.2f%%; "
                        + "95%% upper bound from these comparisons: %.1f%%.%n%n",
                flagged, comparisons, confirmed, comparisons, upper95(confirmed, comparisons) * 100,
                suiteComparisons, suiteRate(perComparison, suiteComparisons) * 100,
                suiteRate(firstStage * firstStage, suiteComparisons) * 100,
                suiteRate(upper95(confirmed, comparisons), suiteComparisons) * 100));
        table.append("| metric | target | real effect | runs | detected (confirmed) | first verdicts |\n|---|---|---|---|---|---|\n");
        for (Metric metric : measured()) {
            for (int level : injectedRuns.get(metric).keySet()) {
                Counts counts = injected(metric, level);
                table.append(String.format(Locale.ROOT, "| %s | %s%d%% | %+.1f%% | %d | %d of %d (%.0f%%) | %s |%n", metric.key(),
                        metric.higherIsBetter() ? "-" : "+", level, realEffect(metric, level) * 100, counts.comparisons(),
                        counts.confirmed(), counts.comparisons(), 100.0 * counts.confirmed() / counts.comparisons(), counts.firstVerdicts()));
            }
        }
        return table.toString();
    }

    ObjectNode report(int suiteComparisons) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("window", window);
        root.put("suiteComparisons", suiteComparisons);
        for (Metric metric : measured()) {
            ObjectNode node = root.putObject(metric.key());
            node.set("aValues", values(aRuns.get(metric), metric));
            Counts aa = aa(metric);
            node.put("aaComparisons", aa.comparisons());
            node.put("aaFlagged", aa.flagged());
            node.put("aaConfirmed", aa.confirmed());
            ObjectNode levels = node.putObject("injected");
            injectedRuns.get(metric).forEach((level, runs) -> {
                Counts counts = injected(metric, level);
                ObjectNode levelNode = levels.putObject(Integer.toString(level));
                levelNode.put("realEffectPercent", Math.round(realEffect(metric, level) * 1000) / 10.0);
                levelNode.put("burnNs", runs.get(0).burnNs());
                levelNode.put("every", runs.get(0).every());
                levelNode.put("allocBytes", runs.get(0).allocBytes());
                levelNode.set("values", values(runs, metric));
                levelNode.put("flagged", counts.flagged());
                levelNode.put("detected", counts.confirmed());
                levelNode.put("comparisons", counts.comparisons());
                levelNode.put("firstVerdicts", counts.firstVerdicts().entrySet().stream()
                        .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining(" ")));
            });
        }
        return root;
    }

    private static ArrayNode values(List<Run> runs, Metric metric) {
        ArrayNode values = JsonNodeFactory.instance.arrayNode();
        runs.forEach(run -> values.add(Math.round(run.value(metric))));
        return values;
    }
}
