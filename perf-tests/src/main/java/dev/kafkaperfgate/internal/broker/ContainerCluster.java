package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.Defaults;
import org.apache.kafka.common.Uuid;
import org.testcontainers.containers.Network;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.utility.DockerImageName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code cluster: {brokers: N}} in containers: N KRaft nodes (broker and controller each) on a
 * Docker network this cluster creates, both labelled with this run's id. The nodes reach each
 * other by network alias ({@code broker-1}, ...); clients reach each through its own mapped port
 * on this host, as a single {@link ContainerBroker} is reached.
 *
 * <p>Ready means every broker registered and the metadata quorum has a leader, within the
 * settings' start-up timeout; otherwise the error names the brokers that did not register, with
 * their last log lines, and every container and the network are removed.
 */
final class ContainerCluster implements KafkaBroker {

    private static final int CONTROLLER_PORT = 9094;

    private final Network network;
    private final List<KafkaContainer> containers;
    private final BrokerInfo info;
    private final StopOnce stopOnce;

    private ContainerCluster(Network network, List<KafkaContainer> containers, BrokerInfo info) {
        this.network = network;
        this.containers = List.copyOf(containers);
        this.info = info;
        this.stopOnce = new StopOnce("kpg-container-cluster", this::stop);
    }

    static ContainerCluster start(BrokerSettings settings, String reason) {
        ContainerBroker.checkDocker(settings);
        int brokers = settings.brokers();
        String runId = UUID.randomUUID().toString();
        Network network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withLabels(Map.of(ContainerBroker.LABEL, runId))).build();
        String voters = IntStream.rangeClosed(1, brokers).mapToObj(id -> id + "@broker-" + id + ":" + CONTROLLER_PORT)
                .collect(Collectors.joining(","));
        String clusterId = Uuid.randomUuid().toString();
        int internalReplicas = Math.min(3, brokers);
        List<KafkaContainer> containers = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            KafkaContainer container = ContainerBroker.configured(settings, runId)
                    .withNetwork(network)
                    .withNetworkAliases("broker-" + id)
                    .withEnv("CLUSTER_ID", clusterId)
                    .withEnv("KAFKA_NODE_ID", Integer.toString(id))
                    .withEnv("KAFKA_CONTROLLER_QUORUM_VOTERS", voters)
                    .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", Integer.toString(internalReplicas))
                    .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", Integer.toString(internalReplicas))
                    .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", Integer.toString(Math.min(2, internalReplicas)));
            containers.add(container);
        }
        BrokerInfo info = new BrokerInfo("container", Defaults.KAFKA_VERSION, settings.image(), settings.jvmFlags(),
                settings.cpus() == null ? null : settings.cpus().cpus(), reason, brokers);
        ContainerCluster cluster = new ContainerCluster(network, containers, info);
        try {
            // In parallel: each node's readiness waits for a quorum, which needs the others up.
            Startables.deepStart(containers).get(settings.startupTimeout().toSeconds() + 10, TimeUnit.SECONDS);
            ClusterProbe.awaitCluster(cluster.bootstrapServers(), Map.of(), brokers, settings.startupTimeout(), cluster::failure);
            return cluster;
        } catch (ExecutionException | CompletionException | TimeoutException | ClusterProbe.NotReadyException
                 | IllegalStateException e) {
            String detail = cluster.notRunning();
            cluster.close();
            throw new BrokerUnavailableException("container cluster of " + brokers + " brokers from image " + settings.image()
                    + " did not become ready within " + settings.startupTimeout().toSeconds() + " s: " + e.getMessage()
                    + (detail.isEmpty() ? "" : "\n" + detail), e);
        } catch (InterruptedException e) {
            cluster.close();
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while the container cluster started", e);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    @Override
    public String bootstrapServers() {
        return containers.stream().filter(KafkaContainer::isRunning).map(KafkaContainer::getBootstrapServers)
                .collect(Collectors.joining(","));
    }

    @Override
    public Map<String, Object> connectionProperties() {
        return Map.of();
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    @Override
    public Optional<String> failure() {
        String down = IntStream.range(0, containers.size())
                .mapToObj(i -> ContainerBroker.stateProblem(containers.get(i)).map(problem -> "broker " + (i + 1) + ": " + problem))
                .flatMap(Optional::stream).collect(Collectors.joining("; "));
        return down.isEmpty() ? Optional.empty() : Optional.of("container cluster: " + down);
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    /** The brokers that are not running, each with its last log lines. */
    private String notRunning() {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < containers.size(); i++) {
            KafkaContainer container = containers.get(i);
            if (container.getContainerId() == null || ContainerBroker.stateProblem(container).isPresent() || !container.isRunning()) {
                lines.add("broker " + (i + 1) + " (network alias broker-" + (i + 1) + ") is not running. Last log lines:\n"
                        + ContainerBroker.tailOfLogs(container));
            }
        }
        return String.join("\n", lines);
    }

    private void stop() {
        containers.forEach(KafkaContainer::stop);
        network.close();
    }
}
