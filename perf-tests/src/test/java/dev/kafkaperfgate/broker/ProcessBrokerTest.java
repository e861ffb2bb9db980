package dev.kafkaperfgate.broker;

import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.ProduceWorkload;
import dev.kafkaperfgate.workload.TrialFigures;
import dev.kafkaperfgate.workload.WarmupPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ProcessBrokerTest {

    @Test
    @Timeout(180)
    void everyProducedRecordIsAcknowledgedAndCanBeConsumedBack() {
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS);
        try (KafkaBroker broker = BrokerSelector.start(settings, System.out);
             GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create("contract", 2, (short) 1, Map.of());
            ProduceScenario scenario = ProduceScenario.builder("contract")
                    .recordSize(512)
                    .recordsPerTrial(20_000)
                    .trials(2)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all")
                    .build();
            ProduceResult result = new ProduceWorkload(broker, System.out).run(scenario, topic);
            long produced = result.warmup().records() + result.trials().stream().mapToLong(TrialFigures::records).sum();
            assertEquals(40_000, result.trials().stream().mapToLong(TrialFigures::records).sum());
            assertEquals(produced, RecordsOnTopic.consumeAll(broker, topic, Duration.ofSeconds(60)));
        }
    }
}
