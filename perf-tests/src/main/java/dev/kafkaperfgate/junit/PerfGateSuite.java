package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.PerfGate;
import dev.kafkaperfgate.PerfGateOptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.AssertionFailedError;

import java.util.stream.Stream;

/**
 * The perf suite a team's build runs: every scenario file in {@code -Dperf.scenarios.dir}
 * (default {@code perf/}) tagged {@code -Dperf.suite}, one JUnit test per scenario, named after
 * it, judged against {@code -Dperf.baselines.dir} (default {@code baselines/}). A team's suite is
 * one class in its test sources:
 *
 * <pre>{@code
 * class OrdersPerfTest extends PerfGateSuite {      // *Test: Surefire runs it without configuration
 * }
 * }</pre>
 *
 * and runs with {@code mvn -B verify -Dperf.suite=pr}. Without {@code -Dperf.suite} the suite is
 * skipped ({@link PerfGateExtension}), so the team's ordinary {@code mvn test} starts no broker;
 * {@code -Dperf.suite=all} runs every scenario.
 *
 * <p>The suite is {@link PerfGate#run} and nothing else: the whole run happens first (scenario
 * files and baselines are checked before a broker starts; a bad one fails the class with every
 * problem listed), then one test per scenario reports its end. A confirmed regression is a JUnit
 * failure with one line; a scenario that could not run is a JUnit error; a run that judged nothing or did not finish fails
 * the last test, "run summary", unless {@code -Dperf.allow.unjudged=true}.
 *
 * <p>With {@code -Dperf.base.ref=origin/main} the suite runs paired: the ref is checked out and
 * built beside this build, and both are measured interleaved on one broker (docs/paired-mode.md).
 * That run decides inside the head's own build, so it is for a developer's machine; CI runs
 * {@code scripts/gate.sh --base} from trusted code (docs/security.md).
 */
@ExtendWith(PerfGateExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PerfGateSuite {

    private GateResult result;

    /** The whole run: measured and judged once, as {@code PerfGate.run} does outside JUnit. */
    @BeforeAll
    void run() {
        result = PerfGate.run(PerfGateOptions.fromSystemProperties());
    }

    @TestFactory
    Stream<DynamicTest> scenarios() {
        Stream<DynamicTest> scenarios = result.scenarios().stream()
                .map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> report(scenario)));
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest("run summary", this::summary)));
    }

    /** One scenario's end as JUnit says it: the one place a result becomes a test outcome. */
    private static void report(GateResult.ScenarioResult scenario) {
        switch (scenario.outcome()) {
            case REGRESSION, NO_BASELINE -> throw new AssertionFailedError(scenario.message());
            case FAILED, ERROR -> throw new IllegalStateException(scenario.name() + " could not run: " + scenario.message());
            case PASSED, UNCHANGED -> { }
        }
    }

    /** A run that compared nothing, or did not finish, fails the build as the command line's exit 2 does: it is not a pass. */
    private void summary() {
        if (result.outcome() == GateResult.Outcome.NOT_JUDGED || result.outcome() == GateResult.Outcome.INCOMPLETE) {
            throw new AssertionFailedError(result.headline());
        }
    }
}
