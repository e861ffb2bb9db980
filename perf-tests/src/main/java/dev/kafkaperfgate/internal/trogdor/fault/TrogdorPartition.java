package dev.kafkaperfgate.internal.trogdor.fault;

import dev.kafkaperfgate.internal.trogdor.TrogdorAgents;
import dev.kafkaperfgate.internal.trogdor.TrogdorUnavailableException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.workload.fault.TimedFault;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * A partition-broker fault carried out by Trogdor's own {@code NetworkPartitionFault}: at
 * {@code startMs} the agents split into two sides, the target broker alone and its peers, and each
 * agent runs {@code sudo iptables -A INPUT -p tcp -s <other side's address> -j DROP}; the rules go
 * {@code durationMs} later. The agents run inside the brokers' own network namespaces
 * ({@link TrogdorAgents#startInNamespaces}), one per broker and named after it, so the rules cut
 * the brokers off from each other and never touch this machine's network; the clients, reaching
 * the brokers from this machine, still reach every broker.
 *
 * <pre>{@code
 * {"class": "org.apache.kafka.trogdor.fault.NetworkPartitionFaultSpec", "startMs": 1764130000000,
 *  "durationMs": 10000, "partitions": [["broker-2"], ["broker-1", "broker-3"]]}
 * }</pre>
 */
public final class TrogdorPartition implements TimedFault {

    static final String SPEC_CLASS = "org.apache.kafka.trogdor.fault.NetworkPartitionFaultSpec";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TrogdorAgents trogdor;

    /** @param trogdor a coordinator with one agent in each broker's network namespace, named {@code broker-<id>} */
    public TrogdorPartition(TrogdorAgents trogdor) {
        this.trogdor = trogdor;
    }

    /**
     * Checks, before any agent starts, that this machine has what a partition runs: {@code nsenter}
     * (an agent enters its broker's namespace), {@code sudo} and {@code iptables} (Trogdor's worker
     * runs {@code sudo iptables}).
     *
     * @throws TrogdorUnavailableException naming what is missing and the Debian packages that have it
     */
    public static void requireTools() {
        List<String> missing = java.util.stream.Stream.of("nsenter", "sudo", "iptables").filter(tool -> !onPath(tool)).toList();
        if (!missing.isEmpty()) {
            throw new TrogdorUnavailableException("partition-broker needs nsenter, sudo and iptables on this machine (Trogdor's agents "
                    + "run sudo iptables inside each broker's network namespace); missing " + String.join(", ", missing)
                    + ": apt-get install util-linux sudo iptables");
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /** The task spec, as the coordinator's REST API takes it: {@code node} on one side, every other agent on the other. */
    static ObjectNode spec(String node, List<String> agents, long startEpochMs, Duration duration) {
        if (!agents.contains(node)) {
            throw new IllegalArgumentException("no Trogdor agent " + node + " among " + agents);
        }
        ObjectNode spec = JSON.createObjectNode();
        spec.put("class", SPEC_CLASS);
        spec.put("startMs", startEpochMs);
        spec.put("durationMs", duration.toMillis());
        ArrayNode partitions = spec.putArray("partitions");
        partitions.addArray().add(node);
        ArrayNode peers = partitions.addArray();
        agents.stream().filter(agent -> !agent.equals(node)).forEach(peers::add);
        return spec;
    }

    /** @param target the broker's node name, {@code broker-<id>} */
    @Override
    public Scheduled schedule(String target, long startEpochMs, Duration duration) {
        String id = "kpg-partition-" + UUID.randomUUID();
        trogdor.coordinator().create(id, spec(target, trogdor.agents(), startEpochMs, duration));
        return new TrogdorTask(trogdor.coordinator(), id, "Trogdor's NetworkPartitionFault");
    }

    @Override
    public String carrier() {
        return "Trogdor's NetworkPartitionFault on " + String.join(", ", trogdor.agents());
    }
}
