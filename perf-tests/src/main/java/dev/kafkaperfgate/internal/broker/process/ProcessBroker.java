package dev.kafkaperfgate.internal.broker.process;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.BrokerClasspath;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.ClusterProbe;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.LinkPorts;
import dev.kafkaperfgate.internal.broker.OwnedProcess;
import dev.kafkaperfgate.internal.broker.StopOnce;
import dev.kafkaperfgate.internal.settings.Defaults;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Maven Central broker jars in separate JVMs on this host: one KRaft node in combined mode
 * (broker and controller in one process) or, for {@code cluster: {brokers: N}}, N such nodes
 * forming one controller quorum on localhost ports. A separate JVM keeps the broker's GC and
 * JIT out of the client's measurements.
 *
 * <p>It stops only its own processes, by pid, and removes its data directory: on {@link #close()},
 * from a shutdown hook, and through a watchdog process per node when the test JVM dies without
 * either.
 */
public final class ProcessBroker implements KafkaBroker, BrokerNodes {

    private final List<ProcessNode> nodes;
    private final List<Process> watchdogs;
    private final Path dataDir;
    private BrokerJmx jmx;
    /** The node processes {@link #jmx} is attached to; {@code null} before the first attach. */
    private List<Long> jmxPids;
    private final String bootstrapServers;
    private final BrokerInfo info;
    private final StopOnce stopOnce;
    /** How a node stopped by a fault starts again: the same classpath, flags and CPUs. */
    private final BrokerSettings settings;
    private final WatchdogStarter watchdogStarter;

    private ProcessBroker(List<ProcessNode> nodes, List<Process> watchdogs, Path dataDir, BrokerInfo info, BrokerSettings settings,
                          WatchdogStarter watchdogStarter) {
        this.nodes = List.copyOf(nodes);
        this.watchdogs = new java.util.concurrent.CopyOnWriteArrayList<>(watchdogs);
        this.settings = settings;
        this.watchdogStarter = watchdogStarter;
        this.dataDir = dataDir;
        this.bootstrapServers = String.join(",", nodes.stream().map(ProcessNode::address).toList());
        this.info = info;
        this.stopOnce = new StopOnce("kpg-process-broker", this::stop);
    }

    /**
     * Formats fresh data directories, starts {@code settings.brokers()} nodes and returns once every
     * one is registered and the controller quorum has a leader.
     *
     * @throws BrokerUnavailableException when that does not happen within the settings' start-up
     *                                    timeout or a node exits first, naming the node; nothing is
     *                                    left running then
     */
    public static ProcessBroker start(BrokerSettings settings, String reason) {
        return start(settings, reason, ProcessBroker::startWatchdog, Map.of());
    }

    /** Starts the process that stops a node when this JVM dies without stopping it. */
    @FunctionalInterface
    public interface WatchdogStarter {
        Process start(long brokerPid, Path dataDir) throws IOException;
    }

    public static ProcessBroker start(BrokerSettings settings, String reason, WatchdogStarter watchdogStarter) {
        return start(settings, reason, watchdogStarter, Map.of());
    }

    /**
     * @param nodeOverrides settings appended to one node's server.properties, by node id: how a
     *                      test breaks one node of a cluster
     */
    public static ProcessBroker start(BrokerSettings settings, String reason, WatchdogStarter watchdogStarter,
                               Map<Integer, Map<String, String>> nodeOverrides) {
        String classpath = BrokerClasspath.read(settings.classpathFile());
        int brokers = settings.brokers();
        String label = brokers == 1 ? "process broker" : "process cluster of " + brokers + " brokers";
        Path dataDir;
        Path parent = dataParent();
        try {
            dataDir = Files.createTempDirectory(parent, "kpg-broker-");
        } catch (IOException e) {
            throw new BrokerUnavailableException(label + ": cannot create a data directory in " + parent + ": " + e.getMessage(), e);
        }
        ProcessBroker started = null;
        List<ProcessNode> nodes = new ArrayList<>();
        List<Process> watchdogs = new ArrayList<>();
        try {
            List<ProcessNode.Ports> ports = new ArrayList<>();
            for (int id = 1; id <= brokers; id++) {
                ports.add(ProcessNode.Ports.allocate(id));
            }
            String voters = String.join(",", ports.stream().map(ProcessNode.Ports::voter).toList());
            String clusterId = Uuid.randomUuid().toString();
            for (ProcessNode.Ports nodePorts : ports) {
                Path nodeDir = brokers == 1 ? dataDir : dataDir.resolve("broker-" + nodePorts.nodeId());
                nodes.add(ProcessNode.prepare(classpath, nodePorts, nodeDir, clusterId, voters, brokers,
                        nodeOverrides.getOrDefault(nodePorts.nodeId(), Map.of())));
            }
            // All nodes start before any is waited for: a quorum of 3 elects no leader with one voter up.
            for (ProcessNode node : nodes) {
                Process process = node.start(classpath, settings.jvmFlags(), settings.cpus());
                watchdogs.add(watchdogStarter.start(process.pid(), dataDir));
            }
            BrokerInfo info = new BrokerInfo("process", Defaults.KAFKA_VERSION, null, settings.jvmFlags().text(),
                    settings.cpus() == null ? null : settings.cpus().cpus(), reason, brokers);
            started = new ProcessBroker(nodes, watchdogs, dataDir, info, settings, watchdogStarter);
            ClusterProbe.awaitCluster(started.bootstrapServers, Map.of(), brokers, settings.startupTimeout(), started::failure);
            return started;
        } catch (ClusterProbe.NotReadyException e) {
            String missing = nodes.stream().filter(node -> !e.registered().contains(node.nodeId()))
                    .map(node -> node.name() + " (" + node.address() + "), last lines of its log " + node.log()
                            + ":\n" + node.logTail())
                    .collect(Collectors.joining("\n"));
            closeQuietly(started, nodes, watchdogs, dataDir);
            throw new BrokerUnavailableException(label + " did not become ready within " + settings.startupTimeout().toSeconds()
                    + " s (" + e.getMessage() + "); raise -Dperf.broker.startup.timeout if the machine is slow."
                    + (missing.isEmpty() ? "" : " Not registered: " + missing));
        } catch (IllegalStateException e) {
            closeQuietly(started, nodes, watchdogs, dataDir);
            throw new BrokerUnavailableException(e.getMessage(), e);
        } catch (IOException e) {
            closeQuietly(started, nodes, watchdogs, dataDir);
            throw new BrokerUnavailableException(label + " could not start: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(started, nodes, watchdogs, dataDir);
            throw e;
        }
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public Map<String, Object> connectionProperties() {
        return Map.of();
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    /** A single broker has no other node to take over: faults need a cluster. */
    @Override
    public Optional<BrokerNodes> nodes() {
        return nodes.size() > 1 ? Optional.of(this) : Optional.empty();
    }

    @Override
    public Optional<LinkPorts> linkPorts() {
        return Optional.of(new LinkPorts(nodes.stream().map(ProcessNode::linkPorts).toList()));
    }

    @Override
    public void stop(int nodeId, boolean kill) {
        node(nodeId).stopOnPurpose(kill, Defaults.BROKER_STOP_TIMEOUT);
    }

    @Override
    public void start(int nodeId) {
        ProcessNode node = node(nodeId);
        try {
            Process process = node.start(BrokerClasspath.read(settings.classpathFile()), settings.jvmFlags(), settings.cpus());
            watchdogs.add(watchdogStarter.start(process.pid(), dataDir));
        } catch (IOException e) {
            throw new BrokerUnavailableException(node.name() + " could not start again: " + e.getMessage(), e);
        }
    }

    /** The node's {@code kafka.Kafka <its own folder>/server.properties}: the folder is this run's. */
    @Override
    public Optional<LocalJvm> localJvm(int nodeId) {
        ProcessNode node = node(nodeId);
        Process process = node.process();
        return process == null || !process.isAlive() ? Optional.empty()
                : Optional.of(new LocalJvm(process.pid(), node.serverProperties().toString()));
    }

    private ProcessNode node(int nodeId) {
        return nodes.stream().filter(node -> node.nodeId() == nodeId).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no broker " + nodeId + " in a cluster of " + nodes.size()));
    }

    /**
     * Every node's JMX, attached on first use and closed with the broker: a cluster's figures are
     * its nodes' summed (each partition's leader counts what it received). A node a fault started
     * again is a new process: the nodes are attached anew then, and the old connections closed.
     */
    @Override
    public synchronized Optional<BrokerJmx> jmx() {
        List<Long> pids = nodes.stream().map(node -> node.process().pid()).toList();
        if (!pids.equals(jmxPids)) {
            if (jmx != null) {
                jmx.close();
            }
            jmxPids = pids;
            jmx = BrokerJmx.attachAll(pids).orElse(null);
        }
        return Optional.ofNullable(jmx);
    }

    /** The first node's JVM pid, for tests that kill it. */
    public long pid() {
        return nodes.get(0).process().pid();
    }

    /** Every node's JVM pid, by node id (1, 2, ...). */
    public Map<Integer, Long> pids() {
        Map<Integer, Long> pids = new LinkedHashMap<>();
        nodes.forEach(node -> pids.put(node.nodeId(), node.process().pid()));
        return pids;
    }

    /** The data directory this broker removes when it stops. */
    public Path dataDir() {
        return dataDir;
    }

    @Override
    public Optional<String> failure() {
        String failures = nodes.stream().map(ProcessNode::failure).flatMap(Optional::stream).collect(Collectors.joining("\n"));
        return failures.isEmpty() ? Optional.empty() : Optional.of(failures);
    }

    @Override
    public Optional<String> logTail() {
        return Optional.of(nodes.size() == 1 ? nodes.get(0).logTail()
                : nodes.stream().map(node -> node.name() + ":\n" + node.logTail()).collect(Collectors.joining("\n")));
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private void stop() {
        synchronized (this) {
            if (jmx != null) {
                jmx.close();
            }
        }
        watchdogs.forEach(Process::destroyForcibly);
        nodes.stream().map(ProcessNode::process).filter(java.util.Objects::nonNull).forEach(ProcessBroker::stopProcess);
        deleteRecursively(dataDir);
    }

    /**
     * Killed, not shut down: the broker and its data are throwaway, and a controlled shutdown took
     * seconds, more than a cancelled CI run has (GitHub sends SIGKILL about 10 s after SIGINT).
     */
    private static void stopProcess(Process process) {
        process.destroyForcibly();
        try {
            process.waitFor(Defaults.BROKER_STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Where the broker keeps its logs: in memory (/dev/shm) when it has room, else java.io.tmpdir.
     * What is measured is the client, not the disk: on a shared VM disk, appends stalled for 10 s
     * and more at times, and produce requests timed out against a live broker.
     */
    static Path dataParent() {
        Path shm = Path.of("/dev/shm");
        try {
            if (Files.isDirectory(shm) && Files.isWritable(shm)
                    && Files.getFileStore(shm).getUsableSpace() >= Defaults.BROKER_TMPFS_MIN_FREE_BYTES) {
                return shm;
            }
        } catch (IOException e) {
            // fall through to the default
        }
        return ThisJvm.tmpDir();
    }

    /** Stops what a failed start left: the nodes (started or only spawned), their watchdogs and the directory. */
    private static void closeQuietly(ProcessBroker started, List<ProcessNode> nodes, List<Process> watchdogs, Path dataDir) {
        if (started != null) {
            started.close();
            return;
        }
        watchdogs.forEach(Process::destroyForcibly);
        nodes.stream().map(ProcessNode::process).filter(java.util.Objects::nonNull).forEach(ProcessBroker::stopProcess);
        deleteRecursively(dataDir);
    }

    /** Stops a node and removes the data directory once the JVM is gone without doing so (SIGKILL, a crash). */
    private static Process startWatchdog(long brokerPid, Path dataDir) throws IOException {
        return OwnedProcess.watchdog("kpg-broker-watchdog", brokerPid, dataDir);
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("[kafka-perf-gate] could not remove the broker's data directory " + dir + ": " + e.getMessage());
        }
    }
}
