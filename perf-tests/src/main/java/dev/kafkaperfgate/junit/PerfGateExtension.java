package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.GateProperties;
import dev.kafkaperfgate.internal.broker.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.environment.CpuSet;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import dev.kafkaperfgate.internal.run.ScenarioRunner;
import dev.kafkaperfgate.internal.workload.BrokerWarmup;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Gives a perf suite a {@link ScenarioRunner} on a broker chosen by {@code -Dperf.broker}, started
 * and warmed once per suite class (again for a confirmation re-run) and stopped after it.
 *
 * <pre>{@code
 * @ExtendWith(PerfGateExtension.class)
 * class ProducerPerfSuite {
 *     @TestFactory
 *     Stream<DynamicTest> scenarios(ScenarioRunner runner) {
 *         runner.begin("pr", SCENARIOS, baselines, System.getProperties());
 *         return SCENARIOS.stream().map(s -> DynamicTest.dynamicTest(s.name(), () -> runner.run(s)));
 *     }
 * }
 * }</pre>
 */
public final class PerfGateExtension implements ParameterResolver, ExecutionCondition {

    /**
     * A {@link PerfGateSuite} runs only when a suite is asked for, so that a team's ordinary
     * {@code mvn test} starts no broker.
     */
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

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PerfGateExtension.class);
    private static volatile boolean clientPinned;

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ScenarioRunner.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ExtensionContext suite = context.getRoot();
        return suite.getStore(NAMESPACE).getOrComputeIfAbsent(ScenarioRunnerResource.class,
                key -> new ScenarioRunnerResource(startRunner()), ScenarioRunnerResource.class).runner;
    }

    private static ScenarioRunner startRunner() {
        BrokerSettings settings = BrokerSettings.fromSystemProperties();
        CpuSet clientCpus = CpuSet.parseOrNull(System.getProperty(GateProperties.CLIENT_CPUS));
        if (clientCpus != null && !clientPinned) {
            ProcessPinning.pinThisProcess(clientCpus);
            clientPinned = true;
            System.out.println("[kafka-perf-gate] client pinned to CPUs " + clientCpus);
        }
        Path results = Path.of(System.getProperty(GateProperties.RESULTS_DIR, "target/perf-results"));
        Duration brokerWarmup = Duration.ofSeconds(Long.parseLong(GateProperties.get(System.getProperties(),
                GateProperties.BROKER_WARMUP, Long.toString(Defaults.BROKER_WARMUP.toSeconds()))));
        Supplier<KafkaBroker> freshBroker = () -> startWarm(settings, brokerWarmup);
        return new ScenarioRunner(freshBroker.get(), freshBroker, results, clientCpus, System.out);
    }

    private static KafkaBroker startWarm(BrokerSettings settings, Duration warmup) {
        KafkaBroker broker = BrokerSelector.start(settings, System.out);
        try {
            BrokerWarmup.run(broker, warmup, System.out);
            return broker;
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /** Stops the broker when the test plan ends (JUnit closes AutoCloseable store values). */
    private record ScenarioRunnerResource(ScenarioRunner runner) implements AutoCloseable {
        @Override
        public void close() {
            runner.broker().close();
        }
    }
}
