package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.util.List;
import java.util.Map;

/**
 * Everything a produce or end-to-end scenario measured, and what it ran on.
 *
 * @param workload {@link WorkloadKind#PRODUCE}, {@link WorkloadKind#END_TO_END} or {@link WorkloadKind#MIRROR}
 * @param consumer the end-to-end (or mirror target's) consumer's properties; empty for produce
 */
public record ProduceResult(WorkloadKind workload, ProduceScenario scenario, Map<String, String> consumer, String topic,
                            BrokerInfo broker, ClientJvm client, WarmupSummary warmup, List<TrialFigures> trials) {

    public ProduceResult {
        consumer = Map.copyOf(consumer);
        trials = List.copyOf(trials);
    }

    /** A produce workload's result. */
    public ProduceResult(ProduceScenario scenario, String topic, BrokerInfo broker, ClientJvm client, WarmupSummary warmup,
                         List<TrialFigures> trials) {
        this(WorkloadKind.PRODUCE, scenario, Map.of(), topic, broker, client, warmup, trials);
    }

    /** The same figures, run on {@code info}: the broker as the result file records it (with a link's figures). */
    public ProduceResult withBroker(BrokerInfo info) {
        return new ProduceResult(workload, scenario, consumer, topic, info, client, warmup, trials);
    }

    /** The same figures, labelled as another workload that used the produce loop. */
    public ProduceResult as(WorkloadKind kind, Map<String, String> consumerProperties) {
        return new ProduceResult(kind, scenario, consumerProperties, topic, broker, client, warmup, trials);
    }
}
