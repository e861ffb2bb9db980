package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.spec.ProduceScenario;

import java.util.List;
import java.util.Map;

/**
 * Everything a consume scenario measured, and what it ran on.
 *
 * @param load            the pre-loaded records: count, size, producer properties
 * @param consumer        consumer properties, Kafka's own keys
 * @param preloadRecords  records written before the reads, not measured
 * @param preloadNanos    how long the pre-load took, nanoseconds
 * @param warmup          the unmeasured reads before the trials, one window per read
 * @param trials          one read of the whole topic each
 */
public record ConsumeResult(ProduceScenario load, Map<String, String> consumer, String topic, BrokerInfo broker,
                            ClientJvm client, long preloadRecords, long preloadNanos, WarmupSummary warmup,
                            List<ConsumeTrialFigures> trials) {

    public ConsumeResult {
        consumer = Map.copyOf(consumer);
        trials = List.copyOf(trials);
    }
}
