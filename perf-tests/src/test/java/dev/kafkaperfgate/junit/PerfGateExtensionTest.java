package dev.kafkaperfgate.junit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Proxy;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a team's suite runs, is skipped, or fails on a typo. */
@Tag("unit")
class PerfGateExtensionTest {

    /** A team's suite, as the extension sees its class. */
    abstract static class OrdersPerfSuite extends PerfGateSuite {
    }

    @AfterEach
    void clear() {
        System.clearProperty("perf.suit");
        System.clearProperty("perf.suite");
        System.clearProperty("perf.enabled");
        System.clearProperty("perf.scenarios");
    }

    @Test
    void withoutASuiteTheTeamsOrdinaryBuildSkipsIt() {
        ConditionEvaluationResult result = new PerfGateExtension().evaluateExecutionCondition(context(OrdersPerfSuite.class));
        assertTrue(result.isDisabled());
        assertEquals("the perf gate runs when asked: -Dperf.suite=<suite> (e.g. pr, nightly, or all), -Dperf.scenarios=<names>, "
                + "or -Dperf.enabled=true for the default suite (pr)", result.getReason().orElseThrow());
    }

    @Test
    void aMisspeltSettingFailsTheSuiteInsteadOfSkippingIt() {
        System.setProperty("perf.suit", "pr");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PerfGateExtension().evaluateExecutionCondition(context(OrdersPerfSuite.class)));
        assertTrue(e.getMessage().startsWith("unknown property perf.suit (did you mean perf.suite?); the gate knows: "), e.getMessage());
    }

    @Test
    void aSuiteAskedForRuns() {
        System.setProperty("perf.suite", "pr");
        assertTrue(!new PerfGateExtension().evaluateExecutionCondition(context(OrdersPerfSuite.class)).isDisabled());
    }

    /** scripts/gate.sh's way in: the run is asked for, the suite left to the settings (pr). */
    @Test
    void aRunAskedForWithoutASuiteRunsTheDefaultSuite() {
        System.setProperty("perf.enabled", "true");
        ConditionEvaluationResult enabled = new PerfGateExtension().evaluateExecutionCondition(context(OrdersPerfSuite.class));
        assertTrue(!enabled.isDisabled());
        assertEquals("perf suite pr", enabled.getReason().orElseThrow());
        System.clearProperty("perf.enabled");
        System.setProperty("perf.scenarios", "orders-*");
        assertEquals("perf suite all", new PerfGateExtension().evaluateExecutionCondition(context(OrdersPerfSuite.class))
                .getReason().orElseThrow());
    }

    private static ExtensionContext context(Class<?> testClass) {
        return (ExtensionContext) Proxy.newProxyInstance(ExtensionContext.class.getClassLoader(), new Class<?>[] {ExtensionContext.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("getTestClass")) {
                        return Optional.of(testClass);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
