package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.settings.Defaults;
import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.MetricSample;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.spec.Thresholds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Gives each metric of a scenario's run its verdict against the scenario's baseline. A change is
 * a REGRESSION only when it is both larger than the scenario's threshold (practical
 * significance) and outside the baseline's run-to-run noise ({@link RunToRunInterval} at the policy's
 * α); thresholds are symmetric on the log scale, so −10% throughput mirrors +11.1%.
 *
 * <pre>{@code
 * ScenarioVerdict verdict = new Judge(policy).judge(run, baselineOrNull, thresholds);
 * verdict.overall();          // REGRESSION, MISMATCH, INCONCLUSIVE, IMPROVEMENT, NEW or OK
 * verdict.changes();          // what the subject changed: [producer.linger.ms: 0 → 5, kafkaClients: 4.2.0 → 4.3.1]
 * }</pre>
 *
 * A changed subject (client settings, the team's classes, the kafka-clients version; see
 * {@link DefinitionParts}) is what a pull request does, so it is judged, never a MISMATCH.
 *
 * <pre>{@code
 * }</pre>
 */
public final class Judge {

    private final GatePolicy policy;

    public Judge(GatePolicy policy) {
        this.policy = policy;
    }

    /**
     * What is judged: a scenario's run as the result file records it.
     *
     * @param definitionSha256 SHA-256 of the experiment part of {@code definition} ({@link DefinitionParts#experiment})
     * @param definition       the scenario's definition block of the result file
     */
    public record Run(String scenario, String workload, String definitionSha256, JsonNode definition, Fingerprint fingerprint,
                      RunFigures figures) {
    }

    /** @param baseline {@code null} when the scenario has none: every metric is NEW */
    public ScenarioVerdict judge(Run run, Baseline baseline, Thresholds thresholds) {
        List<MetricVerdict> verdicts = new ArrayList<>();
        List<String> mismatch = baseline == null ? List.of()
                : mismatches(run.workload(), run.definition(), run.fingerprint(), baseline);
        List<String> changes = baseline == null ? List.of() : DefinitionParts.subjectChanges(baseline.definition(), run.definition());
        for (Metric metric : Metric.values()) {
            MetricSample sample = run.figures().metrics().get(metric);
            if (sample == null || !metric.gatedBy(thresholds)) {
                continue;
            }
            double threshold = thresholdPercent(metric, thresholds.orDefaults(Thresholds.DEFAULT));
            if (baseline == null) {
                verdicts.add(new MetricVerdict(metric, Verdict.NEW, Double.NaN, sample.value(), threshold, null,
                        "no baseline for this scenario in this profile and machine class"));
            } else if (!mismatch.isEmpty()) {
                verdicts.add(new MetricVerdict(metric, Verdict.MISMATCH, Double.NaN, sample.value(), threshold, null,
                        "baseline " + baseline.file().getFileName() + " differs: " + String.join("; ", mismatch)));
            } else {
                verdicts.add(compare(metric, sample.value(), baseline, threshold));
            }
        }
        return new ScenarioVerdict(run.scenario(), verdicts, changes);
    }

    /** The threshold for {@code metric} (defaults already resolved), signed in the metric's bad direction (−10 for a throughput drop). */
    static double thresholdPercent(Metric metric, Thresholds thresholds) {
        return switch (metric) {
            case THROUGHPUT -> -thresholds.throughputDropPercent();
            case P99, SERVICE_P99 -> thresholds.p99RisePercent();
            case CPU_PER_RECORD -> thresholds.cpuRisePercent();
            case ALLOC_PER_RECORD, IO_ALLOC_PER_RECORD -> thresholds.allocRisePercent();
            case WIRE_BYTES_PER_RECORD -> thresholds.wireBytesRisePercent();
            case RECORDS_PER_REQUEST -> -thresholds.recordsPerRequestDropPercent();
            case FAILOVER -> thresholds.failoverRisePercent();
            case BROKER_CPU_PER_RECORD -> thresholds.brokerCpuRisePercent();
            case BROKER_PRODUCE_TIME -> thresholds.brokerProduceTimeRisePercent();
            case COMPONENT_CPU_NS_PER_OP, COMPONENT_NS_PER_OP -> Defaults.COMPONENT_NS_THRESHOLD_PERCENT;
            case COMPONENT_BYTES_PER_OP -> Defaults.COMPONENT_BYTES_THRESHOLD_PERCENT;
        };
    }

