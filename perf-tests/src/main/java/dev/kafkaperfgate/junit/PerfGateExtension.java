package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.GateProperties;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a {@link PerfGateSuite} only when a suite is asked for ({@code -Dperf.suite=pr}, or
 * {@code all}), so that a team's ordinary {@code mvn test} starts no broker and measures nothing.
 * An unknown {@code perf.*} property fails the suite instead of skipping it: {@code -Dperf.suit=pr}
 * must not pass as a build that judged nothing.
 */
public final class PerfGateExtension implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean suiteClass = context.getTestClass().map(PerfGateSuite.class::isAssignableFrom).orElse(false);
        if (suiteClass) {
            // A misspelt -Dperf.suit=pr would otherwise skip the suite with BUILD SUCCESS: a typo must fail, naming itself.
            GateProperties.rejectUnknown(System.getProperties());
        }
        String suite = System.getProperty(GateProperties.SUITE);
        if (suiteClass && (suite == null || suite.isBlank())) {
            return ConditionEvaluationResult.disabled("the perf gate runs when asked: -D" + GateProperties.SUITE
                    + "=<suite> (e.g. pr, nightly, or all)");
        }
        return ConditionEvaluationResult.enabled("perf suite " + suite);
    }
}
