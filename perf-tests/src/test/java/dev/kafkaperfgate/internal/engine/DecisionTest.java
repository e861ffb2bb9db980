package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How one scenario's decisions (whole client, then each component) become one. */
@Tag("unit")
class DecisionTest {

    private static final String SERIALIZER = "value.serializer com.acme.OrderSerializer";

    @Test
    void aComponentConfirmedAloneFailsTheScenarioAndIsNamed() {
        Decision<String> client = new Decision<>("client", verdict(metric(Metric.ALLOC_PER_RECORD, Verdict.OK, "")), null, null, List.of(),
                "a second paired measurement on fresh worker JVMs");
        MetricVerdict flagged = metric(Metric.COMPONENT_BYTES_PER_OP, Verdict.REGRESSION, SERIALIZER);
        Decision<String> component = new Decision<>("forks", verdict(flagged), "forks again", verdict(flagged), List.of(flagged),
                "a second set of duels");

        Decision<List<Object>> all = Decision.combine(List.of(client, component));

        assertTrue(all.regressed());
        assertEquals(2, all.verdict().metrics().size());
        assertEquals(2, all.again().metrics().size(), "the confirmation shows the whole scenario: the client's first verdict too");
        assertEquals("orders-publish: value.serializer com.acme.OrderSerializer: bytesPerOp REGRESSION: 1237 B/op; "
                + "confirmed by a second set of duels: value.serializer com.acme.OrderSerializer: bytesPerOp REGRESSION: 1237 B/op",
                all.regressionMessage());
    }

    @Test
    void theSameMetricOfAnotherComponentDoesNotConfirm() {
        MetricVerdict serializer = metric(Metric.COMPONENT_CPU_NS_PER_OP, Verdict.REGRESSION, SERIALIZER);
        MetricVerdict interceptor = metric(Metric.COMPONENT_CPU_NS_PER_OP, Verdict.REGRESSION, "interceptor.classes com.acme.Audit");
        assertEquals(List.of(), Decision.confirmedIn(verdict(serializer), verdict(interceptor)));
        assertEquals(List.of(serializer), Decision.confirmedIn(verdict(serializer), verdict(serializer)));
    }

    @Test
    void nothingFlaggedHasNoConfirmation() {
        Decision<String> client = new Decision<>("client", verdict(metric(Metric.THROUGHPUT, Verdict.OK, "")), null, null, List.of(), "x");
        Decision<List<Object>> all = Decision.combine(List.of(client));
        assertFalse(all.flagged());
        assertNull(all.again());
        assertNull(all.notConfirmedMessage());
    }

    private static ScenarioVerdict verdict(MetricVerdict... metrics) {
        return new ScenarioVerdict("orders-publish", List.of(metrics), List.of());
    }

    private static MetricVerdict metric(Metric metric, Verdict verdict, String component) {
        return new MetricVerdict(metric, verdict, 942, 1237, 5, null, "", component);
    }
}
