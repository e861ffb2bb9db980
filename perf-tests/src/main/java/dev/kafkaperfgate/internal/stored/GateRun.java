package dev.kafkaperfgate.internal.stored;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.frame.RunFrame;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.history.Trend;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.trogdor.TrogdorSettings;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.Judge;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one stored-mode run judges with: the selected scenarios' baselines, and the run's frame
 * (the policy, this machine's fingerprint and ruler, the summary, the decisions) opened on them.
 * Made once per run by {@link ScenarioRunner#begin}.
 */
final class GateRun {

    final String suite;
    final List<Scenario> scenarios;
    final BaselineStore baselines;
    /** The run's summary, policy and decisions. */
    final RunFrame frame;
    /** The commit this run measured, when the run was told it ({@code perf.run.commit}). */
    final String commit;
    /** Which Trogdor the run's trogdor scenarios go through. */
    final TrogdorSettings trogdor;
    /** A slow link's Toxiproxy server, {@code null}: on the PATH or built with Go. */
    final Path toxiproxy;

    private GateRun(String suite, List<Scenario> scenarios, BaselineStore baselines, RunFrame frame, String commit,
                    TrogdorSettings trogdor, Path toxiproxy) {
        this.suite = suite;
        this.scenarios = List.copyOf(scenarios);
        this.baselines = baselines;
        this.frame = frame;
        this.commit = commit;
        this.trogdor = trogdor;
        this.toxiproxy = toxiproxy;
    }

    static GateRun start(String suite, List<Scenario> scenarios, BaselineStore baselines, KafkaBroker broker, Path resultsDir,
                         GateSettings settings, PrintStream console) {
        int comparisons = scenarios.stream().mapToInt(Scenario::comparisons).sum();
        List<Ruler> baselineRulers = baselines.all().stream().flatMap(baseline -> baseline.history().stream())
                .map(BaselineRun::ruler).toList();
        // Fail-fast off: stored mode never skips a confirmation (the nightly runs it, and its history must hold every confirmed step).
        RunFrame frame = RunFrame.open(settings, new RunFrame.Opening(suite, scenarios.size(), comparisons, broker, baselines.profile(),
                baselines.machineClass(), baselineRulers, false, resultsDir, baselines.profileDir().getParent()), console);
        String fallback = settings.fallbackReason();
        frame.mode(JsonNodeFactory.instance.objectNode().put("name", "stored").put("fallbackReason", fallback),
                fallback == null ? "" : "stored baselines (paired mode unavailable: " + fallback + "): ");
        GatePolicy policy = frame.policy();
        int runs = baselines.all().stream().mapToInt(baseline -> baseline.history().size()).min().orElse(0);
        console.printf("[kafka-perf-gate] profile %s, machine class %s: %d of %d scenarios have a baseline%s (%s)%s; "
                        + "%d comparisons at α %.4f each (run budget %s)%n",
                baselines.profile(), baselines.machineClass(), baselines.all().size(), scenarios.size(),
                baselines.all().isEmpty() ? "" : ", at least " + runs + " run" + (runs == 1 ? "" : "s") + " each",
                baselines.classDir().toAbsolutePath().normalize(),
                baselines.otherClasses().isEmpty() ? "" : "; other classes in this profile: " + String.join(", ", baselines.otherClasses()),
                comparisons, policy.alpha(), policy.suiteFalseAlarmRate());
        console.printf("[kafka-perf-gate] ruler: %.0f ns per CPU op, %.0f µs broker round trip; %s%n", frame.ruler().cpuNsPerOp(),
                frame.ruler().roundTripUs(), frame.drift().describe());
        if (frame.injection().active()) {
            console.println("[kafka-perf-gate] INJECTED REGRESSION: " + frame.injection() + " (this run can never become a baseline)");
        }
        return new GateRun(suite, scenarios, baselines, frame, RunSummary.Provenance.of(settings).commit(), TrogdorSettings.from(settings),
                settings.machine().toxiproxyServer().orElse(null));
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
        frame.summary().trend(scenario.name(), trend);
    }

    /** What the engine judges of one run: the run against the scenario's baseline file, if it has one. */
    Evidence evidence(Scenario scenario, ObjectNode resultJson, RunFigures figures) {
        Judge.Run run = new Judge.Run(scenario.name(), scenario.workload().key(), resultJson.get("definitionSha256").asText(),
                resultJson.get("definition"), frame.fingerprint(), figures);
        return new Evidence.Stored(run, baselines.get(scenario.name()).orElse(null), scenario.thresholds());
    }
}
