package dev.kafkaperfgate;

import dev.kafkaperfgate.junit.PerfGateExtension;
import dev.kafkaperfgate.junit.ScenarioRunner;
import dev.kafkaperfgate.scenario.Scenario;
import dev.kafkaperfgate.scenario.ScenarioCatalog;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The perf suite: every scenario file under perf-tests/scenarios, selected by
 * {@code -Dperf.suite=pr|nightly} and {@code -Dperf.scenarios=<name patterns>}. One JUnit test per
 * scenario, named after it, so Surefire's report and IDEs list scenarios. Run with
 * {@code mvn verify -Pgate}.
 */
@ExtendWith(PerfGateExtension.class)
class ScenarioPerfSuite {

    @TestFactory
    Stream<DynamicTest> scenarios(ScenarioRunner runner) {
        // Validated before the broker's first record: a bad file stops the run with every problem listed.
        ScenarioCatalog catalog = ScenarioCatalog.load(Path.of(System.getProperty(GateProperties.SCENARIOS_DIR, "scenarios")));
        List<Scenario> selected = catalog.select(System.getProperty(GateProperties.SUITE), System.getProperty(GateProperties.SCENARIOS));
        Stream<DynamicTest> scenarios = IntStream.range(0, selected.size()).mapToObj(i -> DynamicTest.dynamicTest(
                selected.get(i).name(), () -> runner.run(selected.get(i), i + 1, selected.size())));
        // Sweeps are reported together, after their scenarios: throughput and p99 against the swept value.
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest("sweep summaries", runner::summarizeSweeps)));
    }
}
