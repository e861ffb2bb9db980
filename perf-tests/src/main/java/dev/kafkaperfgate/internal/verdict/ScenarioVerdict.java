package dev.kafkaperfgate.internal.verdict;

import java.util.List;

/**
 * The verdicts on one run of one scenario, one per compared metric.
 *
 * @param changes what the run's subject changed against the baseline's, e.g.
 *                {@code producer.linger.ms: 0 → 5}; empty when nothing changed or there is no baseline
 */
public record ScenarioVerdict(String scenario, List<MetricVerdict> metrics, List<String> changes) {

    /** Verdicts in the order a reader should look at them. */
    public static final List<Verdict> ATTENTION = List.of(Verdict.REGRESSION, Verdict.MISMATCH, Verdict.WARNING, Verdict.INCONCLUSIVE,
            Verdict.IMPROVEMENT, Verdict.BETTER, Verdict.NEW, Verdict.OK);

    public ScenarioVerdict {
        metrics = List.copyOf(metrics);
        changes = List.copyOf(changes);
    }

    /** The verdict that needs most attention among the metrics'. */
    public Verdict overall() {
        return ATTENTION.stream().filter(this::has).findFirst().orElse(Verdict.OK);
    }

    public boolean has(Verdict verdict) {
        return metrics.stream().anyMatch(metric -> metric.verdict() == verdict);
    }

    public List<MetricVerdict> with(Verdict verdict) {
        return metrics.stream().filter(metric -> metric.verdict() == verdict).toList();
    }
}
