package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * What one agent's consume task read, as its status carries it back: each read of the pre-loaded
 * topic (records, bytes, the group join and the fetch, the gaps between polls, cost per record),
 * the agent's JVM and its warm-up reads. The same figures a local consume trial has.
 *
 * <pre>{@code
 * {"done": true, "client": {...}, "warmup": {"records": 6000000, "durationNanos": 10400000000},
 *  "reads": [{"records": 2000000, "bytes": 600000000, "joinNanos": 24000000, "fetchNanos": 1786000000,
 *             "pollGaps": "HISTFAAAA...", "cost": {"cpuNsPerRecord": 730.0, ...}}]}
 * }</pre>
 *
 * @param agent  the agent's node name
 * @param client the agent's JVM
 * @param warmup what its warm-up reads read
 * @param reads  its measured reads, in order
 */
public record AgentReads(String agent, ClientJvm client, WarmupSummary warmup, List<ConsumeTrialFigures> reads) {

    public AgentReads {
        reads = List.copyOf(reads);
    }

    /** A finished consume task as the agent's task status. */
    public static ObjectNode toStatus(ConsumeResult result) {
        ObjectNode status = AgentFigures.statusOf(result.client(), result.warmup());
        for (ConsumeTrialFigures read : result.trials()) {
            ObjectNode node = status.withArray("reads").addObject();
            node.put("records", read.records());
            node.put("bytes", read.bytes());
            node.put("joinNanos", read.joinNanos());
            node.put("fetchNanos", read.fetchNanos());
            node.put("pollGaps", HistogramCodec.encode(read.pollGaps()));
            AgentFigures.putCost(node, read.cost());
        }
        return status;
    }

    /**
     * An agent's reads from its consume task's final status.
     *
     * @throws IllegalArgumentException naming the agent and the field, when the status is not a finished consume task's
     */
    public static AgentReads fromStatus(String agent, JsonNode status) {
        ClientJvm client = AgentFigures.client(agent, status);
        WarmupSummary warmup = AgentFigures.warmup(agent, status);
        List<ConsumeTrialFigures> reads = new ArrayList<>();
        for (JsonNode node : AgentFigures.required(agent, status, "reads")) {
            int number = reads.size() + 1;
            reads.add(new ConsumeTrialFigures(number, AgentFigures.positive(agent, node, "records", number), node.path("bytes").asLong(),
                    node.path("joinNanos").asLong(), AgentFigures.positive(agent, node, "fetchNanos", number),
                    AgentFigures.histogram(agent, node.path("pollGaps"), "pollGaps", number), AgentFigures.cost(agent, node)));
        }
        if (reads.isEmpty()) {
            throw new IllegalArgumentException("agent " + agent + ": its consume task has no reads");
        }
        return new AgentReads(agent, client, warmup, reads);
    }
}
