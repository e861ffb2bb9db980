package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one agent measured, as its task's status carries it to the coordinator and back: every
 * trial with its histograms (HdrHistogram, encoded), its cost per record, and the agent's JVM.
 * The same figures a local run has, so the gate judges them the same way.
 *
 * <pre>{@code
 * {"done": true, "client": {"javaVersion": "17.0.12", ...}, "warmup": {"records": 9000, "durationMs": 10000.0},
 *  "trials": [{"records": 30000, "bytes": 30720000, "durationNanos": 10000000000, "rateHeld": true,
 *              "service": "HISTFAAAA...", "response": "HISTFAAAA...",
 *              "cost": {"cpuNsPerRecord": 41000.0, ..., "client": {"records-per-request-avg": 1.2}},
 *              "delivery": {"latency": "HISTFAAAA...", "records": 30000, "bytes": 30720000, "spanNanos": 9990000000}}]}
 * }</pre>
 * {@code delivery} is an end-to-end run's: what the agent's own reader received of the trial.
 *
 * @param agent  the agent's node name
 * @param client the agent's JVM
 * @param warmup what its warm-up sent
 * @param trials its measured trials, in order
 */
public record AgentFigures(String agent, ClientJvm client, WarmupSummary warmup, List<TrialFigures> trials) {

    public AgentFigures {
        trials = List.copyOf(trials);
    }

    /** A finished run as the agent's task status. */
    public static ObjectNode toStatus(ProduceResult result) {
        ObjectNode status = statusOf(result.client(), result.warmup());
        for (TrialFigures trial : result.trials()) {
            ObjectNode node = status.withArray("trials").addObject();
            node.put("records", trial.records());
            node.put("bytes", trial.bytes());
            node.put("durationNanos", trial.durationNanos());
            node.put("rateHeld", trial.rateHeld());
            node.put("service", HistogramCodec.encode(trial.service()));
            if (trial.response() != null) {
                node.put("response", HistogramCodec.encode(trial.response()));
            }
            if (trial.delivery() != null) {
                Delivery delivery = trial.delivery();
                ObjectNode deliveryNode = node.putObject("delivery");
                deliveryNode.put("latency", HistogramCodec.encode(delivery.latency()));
                deliveryNode.put("records", delivery.records());
                deliveryNode.put("bytes", delivery.bytes());
                deliveryNode.put("spanNanos", delivery.spanNanos());
            }
            putCost(node, trial.cost());
        }
        return status;
    }

    /** A finished task's status: done, with the agent's JVM and its warm-up; the trials go in {@code trials}. */
    static ObjectNode statusOf(ClientJvm jvm, WarmupSummary warmupSummary) {
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("done", true);
        ObjectNode client = status.putObject("client");
        client.put("javaVersion", jvm.javaVersion());
        client.put("vmName", jvm.vmName());
        jvm.flags().forEach(client.putArray("flags")::add);
        client.put("availableProcessors", jvm.availableProcessors());
        ObjectNode warmup = status.putObject("warmup");
        warmup.put("records", warmupSummary.records());
        warmup.put("durationNanos", warmupSummary.durationNanos());
        warmup.put("steady", warmupSummary.steady());
        return status;
    }

    static void putCost(ObjectNode trial, ClientCost cost) {
        ObjectNode costNode = trial.putObject("cost");
        costNode.put("cpuNsPerRecord", cost.cpuNsPerRecord());
        costNode.put("allocBytesPerRecord", cost.allocBytesPerRecord());
        costNode.put("wireBytesPerRecord", cost.wireBytesPerRecord());
        costNode.put("recordsPerRequest", cost.recordsPerRequest());
        ObjectNode own = costNode.putObject("client");
        new TreeMap<>(cost.client()).forEach(own::put);
    }