    private MetricVerdict compare(Metric metric, double current, Baseline baseline, double thresholdPercent) {
        // Baseline runs recorded before a metric existed do not have it; the others still count.
        double[] runs = baseline.history().stream().filter(entry -> entry.figures().metrics().containsKey(metric))
                .mapToDouble(entry -> value(entry, metric)).toArray();
        if (runs.length == 0) {
            return new MetricVerdict(metric, Verdict.NEW, Double.NaN, current, thresholdPercent, null,
                    "the baseline's runs predate this metric");
        }
        if (runs.length < policy.minBaselineRuns()) {
            double center = Math.exp(Arrays.stream(runs).map(Math::log).average().orElse(Double.NaN));
            return new MetricVerdict(metric, Verdict.INCONCLUSIVE, center, current, thresholdPercent, null, String.format(Locale.ROOT,
                    "the baseline holds %d run%s; run-to-run noise needs at least %d", runs.length, runs.length == 1 ? "" : "s",
                    policy.minBaselineRuns()));
        }
        RunToRunInterval.Comparison comparison = RunToRunInterval.compare(current, runs, policy.alpha(), policy.power());
        Verdict verdict = classify(metric, comparison, thresholdPercent);
        String reason = verdict != Verdict.INCONCLUSIVE ? "" : String.format(Locale.ROOT,
                "run-to-run noise (%.1f%%) hides changes smaller than the MDE; what would resolve it: more baseline runs "
                        + "(scripts/refresh-baselines.sh), a quieter runner, or paired mode (--base)", comparison.runToRunSd() * 100);
        return new MetricVerdict(metric, verdict, comparison.baselineCenter(), current, thresholdPercent, comparison, reason);
    }

    /**
     * The verdict both modes give a comparison: REGRESSION when the change is beyond the threshold
     * (practical) and its interval excludes no change (statistical), IMPROVEMENT the same the other
     * way, INCONCLUSIVE when the MDE is larger than the threshold, else OK. Thresholds are symmetric
     * on the log scale, so −10% throughput mirrors +11.1%.
     */
    static Verdict classify(Metric metric, RunToRunInterval.Comparison comparison, double thresholdPercent) {
        // Both in the metric's bad direction as positive numbers on the log scale.
        double worse = metric.higherIsBetter() ? -Math.log(comparison.ratio()) : Math.log(comparison.ratio());
        double threshold = Math.abs(Math.log(1 + thresholdPercent / 100));
        boolean significantlyWorse = metric.higherIsBetter() ? comparison.high() < 1 : comparison.low() > 1;
        boolean significantlyBetter = metric.higherIsBetter() ? comparison.low() > 1 : comparison.high() < 1;
        if (worse > threshold && significantlyWorse) {
            return Verdict.REGRESSION;
        }
        if (-worse > threshold && significantlyBetter) {
            return Verdict.IMPROVEMENT;
        }
        return comparison.mdeLog() > threshold ? Verdict.INCONCLUSIVE : Verdict.OK;
    }

    private static double value(BaselineRun run, Metric metric) {
        return run.figures().metrics().get(metric).value();
    }

    /**
     * Why a baseline cannot judge a run of this scenario: another workload, another experiment
     * (the subject may differ: that is what is judged), or another environment. Empty when it
     * can. The one rule for both the verdict (MISMATCH) and the refresh (which refuses such a run
     * unless it is accepted).
     */
    public static List<String> mismatches(String workload, JsonNode definition, Fingerprint fingerprint, Baseline baseline) {
        List<String> differences = new ArrayList<>();
        if (!baseline.workload().equals(workload)) {
            differences.add("workload: " + baseline.workload() + " → " + workload);
        }
        // The experiment's settings decide, not the hash: a hash also changes when a writer spells
        // 10000 as 10000.0, or when a baseline predates the split of subject and experiment.
        List<String> settings = DefinitionParts.experimentChanges(baseline.definition(), definition);
        if (!settings.isEmpty()) {
            differences.add("definition: " + String.join(", ", settings));
        }
        List<String> environment = fingerprint.differencesFrom(baseline.fingerprint());
        if (!environment.isEmpty()) {
            differences.add("environment: " + String.join(", ", environment));
        }
        return differences;
    }
}
