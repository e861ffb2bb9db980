package dev.kafkaperfgate.internal.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.history.Trend;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.trogdor.TrogdorSettings;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.Judge;
import dev.kafkaperfgate.internal.workload.InjectedCost;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one gate run judges with: the selected scenarios' baselines, the policy derived from how
 * many comparisons the run makes, this machine's fingerprint and ruler, and the summary it
 * writes. Made once per run by {@link ScenarioRunner#begin}.
 */
final class GateRun {

    final String suite;
    final List<Scenario> scenarios;
    final BaselineStore baselines;
    final GatePolicy policy;
    /** Stored mode never skips a confirmation: the nightly runs it, and its history must hold every confirmed step. */
    final RunDecisions decisions;
    final Fingerprint fingerprint;
    final RunSummary summary;
    final InjectedCost injection;
    /** The commit this run measured, when the run was told it ({@code perf.run.commit}). */
    final String commit;
    /** Which Trogdor the run's trogdor scenarios go through. */
    final TrogdorSettings trogdor;
    /** A slow link's Toxiproxy server, {@code null}: on the PATH or built with Go. */
    final Path toxiproxy;

    private GateRun(String suite, List<Scenario> scenarios, BaselineStore baselines, GatePolicy policy, Fingerprint fingerprint,
                    RunSummary summary, InjectedCost injection, String commit, TrogdorSettings trogdor, Path toxiproxy,
                    PrintStream console) {
        this.injection = injection;
        this.toxiproxy = toxiproxy;
        this.trogdor = trogdor;
        this.commit = commit;
        this.suite = suite;
        this.scenarios = List.copyOf(scenarios);
        this.baselines = baselines;
        this.policy = policy;
        this.decisions = new RunDecisions(policy, console, false);
        this.fingerprint = fingerprint;
        this.summary = summary;
    }

    static GateRun start(String suite, List<Scenario> scenarios, BaselineStore baselines, KafkaBroker broker, Path resultsDir,
                         GateSettings settings, PrintStream console) {
        int comparisons = scenarios.stream().mapToInt(scenario -> Metric.of(scenario.workload(), scenario.produce().fault() != null,
                scenario.thresholds()).size()).sum();
        GatePolicy policy = GatePolicy.forSuite(Math.max(1, comparisons), settings);
        InjectedCost injection = InjectedCost.from(settings);
        TrogdorSettings trogdor = TrogdorSettings.from(settings);
        Fingerprint fingerprint = Fingerprint.current(broker.info());
        Ruler ruler = Ruler.measure(broker);
        List<Ruler> baselineRulers = baselines.all().stream().flatMap(baseline -> baseline.history().stream())
                .map(BaselineRun::ruler).toList();
        Drift drift = Drift.between(ruler, baselineRulers, Defaults.DRIFT_BOUND);
        RunSummary.Provenance provenance = RunSummary.Provenance.of(settings);
        RunSummary summary = new RunSummary(resultsDir, suite, scenarios.size(), provenance);
        summary.environment(baselines.profile(), baselines.machineClass(), fingerprint, ruler, drift, policy, injection);
        String fallback = settings.fallbackReason();
        com.fasterxml.jackson.databind.node.ObjectNode mode = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                .put("name", "stored").put("fallbackReason", fallback);
        summary.module(settings.runModule());
        summary.mode(mode, fallback == null ? "" : "stored baselines (paired mode unavailable: " + fallback + "): ");
        int runs = baselines.all().stream().mapToInt(baseline -> baseline.history().size()).min().orElse(0);
        console.printf("[kafka-perf-gate] profile %s, machine class %s: %d of %d scenarios have a baseline%s (%s)%s; "
                        + "%d comparisons at α %.4f each (run budget %s)%n",
                baselines.profile(), baselines.machineClass(), baselines.all().size(), scenarios.size(),
                baselines.all().isEmpty() ? "" : ", at least " + runs + " run" + (runs == 1 ? "" : "s") + " each",
                baselines.classDir().toAbsolutePath().normalize(),
                baselines.otherClasses().isEmpty() ? "" : "; other classes in this profile: " + String.join(", ", baselines.otherClasses()),
                comparisons, policy.alpha(), policy.suiteFalseAlarmRate());
        console.printf("[kafka-perf-gate] ruler: %.0f ns per CPU op, %.0f µs broker round trip; %s%n", ruler.cpuNsPerOp(),
                ruler.roundTripUs(), drift.describe());
        if (injection.active()) {
            console.println("[kafka-perf-gate] INJECTED REGRESSION: " + injection + " (this run can never become a baseline)");
        }
        return new GateRun(suite, scenarios, baselines, policy, fingerprint, summary, injection, provenance.commit(), trogdor,
                settings.toxiproxyServer() == null ? null : Path.of(settings.toxiproxyServer()), console);
    }

    /**
     * The scenario's trend across its nightly history and this run, written into summary.json and
     * printed; nothing when the scenario has no history yet. Each metric's step must be at least
     * its threshold in this run's verdict to be flagged.
     */
    void trend(Scenario scenario, ObjectNode resultJson, RunFigures figures, ScenarioVerdict verdict, PrintStream console) {
        List<NightlyHistory.Night> nights = baselines.nights(scenario.name());
        if (nights.isEmpty()) {
            return;
        }
        Map<Metric, Double> tonight = new EnumMap<>(Metric.class);
        figures.metrics().forEach((metric, sample) -> {
            if (sample.value() > 0 && Double.isFinite(sample.value())) {
                tonight.put(metric, sample.value());
            }
        });
        Map<Metric, Double> minSteps = new EnumMap<>(Metric.class);
        verdict.metrics().stream().filter(metric -> Double.isFinite(metric.thresholdPercent()))
                .forEach(metric -> minSteps.putIfAbsent(metric.metric(), Math.abs(metric.thresholdPercent())));
        Trend trend = Trend.of(nights, resultJson.get("definitionSha256").asText(), commit, tonight, minSteps);
        if (trend.flagged().isEmpty()) {
            console.printf("[%s] trend over %d nights: no step change flagged%s%n", scenario.name(), trend.nights(),
                    trend.nights() < Trend.MIN_NIGHTS ? " (" + Trend.MIN_NIGHTS + " nights are needed to look for one)"
                            : trend.steps().isEmpty() ? "" : " (" + trend.steps().size() + " older, smaller or better change point(s), in summary.json)");
        }
        trend.flagged().forEach(step -> console.printf("[%s] trend over %d nights: STEP CHANGE %s%n", scenario.name(), trend.nights(),
                step.describe()));
        summary.trend(scenario.name(), trend);
    }

    /** What the engine judges of one run: the run against the scenario's baseline file, if it has one. */
    Evidence evidence(Scenario scenario, ObjectNode resultJson, RunFigures figures) {
        Judge.Run run = new Judge.Run(scenario.name(), scenario.workload().key(), resultJson.get("definitionSha256").asText(),
                resultJson.get("definition"), fingerprint, figures);
        return new Evidence.Stored(run, baselines.get(scenario.name()).orElse(null), scenario.thresholds());
    }
}
