package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Gives each metric of a paired measurement its verdict: head against base, block by block
 * ({@link PairedT}). A REGRESSION needs both halves: the change is larger than the threshold
 * (the {@link Thresholds#PAIRED} defaults unless the base's scenario file sets its own) and the
 * one-sided interval at the policy's α excludes no change. The base's own stretches are the control:
 * when its later half differs from its earlier half by more than
 * {@link Defaults#PAIRED_CONTROL_BOUND}, the machine moved under the measurement, and a change of
 * the head no larger than that movement is INCONCLUSIVE.
 *
 * <pre>{@code
 * ScenarioVerdict verdict = new PairedJudge(policy).judge("orders-publish", blocksByMetric, thresholds, changes);
 * }</pre>
 */
public final class PairedJudge {

    private final GatePolicy policy;

    public PairedJudge(GatePolicy policy) {
        this.policy = policy;
    }

    /**
     * @param blocks     per metric, its blocks in run order; a metric a side could not measure is absent
     * @param thresholds the base's scenario thresholds, unset values resolved to {@link Thresholds#PAIRED}
     * @param changes    what the head changed in the subject, for the reader
     */
    public ScenarioVerdict judge(String scenario, Map<Metric, List<PairedT.Block>> blocks, Thresholds thresholds,
                                 List<String> changes) {
        return judge(scenario, blocks, thresholds, changes, true);
    }

    /**
     * @param control whether the base's own control applies: not for blocks whose sides ran at the
     *                same time (a component's duel), where a machine that moved moved both
     */
    public ScenarioVerdict judge(String scenario, Map<Metric, List<PairedT.Block>> blocks, Thresholds thresholds,
                                 List<String> changes, boolean control) {
        Thresholds resolved = thresholds.orDefaults(Thresholds.PAIRED);
        List<MetricVerdict> verdicts = new ArrayList<>();
        for (Metric metric : Metric.values()) {
            List<PairedT.Block> metricBlocks = blocks.get(metric);
            if (metricBlocks == null || !metric.gatedBy(resolved)) {
                continue;
            }
            if (metric == Metric.P99) {
                SteadierLatency.Choice latency = SteadierLatency.choose(metricBlocks, blocks.get(Metric.SERVICE_P99));
                MetricVerdict verdict = LatencyBudget.apply(judge(metric, latency.blocks(), Judge.thresholdPercent(metric, resolved), control),
                        resolved.p99MaxMicros());
                verdicts.add(latency.service() ? verdict.noted(latency.note()) : verdict);
            } else if (metric == Metric.ALLOC_PER_RECORD) {
                IoHeldAllocation.Held held = IoHeldAllocation.hold(metricBlocks, blocks.get(Metric.IO_ALLOC_PER_RECORD));
                MetricVerdict verdict = judge(metric, held.blocks(), Judge.thresholdPercent(metric, resolved), control);
                verdicts.add(held.note().isEmpty() ? verdict : verdict.noted(held.note()));
            } else {
                verdicts.add(judge(metric, metricBlocks, Judge.thresholdPercent(metric, resolved), control));
            }
        }
        return new ScenarioVerdict(scenario, verdicts, changes);
    }

    MetricVerdict judge(Metric metric, List<PairedT.Block> metricBlocks, double thresholdPercent, boolean control) {
        PairedT.Result result = PairedT.compare(metricBlocks, policy.alpha(), policy.power());
        // A p99 is judged by signed ranks, which one stalled window cannot swing; its base's mean, which one can, is no control.
        boolean tail = metric == Metric.P99;
        RunToRunInterval.Comparison comparison = tail ? SignedRank.compare(metricBlocks, policy.alpha(), policy.power()) : result.comparison();
        control = control && !tail;
        double controlBound = Math.log(1 + Defaults.PAIRED_CONTROL_BOUND);
        Verdict verdict;
        String reason = "";
        // The control only speaks when the head's change is no larger than the base's own movement:
        // a head 87% slower than a base that moved 47% is still 87% slower (Dekaf's rule: worse than
        // both base runs), while a 5% change beside a 25% movement cannot be told from it.
        if (control && Math.abs(result.controlLog()) > controlBound && Math.abs(Math.log(comparison.ratio())) <= Math.abs(result.controlLog())) {
            verdict = Verdict.INCONCLUSIVE;
            reason = String.format(Locale.ROOT, "the base disagreed with itself: its later half %+.1f%% against its earlier "
                    + "half (control bound ±%.0f%%); what would resolve it: a quieter runner (the machine moved under the run: "
                    + "a neighbour's load, a CPU's frequency), or the run again", (Math.exp(result.controlLog()) - 1) * 100,
                    Defaults.PAIRED_CONTROL_BOUND * 100);
        } else {
            verdict = Judge.classify(metric, comparison, thresholdPercent);
            double worstRiseMicros = (comparison.high() - 1) * comparison.baselineCenter();
            if (verdict == Verdict.INCONCLUSIVE && tail && worstRiseMicros <= Defaults.PAIRED_P99_FLOOR.toNanos() / 1000.0) {
                // Too noisy to resolve the percentage, but the interval rules out a rise a reader would care about.
                return new MetricVerdict(metric, Verdict.OK, comparison.baselineCenter(), comparison.current(), thresholdPercent, comparison,
                        String.format(Locale.ROOT, "decided by the p99 floor, not by the interval: p99 within the %d ms floor "
                                        + "(the interval's upper end adds at most %.0f µs); a percentage this noisy is not resolvable here",
                                Defaults.PAIRED_P99_FLOOR.toMillis(), Math.max(0, worstRiseMicros)));
            }
            if (verdict == Verdict.INCONCLUSIVE) {
                reason = tail && !SignedRank.reachable(metricBlocks.size(), policy.alpha())
                        ? metricBlocks.size() + " blocks are too few for a signed-rank test at α " + String.format(Locale.ROOT, "%.4f", policy.alpha())
                        + ": raise perf.paired.blocks"
                        : String.format(Locale.ROOT, "block-to-block noise (%.1f%%) hides changes smaller than the MDE; %s",
                        comparison.runToRunSd() * 100, resolving(comparison.mdeLog(), thresholdPercent, metricBlocks.size(), tail));
            }
        }
        return new MetricVerdict(metric, verdict, comparison.baselineCenter(), comparison.current(), thresholdPercent, comparison, reason);
    }

    /**
     * What would resolve an INCONCLUSIVE (issue 82): the MDE shrinks as one over the square root of the blocks, so about
     * {@code blocks × (MDE / threshold)²} blocks would bring it to the threshold; past 200, blocks are no answer here.
     */
    public static String resolving(double mdeLog, double thresholdPercent, int blocks, boolean tail) {
        double threshold = Math.abs(Math.log(1 + thresholdPercent / 100));
        long needed = (long) Math.ceil(Math.max(1, blocks) * Math.pow(mdeLog / threshold, 2));
        String elsewhere = "a quieter runner" + (tail ? ", or a lower rate" : "");
        return needed <= 200 && Double.isFinite(mdeLog)
                ? "what would resolve it: about " + needed + " blocks (-Dperf.paired.blocks=" + needed + "), or " + elsewhere
                : "what would resolve it: " + elsewhere + " (blocks alone would take more than 200)";
    }
}
