package dev.kafkaperfgate;

import dev.kafkaperfgate.baseline.BaselineStore;
import dev.kafkaperfgate.baseline.Profile;
import dev.kafkaperfgate.junit.PerfGateExtension;
import dev.kafkaperfgate.junit.ScenarioRunner;
import dev.kafkaperfgate.scenario.Scenario;
import dev.kafkaperfgate.scenario.ScenarioCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The perf suite: every scenario file under perf-tests/scenarios, selected by
 * {@code -Dperf.suite=pr|nightly} and {@code -Dperf.scenarios=<name patterns>}. One JUnit test per
 * scenario, named after it, so Surefire's report and IDEs list scenarios. Run with
 * {@code mvn verify -Pgate}.
 */
@ExtendWith(PerfGateExtension.class)
class ScenarioPerfSuite {

    private static String suite;
    private static List<Scenario> selected;
    private static BaselineStore baselines;

    /**
     * Scenario files and their baselines are validated before the broker starts (the runner is
     * resolved after this): a bad file stops the run with every problem listed and nothing started.
     */
    @BeforeAll
    static void loadCatalog() {
        ScenarioCatalog catalog = ScenarioCatalog.load(Path.of(System.getProperty(GateProperties.SCENARIOS_DIR, "scenarios")));
        suite = System.getProperty(GateProperties.SUITE);
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
