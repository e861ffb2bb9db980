package dev.kafkaperfgate.internal.trogdor.task;

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
 * together, and for an end-to-end scenario the consumer that reads the agent's own records back;
 * for a consume scenario, reads of the pre-loaded topic ({@link #read}), one round of tasks per
 * trial so that every agent's read starts at one instant. Plain data without Trogdor's classes:
 * the gate's JVM writes it, the agent reads it.
 *
 * @param scenario         the scenario's name (the agent's log lines carry it)
 * @param node             the agent's node name, as the coordinator knows it
 * @param bootstrapServers the cluster, as the agent reaches it
 * @param topic            the topic the agent writes (or reads), already created by the gate: the scenario's, or
 *                         for an end-to-end scenario one of the agent's own (its reader sees only its records)
 * @param share            the agent's producer: the scenario's, at {@code rate / agents}; a consume task's reads
 * @param workload         {@link WorkloadKind#PRODUCE}, {@link WorkloadKind#END_TO_END} or {@link WorkloadKind#CONSUME}
 * @param consumer         the reader's consumer properties, Kafka's own keys; empty for produce
 */
public record AgentTask(String scenario, String node, String bootstrapServers, String topic, ProduceScenario share,
                        WorkloadKind workload, Map<String, String> consumer) {

    /**
     * How long one consume read may take on an agent: a read of the whole pre-loaded topic. Longer
     * fails the scenario (Trogdor stops the task): pre-load fewer records.
     */
    public static final Duration READ_BOUND = Duration.ofMinutes(5);

    public AgentTask {
        if (workload == WorkloadKind.MIRROR) {
            throw new IllegalArgumentException("the gate's trogdor task runs produce, end-to-end or consume, got " + workload.key());
        }
        consumer = Map.copyOf(consumer);
    }

    /**
     * The share of one of {@code agents} agents: the rate divided among them (unlimited stays
     * unlimited), the warm-up fixed at the scenario's shortest.
     */
    public static ProduceScenario share(ProduceScenario scenario, int agents) {
        return shaped(scenario).trialDuration(scenario.trialDuration())
                .compressibility(scenario.compressibility()).payloadSeed(scenario.payloadSeed())
                .recordsPerSecond(scenario.isRateLimited() ? scenario.recordsPerSecond() / agents : ProduceScenario.UNLIMITED)
                .producerProperties(scenario.producer()).producerFactory(scenario.producerFactory())
                .warmup(fixed(scenario.warmup())).trials(scenario.trials()).build();
    }

    /**
     * One consume task's reads of the pre-loaded topic: the warm-up round's (reads for the
     * scenario's shortest warm-up, then one read more, not used) or one trial's (a single read).
     */
    public static ProduceScenario read(ProduceScenario load, boolean warmup) {
        return shaped(load).recordsPerTrial(load.recordsPerTrial()).warmup(warmup ? fixed(load.warmup()) : WarmupPolicy.NONE)
                .trials(1).build();
    }

    /** The scenario's topic and records, as every task of it carries them. */
    private static ProduceScenario.Builder shaped(ProduceScenario scenario) {
        ProduceScenario.Builder builder = ProduceScenario.builder(scenario.name())
                .partitions(scenario.partitions()).brokers(scenario.brokers()).replicationFactor(scenario.replicationFactor())
                .topicConfigs(scenario.topicConfigs());
        return scenario.recordSource() != null ? builder.recordSource(scenario.recordSource()) : builder.recordSize(scenario.recordSize());
    }

    /** The warm-up at its shortest, so that every agent's task ends it at one instant; none stays none. */
    private static WarmupPolicy fixed(WarmupPolicy policy) {
        return policy.isNone() ? policy
                : new WarmupPolicy(policy.min(), policy.min(), policy.window(), policy.steadyWindows(), policy.tolerance());
    }

    /** A share's warm-up and trials: what every agent's task takes, before its slack. */
    public static Duration length(ProduceScenario share) {
        Duration trial = share.trialDuration() == null ? READ_BOUND : share.trialDuration();
        return share.warmup().max().plus(trial.multipliedBy(share.trials()));
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
        if (share.trialDuration() != null) {
            node.put("trialMs", share.trialDuration().toMillis());
        } else {
            node.put("records", share.recordsPerTrial());
        }
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
        for (String field : new String[] {"scenario", "node", "bootstrapServers", "topic", "trials", "recordsPerSecond",
                "producer", "warmupMs", "warmupWindowMs", "warmupSteadyWindows", "warmupTolerance"}) {
            if (!node.hasNonNull(field)) {
                throw new IllegalArgumentException("the gate's trogdor task has no " + field);
            }
        }
        if (node.hasNonNull("trialMs") == node.hasNonNull("records")) {
            throw new IllegalArgumentException("the gate's trogdor task needs exactly one of trialMs (timed trials) and records (reads)");
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
                .trials(node.get("trials").asInt())
                .recordsPerSecond(node.get("recordsPerSecond").asDouble())
                .compressibility(node.path("compressibility").asDouble()).payloadSeed(node.path("payloadSeed").asLong())
                .producerProperties(producer).warmup(policy);
        if (node.hasNonNull("trialMs")) {
            builder.trialDuration(Duration.ofMillis(node.get("trialMs").asLong()));
        } else {
            builder.recordsPerTrial(node.get("records").asLong());
        }
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
