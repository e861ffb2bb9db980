package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A partition-broker fault runs only where every broker has a network namespace of its own: a
 * process cluster shares this machine's, so Trogdor's iptables rules would cut this machine's own
 * traffic, and the scenario is refused naming the way out.
 */
class PartitionNamespacesTest {

    @Test
    void everyNodesNamespaceInNodeOrder() {
        KafkaBroker containers = new Cluster("container", 3, id -> Optional.of(new BrokerNodes.NetworkNamespace(1000 + id, "172.18.0." + id)));
        assertEquals(List.of(new BrokerNodes.NetworkNamespace(1001, "172.18.0.1"), new BrokerNodes.NetworkNamespace(1002, "172.18.0.2"),
                new BrokerNodes.NetworkNamespace(1003, "172.18.0.3")), FaultTrial.partitionNamespaces(containers, "[s] "));
    }

    @Test
    void aClusterSharingThisMachinesNetworkIsRefusedNamingTheWayOut() {
        KafkaBroker processes = new Cluster("process", 3, id -> Optional.empty());
        assertEquals("[s] partition-broker cuts a broker off with firewall rules inside its own network namespace, and broker 1 of "
                        + "this process cluster has none of its own: use a container cluster (-Dperf.broker=container)",
                assertThrows(ScenarioFailedException.class, () -> FaultTrial.partitionNamespaces(processes, "[s] ")).getMessage());
        KafkaBroker stopped = new Cluster("container", 3, id -> id == 2 ? Optional.empty()
                : Optional.of(new BrokerNodes.NetworkNamespace(id, "172.18.0." + id)));
        assertEquals("[s] partition-broker cuts a broker off with firewall rules inside its own network namespace, and broker 2 of "
                        + "this container cluster has none of its own: use a container cluster (-Dperf.broker=container)",
                assertThrows(ScenarioFailedException.class, () -> FaultTrial.partitionNamespaces(stopped, "[s] ")).getMessage());
    }

    /** A cluster of {@code brokers} nodes whose namespaces come from {@code namespaces}. */
    private record Cluster(String mode, int brokers, java.util.function.IntFunction<Optional<BrokerNodes.NetworkNamespace>> namespaces)
            implements KafkaBroker, BrokerNodes {
        @Override
        public String bootstrapServers() {
            return "127.0.0.1:9092";
        }

        @Override
        public Map<String, Object> connectionProperties() {
            return Map.of();
        }

        @Override
        public BrokerInfo info() {
            return new BrokerInfo(mode, null, null, null, null, "test", brokers);
        }

        @Override
        public Optional<String> failure() {
            return Optional.empty();
        }

        @Override
        public Optional<BrokerNodes> nodes() {
            return Optional.of(this);
        }

        @Override
        public Optional<NetworkNamespace> networkNamespace(int nodeId) {
            return namespaces.apply(nodeId);
        }

        @Override
        public void stop(int nodeId, boolean kill) {
            throw new AssertionError("not stopped here");
        }

        @Override
        public void start(int nodeId) {
            throw new AssertionError("not started here");
        }

        @Override
        public void close() {
        }
    }
}
