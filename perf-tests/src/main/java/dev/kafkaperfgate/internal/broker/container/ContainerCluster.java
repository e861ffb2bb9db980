package dev.kafkaperfgate.internal.broker.container;

import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.ClusterProbe;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.StopOnce;
import dev.kafkaperfgate.internal.broker.process.ProcessNode;
import dev.kafkaperfgate.internal.settings.Defaults;
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
public final class ContainerCluster implements KafkaBroker, BrokerNodes {

    private static final int CONTROLLER_PORT = 9094;
    private static final int CLIENT_PORT = 9092;

    /**
     * A node whose client port is bound to a fixed host port, chosen free before it starts: a
     * container that a fault stops and starts again keeps its port (Docker would pick a new random
     * one), so the listener it advertises, written once at its first start, stays right.
     */
    private static final class FixedPortNode extends KafkaContainer {
        FixedPortNode(DockerImageName image, int hostPort) {
            super(image);
            addFixedExposedPort(hostPort, CLIENT_PORT);
        }
    }

    private final Network network;
    private final List<KafkaContainer> containers;
    private final List<ContainerJmx.Endpoint> jmxEndpoints;
    private BrokerJmx jmx;
    private boolean jmxTried;
    /** Node ids a fault stopped: not failures while they are down. */
    private final java.util.Set<Integer> stoppedOnPurpose = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final BrokerInfo info;
    private final StopOnce stopOnce;

    private ContainerCluster(Network network, List<KafkaContainer> containers, List<ContainerJmx.Endpoint> jmxEndpoints, BrokerInfo info) {
        this.network = network;
        this.containers = List.copyOf(containers);
        this.jmxEndpoints = List.copyOf(jmxEndpoints);
        this.info = info;
        this.stopOnce = new StopOnce("kpg-container-cluster", this::stop);
    }

    public static ContainerCluster start(BrokerSettings settings, String reason) {
        ContainerBroker.checkDocker(settings);
        int brokers = settings.brokers();
        String runId = UUID.randomUUID().toString();
        Network network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withLabels(Map.of(ContainerBroker.LABEL, runId))).build();
        String voters = IntStream.rangeClosed(1, brokers).mapToObj(id -> id + "@broker-" + id + ":" + CONTROLLER_PORT)
                .collect(Collectors.joining(","));
        String clusterId = Uuid.randomUuid().toString();
        int internalReplicas = Math.min(3, brokers);
        List<KafkaContainer> containers = new ArrayList<>();
        List<ContainerJmx.Endpoint> jmxEndpoints = new ArrayList<>();
        for (int id = 1; id <= brokers; id++) {
            KafkaContainer container = ContainerBroker.configured(new FixedPortNode(ContainerBroker.image(settings), freePort()),
                            settings, runId)
                    .withNetwork(network)
                    .withNetworkAliases("broker-" + id)
                    .withEnv("CLUSTER_ID", clusterId)
                    .withEnv("KAFKA_NODE_ID", Integer.toString(id))
                    .withEnv("KAFKA_CONTROLLER_QUORUM_VOTERS", voters)
                    .withEnv("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", Integer.toString(internalReplicas))
                    .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", Integer.toString(internalReplicas))
                    .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", Integer.toString(Math.min(2, internalReplicas)));
            jmxEndpoints.add(ContainerJmx.open(container));
            containers.add(container);
        }
        BrokerInfo info = new BrokerInfo("container", Defaults.KAFKA_VERSION, settings.image(), settings.jvmFlags().text(),
                settings.cpus() == null ? null : settings.cpus().cpus(), reason, brokers);
        ContainerCluster cluster = new ContainerCluster(network, containers, jmxEndpoints, info);
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

    /**
     * Every node's JMX over its loopback port, connected on first use and closed with the
     * cluster; the cluster's figures are its nodes' summed. A node a fault stops breaks the
     * connection, so fault scenarios do not read it.
     */
    @Override
    public synchronized Optional<BrokerJmx> jmx() {
        if (!jmxTried) {
            jmxTried = true;
            jmx = ContainerJmx.connect(jmxEndpoints).orElse(null);
        }
        return Optional.ofNullable(jmx);
    }

