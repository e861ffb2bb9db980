package dev.kafkaperfgate.workload;

import dev.kafkaperfgate.broker.BrokerInfo;
import dev.kafkaperfgate.environment.ClientJvm;

import java.util.List;

/** Everything a produce scenario measured, and what it ran on. */
public record ProduceResult(ProduceScenario scenario, String topic, BrokerInfo broker, ClientJvm client,
                            WarmupSummary warmup, List<TrialFigures> trials) {
}
