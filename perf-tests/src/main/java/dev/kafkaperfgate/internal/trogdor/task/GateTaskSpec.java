package dev.kafkaperfgate.internal.trogdor.task;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.trogdor.task.TaskController;
import org.apache.kafka.trogdor.task.TaskSpec;
import org.apache.kafka.trogdor.task.TaskWorker;

import java.util.Map;
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

    private static final ObjectMapper JSON = new ObjectMapper();

    private Map<String, Object> task;
    private AgentTask parsed;

    /** For Trogdor's Jackson: {@code startMs}, {@code durationMs} and {@code task} are set after. */
    public GateTaskSpec() {
        super(0, 0);
    }

    public Map<String, Object> getTask() {
        return task;
    }

    /** @throws IllegalArgumentException naming what the task lacks */
    public void setTask(Map<String, Object> task) {
        if (task == null) {
            throw new IllegalArgumentException("the gate's trogdor task spec has no task");
        }
        this.task = task;
        this.parsed = AgentTask.fromJson(JSON.valueToTree(task));
    }

    private AgentTask parsed() {
        if (parsed == null) {
            throw new IllegalArgumentException("the gate's trogdor task spec has no task");
        }
        return parsed;
    }

    @Override
    public TaskController newController(String id) {
        AgentTask agent = parsed();
        return topology -> Set.of(agent.node());
    }

    @Override
    public TaskWorker newTaskWorker(String id) {
        return new GateTaskWorker(id, parsed());
    }
}
