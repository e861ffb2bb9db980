package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import java.util.Optional;

import static dev.kafkaperfgate.internal.result.ResultBlocks.JSON;

/** summary.json's blocks (a scenario's verdicts and latency, the run's environment) as the PR comment and the report read them. */
final class VerdictJson {

    private VerdictJson() {
    }

    /**
     * The percentiles of the latency the p99 verdict is on, all trials merged, so the comment can
     * show the spectrum (a mirror's lag, an end-to-end latency) beyond its p99 line.
     */
    static ObjectNode latency(RunFigures figures) {
        if (figures == null || figures.latency() == null || figures.latencyHistogram() == null) {
            return null;
        }
        ObjectNode node = ResultBlocks.percentiles(figures.latencyHistogram());
        node.put("measures", figures.latency().label());
        node.put("unit", "us");
        return node;
    }

    static ArrayNode metrics(ScenarioVerdict verdict) {
        return metrics(verdict, null);
    }

    /**
     * A measurement's metrics. With {@code first} (the scenario's first measurement, when this is
     * its confirmation), each metric the first flagged as a REGRESSION carries the first's figure
     * and the word on it: "confirmed", or "did not repeat: noise".
     */
    static ArrayNode metrics(ScenarioVerdict verdict, ScenarioVerdict first) {
        ArrayNode metrics = JSON.createArrayNode();
        for (MetricVerdict metric : verdict.metrics()) {
            ObjectNode node = metrics.addObject();
            node.put("metric", metric.metric().key());
            if (!metric.component().isEmpty()) {
                node.put("component", metric.component());
            }
            node.put("unit", metric.metric().unit());
            node.put("verdict", metric.verdict().name());
            node.put("attention", metric.verdict().needsAttention());
            node.put("flagged", metric.verdict().flagsChange());
            flaggedFirst(first, metric).ifPresent(earlier -> {
                ObjectNode stage = node.putObject("first");
                putFinite(stage, "deltaPercent", earlier.deltaPercent());
                stage.put("word", metric.verdict() == Verdict.REGRESSION ? "confirmed" : "did not repeat: noise");
            });
            putFinite(node, "baseline", metric.baseline());
            putFinite(node, "current", metric.current());
            putFinite(node, "deltaPercent", metric.deltaPercent());
            if (metric.comparison() != null) {
                ArrayNode interval = node.putArray("intervalPercent");
                interval.add(round((metric.comparison().low() - 1) * 100));
                interval.add(round((metric.comparison().high() - 1) * 100));
                node.put("baselineRuns", metric.comparison().runs());
                node.put("samples", metric.comparison().samples());
            } else {
                node.putNull("intervalPercent");
                node.putNull("baselineRuns");
            }
            node.put("thresholdPercent", metric.thresholdPercent());
            // An MDE past 1000% says only that the noise could hide anything: no figure is shown for it.
            putFinite(node, "mdePercent", metric.mdeResolvable() ? metric.mdePercent() : Double.NaN);
            if (metric.comparison() != null) {
                node.put("decidedBy", metric.decidedByRule() ? "rule" : "interval");
            }
            node.put("reason", metric.reason());
            node.put("line", metric.line());
        }
        return metrics;
    }

    /** The first measurement's verdict on the same metric of the same component, when it flagged a regression. */
    private static Optional<MetricVerdict> flaggedFirst(ScenarioVerdict first, MetricVerdict metric) {
        if (first == null) {
            return Optional.empty();
        }
        return first.metrics().stream()
                .filter(earlier -> earlier.sameAs(metric) && earlier.verdict() == Verdict.REGRESSION)
                .findFirst();
    }

    /** JSON has no NaN: a figure that does not exist is null. */
    static void putFinite(ObjectNode node, String field, double value) {
        if (Double.isFinite(value)) {
            node.put(field, round(value));
        } else {
            node.putNull(field);
        }
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    /** summary.json's environment blocks: what the run measured on (profile, fingerprint, ruler, drift) and how it judges. */
    static ObjectNode environment(String profile, String machineClass, Fingerprint fingerprint, Ruler ruler, Drift drift,
                                  GatePolicy policy, InjectedCost injection) {
        ObjectNode node = JSON.createObjectNode();
        node.put("profile", profile);
        node.put("machineClass", machineClass);
        node.set("fingerprint", fingerprint.toJson());
        // No ruler and no drift while no broker has started (a paired run whose scenarios needed none).
        if (ruler != null) {
            ObjectNode rulerNode = node.putObject("ruler");
            rulerNode.put("cpuNsPerOp", Math.round(ruler.cpuNsPerOp()));
            rulerNode.put("roundTripUs", Math.round(ruler.roundTripUs()));
        }
        if (drift != null) {
            ObjectNode driftNode = node.putObject("drift");
            driftNode.put("drifted", drift.drifted());
            putFinite(driftNode, "cpuRatio", drift.cpuRatio());
            putFinite(driftNode, "roundTripRatio", drift.roundTripRatio());
            driftNode.put("bound", drift.bound());
            driftNode.put("description", drift.describe());
        }
        ObjectNode policyNode = node.putObject("policy");
        policyNode.put("suiteFalseAlarmRate", policy.suiteFalseAlarmRate());
        policyNode.put("comparisons", policy.comparisons());
        policyNode.put("alphaPerComparison", Math.round(policy.alpha() * 1e5) / 1e5);
        policyNode.put("minBaselineRuns", policy.minBaselineRuns());
        policyNode.put("baselineRequired", policy.baselineRequired());
        policyNode.put("allowUnjudged", policy.allowUnjudged());
        if (injection.active()) {
            ObjectNode injected = node.putObject("injection");
            injected.put("burnNs", injection.burnNs());
            injected.put("every", injection.every());
            injected.put("allocBytes", injection.allocBytes());
            injected.put("description", injection.toString());
        } else {
            node.putNull("injection");
        }
        return node;
    }
}
