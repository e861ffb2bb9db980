package dev.kafkaperfgate.internal.trogdor.fault;

import dev.kafkaperfgate.internal.trogdor.TrogdorCoordinator;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.workload.fault.TimedFault;

import java.time.Duration;
import java.util.UUID;

/**
 * A pause-broker fault carried out by Trogdor's own {@code ProcessStopFault}: the coordinator hands
 * it to one agent of this machine, which at {@code startMs} sends SIGSTOP to every JVM whose
 * {@code jcmd} line holds the given name, and SIGCONT {@code durationMs} later. The name is a path
 * unique to the run (a node's {@code server.properties}), never a broad one such as
 * {@code kafka.Kafka}, which would freeze every broker of the machine.
 *
 * <pre>{@code
 * {"class": "org.apache.kafka.trogdor.fault.ProcessStopFaultSpec", "startMs": 1764130000000,
 *  "durationMs": 10000, "nodeNames": ["agent-1"], "javaProcessName": "/tmp/kpg-broker-…/node-2/server.properties"}
 * }</pre>
 */
public final class TrogdorPause implements TimedFault {

    static final String SPEC_CLASS = "org.apache.kafka.trogdor.fault.ProcessStopFaultSpec";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TrogdorCoordinator coordinator;
    private final String agent;

    /** @param agent the agent of this machine that sends the signals */
    public TrogdorPause(TrogdorCoordinator coordinator, String agent) {
        this.coordinator = coordinator;
        this.agent = agent;
    }

    /** The task spec, as the coordinator's REST API takes it. */
    static ObjectNode spec(String agent, String jvmName, long startEpochMs, Duration duration) {
        ObjectNode spec = JSON.createObjectNode();
        spec.put("class", SPEC_CLASS);
        spec.put("startMs", startEpochMs);
        spec.put("durationMs", duration.toMillis());
        spec.putArray("nodeNames").add(agent);
        spec.put("javaProcessName", jvmName);
        return spec;
    }

    @Override
    public Scheduled schedule(String jvmName, long startEpochMs, Duration duration) {
        String id = "kpg-pause-" + UUID.randomUUID();
        coordinator.create(id, spec(agent, jvmName, startEpochMs, duration));
        return new TrogdorTask(coordinator, id, "Trogdor's ProcessStopFault on " + agent);
    }

    @Override
    public String carrier() {
        return "Trogdor's ProcessStopFault on " + agent;
    }
}