    @Override
    public Optional<BrokerNodes> nodes() {
        return Optional.of(this);
    }

    @Override
    public void stop(int nodeId, boolean kill) {
        KafkaContainer container = node(nodeId);
        stoppedOnPurpose.add(nodeId);
        var docker = container.getDockerClient();
        if (!kill) {
            // SIGTERM to the broker's JVM itself: `docker stop` signals the container's first process,
            // a shell that ignores it, and would end in SIGKILL after its timeout.
            String id = docker.execCreateCmd(container.getContainerId()).withCmd("bash", "-c", TERM_BROKER).exec().getId();
            docker.execStartCmd(id).start();
            awaitStopped(container);
        }
        if (isRunning(container)) {
            docker.killContainerCmd(container.getContainerId()).exec();
            awaitStopped(container);
        }
    }

    /** Returns once the container no longer runs, or after {@link Defaults#BROKER_STOP_TIMEOUT}. */
    private static void awaitStopped(KafkaContainer container) {
        long deadline = System.nanoTime() + Defaults.BROKER_STOP_TIMEOUT.toNanos();
        while (isRunning(container) && System.nanoTime() < deadline) {
            sleepBriefly();
        }
    }

    /** Sends SIGTERM to the kafka.Kafka JVM in the container; only bash and grep are needed in the image. */
    private static final String TERM_BROKER = "for p in /proc/[0-9]*; do [ \"${p#/proc/}\" != $$ ] "
            + "&& grep -qa kafka.Kafka \"$p/cmdline\" 2>/dev/null && kill -TERM \"${p#/proc/}\"; done; true";

    private static boolean isRunning(KafkaContainer container) {
        return Boolean.TRUE.equals(container.getCurrentContainerInfo().getState().getRunning());
    }

    @Override
    public void start(int nodeId) {
        KafkaContainer container = node(nodeId);
        try {
            container.getDockerClient().startContainerCmd(container.getContainerId()).exec();
        } catch (RuntimeException e) {
            throw new BrokerUnavailableException("broker " + nodeId + " (container " + container.getContainerId()
                    + ") could not start again: " + e.getMessage(), e);
        }
        stoppedOnPurpose.remove(nodeId);
    }

    /**
     * The container's own network namespace, through its first process's pid, and its address on
     * this cluster's network, where its peers reach it. Read from Docker each time: a node a fault
     * restarted has a new pid.
     */
    @Override
    public Optional<NetworkNamespace> networkNamespace(int nodeId) {
        KafkaContainer container = node(nodeId);
        if (!isRunning(container)) {
            return Optional.empty();
        }
        var info = container.getCurrentContainerInfo();
        Long pid = info.getState().getPidLong();
        String address = info.getNetworkSettings().getNetworks().values().stream()
                .filter(settings -> network.getId().equals(settings.getNetworkID())).map(settings -> settings.getIpAddress())
                .findFirst().orElse(null);
        return pid == null || pid <= 0 || address == null || address.isEmpty() ? Optional.empty()
                : Optional.of(new NetworkNamespace(pid, address));
    }

    private KafkaContainer node(int nodeId) {
        if (nodeId < 1 || nodeId > containers.size()) {
            throw new IllegalArgumentException("no broker " + nodeId + " in a cluster of " + containers.size());
        }
        return containers.get(nodeId - 1);
    }

    private static void sleepBriefly() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() {
        try {
            return ProcessNode.freePort();
        } catch (java.io.IOException e) {
            throw new BrokerUnavailableException("no free port on this host for a cluster node: " + e.getMessage(), e);
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
        String down = IntStream.range(0, containers.size()).filter(i -> !stoppedOnPurpose.contains(i + 1))
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

    private synchronized void stop() {
        if (jmx != null) {
            jmx.close();
        }
        containers.forEach(KafkaContainer::stop);
        network.close();
    }
}
