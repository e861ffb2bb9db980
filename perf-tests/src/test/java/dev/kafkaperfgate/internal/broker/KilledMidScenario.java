package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs a one-minute scenario, kills the broker 3 s in, and checks the scenario ends within seconds, saying why. */
public final class KilledMidScenario {

    private KilledMidScenario() {
    }

    /** @return the error the scenario ended with, for mode-specific checks */
    public static BrokerUnavailableException run(KafkaBroker broker, String scenarioName, Runnable kill) {
        try (GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create("killed", 1, (short) 1, Map.of());
            ProduceScenario scenario = ProduceScenario.builder(scenarioName)
                    .trialDuration(Duration.ofSeconds(60))
                    .recordsPerSecond(2_000)
                    .warmup(WarmupPolicy.NONE)
                    .producerProperty("delivery.timeout.ms", "20000").producerProperty("request.timeout.ms", "10000")
                    .trials(1)
                    .build();
            new Thread(() -> {
                try {
                    Thread.sleep(3_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                kill.run();
            }, "killer").start();
            long start = System.nanoTime();
            BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                    () -> new ProduceWorkload(broker, System.out).run(scenario, topic));
            assertTrue(error.getMessage().startsWith("scenario " + scenarioName + " stopped: the broker died: "), error.getMessage());
            assertTrue(System.nanoTime() - start < Duration.ofSeconds(20).toNanos(), "the death was noticed late");
            return error;
        }
    }
}
