package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.PerfGateOptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a {@link PerfGateSuite} only when a run is asked for ({@code -Dperf.suite=pr}, {@code all},
 * scenarios by name with {@code -Dperf.scenarios}, or the default suite with
 * {@code -Dperf.enabled=true}, as scripts/gate.sh asks), so that a team's ordinary {@code mvn test}
 * starts no broker and measures nothing. Which suite runs is the settings' to say, not this class's.
 * An unknown {@code perf.*} property fails the suite instead of skipping it: {@code -Dperf.suit=pr}
 * must not pass as a build that judged nothing.
 */
public final class PerfGateExtension implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        boolean suiteClass = context.getTestClass().map(PerfGateSuite.class::isAssignableFrom).orElse(false);
        if (!suiteClass) {
            return ConditionEvaluationResult.enabled("not a perf suite");
        }
        // Parsing the settings refuses a misspelt -Dperf.suit=pr, which would otherwise skip the suite with BUILD SUCCESS.
        PerfGateOptions options = PerfGateOptions.fromSystemProperties();
        if (!options.runRequested()) {
            return ConditionEvaluationResult.disabled("the perf gate runs when asked: -Dperf.suite=<suite> (e.g. pr, nightly, or all), "
                    + "-Dperf.scenarios=<names>, or -Dperf.enabled=true for the default suite (pr)");
        }
        return ConditionEvaluationResult.enabled("perf suite " + options.suite().orElse("all"));
    }
}
