package dev.kafkaperfgate;

import dev.kafkaperfgate.junit.PerfGateExtension;
import dev.kafkaperfgate.junit.ScenarioRunner;
import dev.kafkaperfgate.workload.ProduceScenario;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.stream.Stream;

/**
 * The PR suite's producer scenarios. One JUnit test per scenario, named after it, so Surefire's
 * report and IDEs list scenarios. Run with {@code mvn verify -Pgate}.
 */
@ExtendWith(PerfGateExtension.class)
class ProducerPerfSuite {

    /**
     * 1 KiB records at a fixed 20k records/s, well under the ~50k records/s where this 2-core
     * machine saturates: latency measured at saturation is only queueing.
     */
    static final ProduceScenario FIXED_RATE_1K = ProduceScenario.builder("producer-1k-acks1-20k")
            .recordSize(1024)
            .recordsPerSecond(20_000)
            .trialDuration(Duration.ofSeconds(15))
            .producerProperty("acks", "1")
            .build();

    /** 1 KiB records as fast as the producer takes them: the throughput ceiling. */
    static final ProduceScenario UNTHROTTLED_1K = ProduceScenario.builder("producer-1k-acks1-unthrottled")
            .recordSize(1024)
            .trialDuration(Duration.ofSeconds(15))
            .producerProperty("acks", "1")
            .build();

    @TestFactory
    Stream<DynamicTest> producerScenarios(ScenarioRunner runner) {
        return Stream.of(FIXED_RATE_1K, UNTHROTTLED_1K)
                .map(scenario -> DynamicTest.dynamicTest(scenario.name(), () -> runner.run(scenario)));
    }
}
