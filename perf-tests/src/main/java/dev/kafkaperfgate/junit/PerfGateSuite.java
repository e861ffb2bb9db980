package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.GateProperties;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.Profile;
import dev.kafkaperfgate.internal.run.ScenarioRunner;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The perf suite a team's build runs: every scenario file in {@code -Dperf.scenarios.dir}
 * (default {@code perf/}) tagged {@code -Dperf.suite}, one JUnit test per scenario, named after
 * it, judged against {@code -Dperf.baselines.dir} (default {@code baselines/}). A team's suite is
 * one line in its test sources:
 *
 * <pre>{@code
 * class OrdersPerfTest extends PerfGateSuite {      // *Test: Surefire runs it without configuration
 * }
 * }</pre>
 *
 * and runs with {@code mvn -B verify -Dperf.suite=pr}. Without {@code -Dperf.suite} the suite is
 * skipped, so the team's ordinary {@code mvn test} starts no broker. {@code -Dperf.suite=all}
 * runs every scenario.
 */
@ExtendWith(PerfGateExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PerfGateSuite {

    private String suite;
    private List<Scenario> selected;
    private BaselineStore baselines;

    /**
     * Scenario files and their baselines are validated before the broker starts (the runner is
     * resolved after this): a bad file stops the run with every problem listed and nothing started.
     */
    @BeforeAll
    void loadCatalog() {
        GateProperties.rejectUnknown(System.getProperties());
        ScenarioCatalog catalog = ScenarioCatalog.load(Path.of(System.getProperty(GateProperties.SCENARIOS_DIR,
                Defaults.SCENARIOS_DIR)));
        String requested = System.getProperty(GateProperties.SUITE);
        suite = "all".equals(requested) ? null : requested;
        selected = catalog.select(suite, System.getProperty(GateProperties.SCENARIOS));
        baselines = BaselineStore.load(Path.of(System.getProperty(GateProperties.BASELINES_DIR, Defaults.BASELINES_DIR)),
                Profile.resolve(System.getProperties()), selected.stream().map(Scenario::name).toList());
    }

    @TestFactory
    Stream<DynamicTest> scenarios(ScenarioRunner runner) {
        runner.begin(suite, selected, baselines, System.getProperties());
        Stream<DynamicTest> scenarios = selected.stream().map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> runner.run(scenario)));
        // Sweeps are reported together, after their scenarios; then summary.json says whether the run is complete.
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest("sweep summaries and run summary", runner::finish)));
    }
}
