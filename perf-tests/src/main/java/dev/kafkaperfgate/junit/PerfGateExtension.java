package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.GateProperties;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a {@link PerfGateSuite} only when a suite is asked for ({@code -Dperf.suite=pr}, or
 * {@code all}), so that a team's ordinary {@code mvn test} starts no broker and measures nothing.
 */
public final class PerfGateExtension implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean suiteClass = context.getTestClass().map(PerfGateSuite.class::isAssignableFrom).orElse(false);
        String suite = System.getProperty(GateProperties.SUITE);
        if (suiteClass && (suite == null || suite.isBlank())) {
            return ConditionEvaluationResult.disabled("the perf gate runs when asked: -D" + GateProperties.SUITE
                    + "=<suite> (e.g. pr, nightly, or all)");
        }
        return ConditionEvaluationResult.enabled("perf suite " + suite);
    }
}
