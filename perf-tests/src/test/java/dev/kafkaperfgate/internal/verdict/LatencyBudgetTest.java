package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A p99 against the team's budget (issue 82). The A/A of the issue: 3149 → 3351 µs, interval −22.8% .. +46.2%, MDE +28.8%
 * against +10%: INCONCLUSIVE by the relative threshold alone, decided by a 5 ms budget.
 */
@Tag("unit")
class LatencyBudgetTest {

    private static MetricVerdict p99(Verdict verdict, double base, double ratio, double low, double high, double mde) {
        return new MetricVerdict(Metric.P99, verdict, base, base * ratio, 10,
                new RunToRunInterval.Comparison(base, base * ratio, ratio, low, high, Math.log(1 + mde / 100), 0.3, 8, PairedT.SAMPLES), "noise");
    }

    @Test
    void anUnresolvableRelativeChangeWithinTheBudgetIsOkSayingSoOnce() {
        MetricVerdict settled = LatencyBudget.apply(p99(Verdict.INCONCLUSIVE, 3149, 1.064, 0.772, 1.462, 28.8), 5000);
        assertEquals(Verdict.OK, settled.verdict());
        assertEquals("within budget: the head's p99 3.35 ms (interval 2.43 ms .. 4.60 ms) against the team's 5.00 ms budget; "
                + "the relative change is not resolvable here (MDE +29%)", settled.reason());
    }

    @Test
    void aHeadWhollyOverTheBudgetIsARegressionAndOneAcrossItIsInconclusive() {
        // linger.ms 0 -> 5: p99 3.1 ms -> 8.4 ms.
        MetricVerdict over = LatencyBudget.apply(p99(Verdict.REGRESSION, 3149, 2.67, 2.2, 3.1, 28.8), 3800);
        assertEquals(Verdict.REGRESSION, over.verdict());
        assertTrue(over.reason().startsWith("over budget: the head's p99 8.41 ms (interval 6.93 ms .. 9.76 ms) against the team's 3.80 ms"),
                over.reason());
        MetricVerdict across = LatencyBudget.apply(p99(Verdict.INCONCLUSIVE, 3149, 1.064, 0.772, 1.462, 28.8), 3800);
        assertEquals(Verdict.INCONCLUSIVE, across.verdict());
        assertTrue(across.reason().startsWith("the budget does not decide"), across.reason());
    }

    @Test
    void aResolvableRelativeVerdictStandsAndABaseAlreadyOverTheBudgetIsJudgedRelatively() {
        MetricVerdict resolved = LatencyBudget.apply(p99(Verdict.REGRESSION, 1000, 1.2, 1.15, 1.25, 5), 5000);
        assertEquals(Verdict.REGRESSION, resolved.verdict(), "+20% resolved beyond +10% fails, under budget or not");
        assertTrue(resolved.reason().startsWith("the head's p99 1.20 ms (interval 1.15 ms .. 1.25 ms) against the team's 5.00 ms budget: within it"),
                resolved.reason());
        // A head that makes its own p99 noisy (MDE +60%) while +40% slower: the relative REGRESSION stands, under budget or not.
        MetricVerdict noisy = LatencyBudget.apply(p99(Verdict.REGRESSION, 1000, 1.4, 1.2, 1.6, 60), 5000);
        assertEquals(Verdict.REGRESSION, noisy.verdict(), noisy.reason());
        assertEquals(Verdict.WARNING, LatencyBudget.apply(p99(Verdict.WARNING, 1000, 1.08, 1.02, 1.14, 60), 5000).verdict());
        MetricVerdict baseOver = LatencyBudget.apply(p99(Verdict.INCONCLUSIVE, 6000, 1.0, 0.8, 1.2, 28.8), 5000);
        assertEquals(Verdict.INCONCLUSIVE, baseOver.verdict());
        assertTrue(baseOver.reason().startsWith("the base's p99 6.00 ms is over the team's 5.00 ms budget already"), baseOver.reason());
        assertEquals(Verdict.INCONCLUSIVE, LatencyBudget.apply(p99(Verdict.INCONCLUSIVE, 3149, 1.064, 0.772, 1.462, 28.8), Double.NaN).verdict(),
                "no budget: the relative verdict alone");
    }
}
