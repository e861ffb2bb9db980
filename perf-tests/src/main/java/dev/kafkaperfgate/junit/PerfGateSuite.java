package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.PerfGate;
import dev.kafkaperfgate.PerfGateOptions;
import dev.kafkaperfgate.internal.basebuild.BaseBuild;
import dev.kafkaperfgate.internal.paired.PairedSession;
import dev.kafkaperfgate.internal.run.GateSession;
import org.junit.jupiter.api.AfterAll;
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
 * {@code -Dperf.suite=all} runs every scenario. A confirmed regression is a JUnit failure with
 * one line; a scenario that cannot run is a JUnit error; a run that judged nothing (every verdict
 * NEW or MISMATCH) fails its last test unless {@code -Dperf.allow.unjudged=true}. The same steps run outside JUnit with
 * {@link dev.kafkaperfgate.PerfGate#run}.
 *
 * <p>With {@code -Dperf.base.ref=origin/main} the suite runs paired: the ref is checked out and
 * built beside this build, and both are measured interleaved on one broker (docs/paired-mode.md).
 * That run decides inside the head's own build, so it is for a developer's machine; CI runs
 * {@code scripts/gate.sh --base} from trusted code (docs/security.md).
 */
@ExtendWith(PerfGateExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PerfGateSuite {

    private PerfGateOptions options;
    private GateSession session;

    /**
     * Scenario files and their baselines are read and checked before the broker starts: a bad
     * file stops the run with every problem listed and nothing started.
     */
    @BeforeAll
    void prepare() {
        options = PerfGateOptions.fromSystemProperties();
        session = GateSession.prepare(options.properties(), System.out);
    }

    @TestFactory
    Stream<DynamicTest> scenarios() {
        if (BaseBuild.requested(options.properties()) || PairedSession.requested(options.properties())) {
            return paired();
        }
        session.start();
        Stream<DynamicTest> scenarios = session.scenarios().stream()
                .map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> session.run(scenario)));
        // Sweeps are reported together, after their scenarios; then summary.json holds the decision.
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest("sweep summaries and run summary", this::finish)));
    }

    /**
     * Paired mode ({@code -Dperf.base.ref}): both sides are measured together, interleaved, so the
     * whole run happens first, through the same engine as {@code PerfGate.run}; then one test per
     * scenario reports its decision.
     */
    private Stream<DynamicTest> paired() {
        GateResult result = PerfGate.run(options);
        Stream<DynamicTest> scenarios = result.scenarios().stream().map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> {
            switch (scenario.outcome()) {
                case REGRESSION, NO_BASELINE -> throw new AssertionFailedError(scenario.message());
                case FAILED, ERROR -> throw new IllegalStateException(scenario.name() + " could not run: " + scenario.message());
                case PASSED -> { }
            }
        }));
        return Stream.concat(scenarios, Stream.of(DynamicTest.dynamicTest("run summary", () -> {
            if (result.outcome() == GateResult.Outcome.NOT_JUDGED || result.outcome() == GateResult.Outcome.INCOMPLETE) {
                throw new AssertionFailedError(result.headline());
            }
        })));
    }

    /** A run that compared nothing fails the build as the command line's exit 2 does: it is not a pass. */
    private void finish() {
        GateResult result = session.finish();
        if (result.outcome() == GateResult.Outcome.NOT_JUDGED) {
            throw new AssertionFailedError(result.headline());
        }
    }

    @AfterAll
    void stopBroker() {
        if (session != null) {
            session.close();
        }
    }
}