    static ClientCost cost(String agent, JsonNode trial) {
        JsonNode costNode = required(agent, trial, "cost");
        Map<String, Double> own = new TreeMap<>();
        costNode.path("client").fields().forEachRemaining(entry -> own.put(entry.getKey(), entry.getValue().asDouble()));
        return new ClientCost(costNode.path("cpuNsPerRecord").asDouble(Double.NaN), costNode.path("allocBytesPerRecord").asDouble(Double.NaN),
                costNode.path("wireBytesPerRecord").asDouble(Double.NaN), costNode.path("recordsPerRequest").asDouble(Double.NaN), own);
    }

    /**
     * A finished task's status: its JVM and warm-up, and its trials' nodes.
     *
     * @throws IllegalArgumentException naming the agent, when the status is not a finished task's
     */
    static ClientJvm client(String agent, JsonNode status) {
        if (!status.path("done").asBoolean(false)) {
            throw new IllegalArgumentException("agent " + agent + ": its task's status holds no finished run: " + abbreviated(status));
        }
        JsonNode clientNode = required(agent, status, "client");
        List<String> flags = new ArrayList<>();
        clientNode.path("flags").forEach(flag -> flags.add(flag.asText()));
        return new ClientJvm(clientNode.path("javaVersion").asText(), clientNode.path("vmName").asText(), flags,
                clientNode.path("availableProcessors").asInt(), null);
    }

    static WarmupSummary warmup(String agent, JsonNode status) {
        JsonNode warmupNode = required(agent, status, "warmup");
        return new WarmupSummary(warmupNode.path("records").asLong(), warmupNode.path("durationNanos").asLong(),
                warmupNode.path("steady").asBoolean(), "fixed", List.of());
    }

    /**
     * An agent's figures from its task's final status.
     *
     * @throws IllegalArgumentException naming the agent and the field, when the status is not a finished run's
     *                                  (another task's status, or one cut short)
     */
    public static AgentFigures fromStatus(String agent, JsonNode status) {
        ClientJvm client = client(agent, status);
        WarmupSummary warmup = warmup(agent, status);
        List<TrialFigures> trials = new ArrayList<>();
        JsonNode trialNodes = required(agent, status, "trials");
        for (JsonNode node : trialNodes) {
            int number = trials.size() + 1;
            long records = positive(agent, node, "records", number);
            long bytes = node.path("bytes").asLong();
            long nanos = positive(agent, node, "durationNanos", number);
            Histogram service = histogram(agent, node.path("service"), "service", number);
            Histogram response = node.has("response") ? histogram(agent, node.path("response"), "response", number) : null;
            Delivery delivery = null;
            if (node.has("delivery")) {
                JsonNode deliveryNode = node.get("delivery");
                delivery = new Delivery(histogram(agent, deliveryNode.path("latency"), "end-to-end latency", number),
                        positive(agent, deliveryNode, "records", number), deliveryNode.path("bytes").asLong(),
                        deliveryNode.path("spanNanos").asLong());
            }
            ClientCost cost = cost(agent, node);
            trials.add(new TrialFigures(number, records, bytes, nanos, records * 1e9 / nanos, bytes * 1e9 / nanos / (1024 * 1024),
                    service, response, delivery, node.path("rateHeld").asBoolean(), cost, null));
        }
        if (trials.isEmpty()) {
            throw new IllegalArgumentException("agent " + agent + ": its run has no trials");
        }
        return new AgentFigures(agent, client, warmup, trials);
    }

    static JsonNode required(String agent, JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("agent " + agent + ": its task's status has no " + field);
        }
        return value;
    }

    static long positive(String agent, JsonNode trial, String field, int number) {
        long value = trial.path(field).asLong(0);
        if (value <= 0) {
            throw new IllegalArgumentException("agent " + agent + ": trial " + number + "'s " + field + " must be positive, got "
                    + trial.path(field));
        }
        return value;
    }

    static Histogram histogram(String agent, JsonNode encoded, String field, int number) {
        try {
            return HistogramCodec.decode(encoded.asText());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agent " + agent + ": trial " + number + "'s " + field + " histogram: " + e.getMessage(), e);
        }
    }

    private static String abbreviated(JsonNode status) {
        String text = String.valueOf(status);
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
