package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.trogdor.task.TaskController;
import org.apache.kafka.trogdor.task.TaskSpec;
import org.apache.kafka.trogdor.task.TaskWorker;

import java.util.Set;

/**
 * The gate's own Trogdor task: one agent runs the gate's produce or end-to-end workload, with the
 * team's client settings, serializers and record source, and reports the same figures a local run
 * has (HdrHistogram latency, cost per record). Trogdor's ProduceBench reports whole-millisecond
 * percentiles and no throughput, and cannot run a team's serializer, hence this task.
 *
 * <pre>{@code
 * {"class": "dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec", "startMs": 1795654100000, "durationMs": 120000,
 *  "task": {"scenario": "nightly-trogdor", "node": "agent-1", "bootstrapServers": "broker-1:9092", ...}}
 * }</pre>
 *
 * Its class must be on the classpath of the coordinator and of every agent: the gate's jar, with
 * the team's jars beside it on the agents (docs/trogdor.md). Only the agent's JVM and the
 * coordinator's load it; the gate's JVM writes the JSON ({@link AgentTask#toJson()}).
 */
public final class GateTaskSpec extends TaskSpec {

    private final JsonNode task;
    private final AgentTask parsed;

    @JsonCreator
    public GateTaskSpec(@JsonProperty("startMs") long startMs, @JsonProperty("durationMs") long durationMs,
                           @JsonProperty("task") JsonNode task) {
        super(startMs, durationMs);
        if (task == null) {
            throw new IllegalArgumentException("the gate's trogdor task spec has no task");
        }
        this.task = task;
        this.parsed = AgentTask.fromJson(task);
    }

    @JsonProperty
    public JsonNode task() {
        return task;
    }

    @Override
    public TaskController newController(String id) {
        return topology -> Set.of(parsed.node());
    }

    @Override
    public TaskWorker newTaskWorker(String id) {
        return new GateTaskWorker(id, parsed);
    }
}
