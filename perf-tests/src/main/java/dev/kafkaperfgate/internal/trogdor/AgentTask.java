package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * One agent's share of a trogdor scenario, as the gate's task spec carries it: the scenario's
 * producer at its share of the rate, with a fixed warm-up so that every agent's trials start
 * together, and for an end-to-end scenario the consumer that reads the agent's own records back.
 * Plain data without Trogdor's classes: the gate's JVM writes it, the agent reads it.
 *
 * @param scenario         the scenario's name (the agent's log lines carry it)
 * @param node             the agent's node name, as the coordinator knows it
 * @param bootstrapServers the cluster, as the agent reaches it
 * @param topic            the topic the agent writes, already created by the gate: the scenario's, or for
 *                         an end-to-end scenario one of the agent's own (its reader sees only its records)
 * @param share            the agent's producer: the scenario's, at {@code rate / agents}
 * @param workload         {@link WorkloadKind#PRODUCE} or {@link WorkloadKind#END_TO_END}
 * @param consumer         the end-to-end reader's consumer properties, Kafka's own keys; empty for produce
 */
public record AgentTask(String scenario, String node, String bootstrapServers, String topic, ProduceScenario share,
                        WorkloadKind workload, Map<String, String> consumer) {

    public AgentTask {
        if (workload != WorkloadKind.PRODUCE && workload != WorkloadKind.END_TO_END) {
            throw new IllegalArgumentException("the gate's trogdor task runs produce or end-to-end, got " + workload.key());
        }
        consumer = Map.copyOf(consumer);
    }

    /**
     * The share of one of {@code agents} agents: the rate divided among them (unlimited stays
     * unlimited), the warm-up fixed at the scenario's shortest.
     */
    public static ProduceScenario share(ProduceScenario scenario, int agents) {
        WarmupPolicy policy = scenario.warmup();
        WarmupPolicy fixed = policy.isNone() ? policy
                : new WarmupPolicy(policy.min(), policy.min(), policy.window(), policy.steadyWindows(), policy.tolerance());
        ProduceScenario.Builder builder = ProduceScenario.builder(scenario.name())
                .partitions(scenario.partitions()).brokers(scenario.brokers()).replicationFactor(scenario.replicationFactor())
                .topicConfigs(scenario.topicConfigs()).trialDuration(scenario.trialDuration())
                .compressibility(scenario.compressibility()).payloadSeed(scenario.payloadSeed())
                .recordsPerSecond(scenario.isRateLimited() ? scenario.recordsPerSecond() / agents : ProduceScenario.UNLIMITED)
                .producerProperties(scenario.producer()).producerFactory(scenario.producerFactory())
                .warmup(fixed).trials(scenario.trials());
        if (scenario.recordSource() != null) {
            builder.recordSource(scenario.recordSource());
        } else {
            builder.recordSize(scenario.recordSize());
        }
        return builder.build();
    }

    /** A share's warm-up and trials: what every agent's task takes, before its slack. */
    public static Duration length(ProduceScenario share) {
        return share.warmup().max().plus(share.trialDuration().multipliedBy(share.trials()));
    }

    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("scenario", scenario);
        node.put("node", this.node);
        node.put("bootstrapServers", bootstrapServers);
        node.put("topic", topic);
        node.put("workload", workload.key());
        ObjectNode consumerNode = node.putObject("consumer");
        new TreeMap<>(consumer).forEach(consumerNode::put);
        node.put("partitions", share.partitions());
        node.put("trialMs", share.trialDuration().toMillis());
        node.put("trials", share.trials());
        node.put("recordsPerSecond", share.recordsPerSecond());
        node.put("recordSize", share.recordSize());
        node.put("compressibility", share.compressibility());
        node.put("payloadSeed", share.payloadSeed());
        if (share.recordSource() != null) {
            node.put("recordSource", share.recordSource().className());
            new TreeMap<>(share.recordSource().config()).forEach(node.putObject("recordSourceConfig")::put);
        }
        if (share.producerFactory() != null) {
            node.put("producerFactory", share.producerFactory());
        }
        ObjectNode producer = node.putObject("producer");
        new TreeMap<>(share.producer()).forEach(producer::put);
        WarmupPolicy warmup = share.warmup();
        node.put("warmupMs", warmup.min().toMillis());
        node.put("warmupWindowMs", warmup.window().toMillis());
        node.put("warmupSteadyWindows", warmup.steadyWindows());
        node.put("warmupTolerance", warmup.tolerance());
        return node;
    }

    /**
     * The task an agent was given.
     *
     * @throws IllegalArgumentException naming the field that is missing or invalid
     */
    public static AgentTask fromJson(JsonNode node) {
        for (String field : new String[] {"scenario", "node", "bootstrapServers", "topic", "trialMs", "trials", "recordsPerSecond",
                "producer", "warmupMs", "warmupWindowMs", "warmupSteadyWindows", "warmupTolerance"}) {
            if (!node.hasNonNull(field)) {
                throw new IllegalArgumentException("the gate's trogdor task has no " + field);
            }
        }
        Duration warmup = Duration.ofMillis(node.get("warmupMs").asLong());
        WarmupPolicy policy = warmup.isZero() ? WarmupPolicy.NONE : new WarmupPolicy(warmup, warmup,
                Duration.ofMillis(node.get("warmupWindowMs").asLong()), node.get("warmupSteadyWindows").asInt(),
                node.get("warmupTolerance").asDouble());
        String workloadKey = node.path("workload").asText(WorkloadKind.PRODUCE.key());
        WorkloadKind workload = WorkloadKind.forKey(workloadKey)
                .orElseThrow(() -> new IllegalArgumentException("the gate's trogdor task has an unknown workload " + workloadKey));
        Map<String, String> consumer = new TreeMap<>();
        node.path("consumer").fields().forEachRemaining(entry -> consumer.put(entry.getKey(), entry.getValue().asText()));
        Map<String, String> producer = new TreeMap<>();
        node.get("producer").fields().forEachRemaining(entry -> producer.put(entry.getKey(), entry.getValue().asText()));
        ProduceScenario.Builder builder = ProduceScenario.builder(node.get("scenario").asText())
                .partitions(node.path("partitions").asInt(1))
                .trialDuration(Duration.ofMillis(node.get("trialMs").asLong())).trials(node.get("trials").asInt())
                .recordsPerSecond(node.get("recordsPerSecond").asDouble())
                .compressibility(node.path("compressibility").asDouble()).payloadSeed(node.path("payloadSeed").asLong())
                .producerProperties(producer).warmup(policy);
        if (node.hasNonNull("producerFactory")) {
            builder.producerFactory(node.get("producerFactory").asText());
        }
        if (node.hasNonNull("recordSource")) {
            Map<String, String> config = new TreeMap<>();
            node.path("recordSourceConfig").fields().forEachRemaining(entry -> config.put(entry.getKey(), entry.getValue().asText()));
            builder.recordSource(new RecordSourceSpec(node.get("recordSource").asText(), config));
        } else {
            builder.recordSize(node.path("recordSize").asInt());
        }
        return new AgentTask(node.get("scenario").asText(), node.get("node").asText(), node.get("bootstrapServers").asText(),
                node.get("topic").asText(), builder.build(), workload, consumer);
    }
}
