package dev.kafkaperfgate.internal.broker.process;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.broker.LinkPorts;
import dev.kafkaperfgate.internal.broker.LogTail;
import dev.kafkaperfgate.internal.broker.OwnedProcess;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.environment.ProcessPinning;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One KRaft node of a {@link ProcessBroker}: a broker and controller in one JVM (combined mode),
 * with its own ports and data directory. It writes its {@code server.properties}, formats its
 * storage and starts; the cluster it belongs to waits for it and stops it.
 */
public final class ProcessNode {

    private static final int LOG_TAIL_LINES = 25;

    /** Formatting a fresh data directory takes about 1.5 s here; this bound is for a machine in trouble. */
    private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);

    /**
     * Where one node listens: clients on {@code brokerPort}, the controller quorum on
     * {@code controllerPort}, and clients across a slow link on {@code linkPort}, a listener that
     * advertises {@code linkProxyPort}, where a {@link LinkPorts link}'s proxy listens when a
     * scenario has one. Metadata answers with the listener a client came in on, so a client that
     * bootstraps through the proxy stays behind it.
     */
    record Ports(int nodeId, int brokerPort, int controllerPort, int linkPort, int linkProxyPort) {

        static Ports allocate(int nodeId) throws IOException {
            return new Ports(nodeId, freePort(), freePort(), freePort(), freePort());
        }

        String voter() {
            return nodeId + "@127.0.0.1:" + controllerPort;
        }
    }

    private final Ports ports;
    private final Path dir;
    private final Path log;
    /** How messages name it: "process broker" alone, "broker 2" in a cluster. */
    private final String name;
    private volatile Process process;
    /** Stopped by a fault, not failed: {@link #failure()} stays empty until it starts again. */
    private volatile boolean stoppedOnPurpose;

    private ProcessNode(Ports ports, Path dir, int brokers) {
        this.ports = ports;
        this.dir = dir;
        this.log = dir.resolve("broker.log");
        this.name = brokers == 1 ? "process broker" : "broker " + ports.nodeId();
    }

    /**
     * Writes the node's configuration into {@code dir} and formats its storage for {@code clusterId}.
     *
     * @param voters  every node's {@code id@host:port}, the static controller quorum
     * @param brokers the cluster's size: internal topics are replicated up to 3 ways
     * @param extra   settings appended after formatting (they win at start-up): a test's way to break one node
     */
    static ProcessNode prepare(String classpath, Ports ports, Path dir, String clusterId, String voters, int brokers,
                               Map<String, String> extra) throws IOException {
        Files.createDirectories(dir);
        ProcessNode node = new ProcessNode(ports, dir, brokers);
        Path config = node.writeServerProperties(voters, brokers);
        node.format(classpath, config, clusterId);
        if (!extra.isEmpty()) {
            StringBuilder lines = new StringBuilder();
            extra.forEach((key, value) -> lines.append(key).append('=').append(value).append('\n'));
            Files.writeString(config, lines, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        }
        return node;
    }

    /** Starts the node's JVM; its output goes to {@code broker.log} in its directory. */
    Process start(String classpath, JvmFlags jvmFlags, CpuSet cpus) throws IOException {
        List<String> command = new ArrayList<>();
        if (cpus != null) {
            command.addAll(ProcessPinning.commandPrefix(cpus));
        }
        command.add(javaExecutable());
        command.addAll(jvmFlags.flags());
        command.addAll(List.of("-Dlog4j2.configurationFile=" + dir.resolve("log4j2.yaml"), "-cp", classpath, "kafka.Kafka",
                serverProperties().toString()));
        // Appended: a node started again after a fault keeps its first run's log.
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        stoppedOnPurpose = false;
        return process;
    }

    /**
     * Stops the JVM for a fault: SIGTERM (a controlled shutdown) or SIGKILL, finishing a clean stop
     * that outlasts {@code timeout} with SIGKILL. Returns once the process is gone.
     */
    void stopOnPurpose(boolean kill, Duration timeout) {
        Process running = process;
        if (running == null || !running.isAlive()) {
            throw new IllegalArgumentException(name + " is not running" + failure().map(why -> ": " + why).orElse(""));
        }
        stoppedOnPurpose = true;
        if (kill) {
            running.destroyForcibly();
        }
        OwnedProcess.stop(running, timeout);
    }

    String name() {
        return name;
    }

    int nodeId() {
        return ports.nodeId();
    }

    String address() {
        return "127.0.0.1:" + ports.brokerPort();
    }

    /** The node's end of a slow link: the proxy listens on the advertised port and relays to the link listener. */
    LinkPorts.Node linkPorts() {
        return new LinkPorts.Node(ports.nodeId(), ports.linkProxyPort(), ports.linkPort());
    }

    /** Its configuration file, the one argument of its {@code kafka.Kafka} command line. */
    Path serverProperties() {
        return dir.resolve("server.properties");
    }

    /** The JVM, once started; {@code null} before. */
    Process process() {
        return process;
    }

    Path log() {
        return log;
    }

    String logTail() {
        return LogTail.of(log, LOG_TAIL_LINES);
    }

    /** Empty while the node runs (or was never started); otherwise how it ended and its last log lines. */
    Optional<String> failure() {
        Process current = process;
        if (current == null || current.isAlive() || stoppedOnPurpose) {
            return Optional.empty();
        }
        return Optional.of(name + " (pid " + current.pid() + ") exited with code " + current.exitValue()
                + ". Last lines of its log " + log + ":\n" + logTail());
    }

    private Path writeServerProperties(String voters, int brokers) throws IOException {
        // Internal topics as a production cluster would have them, capped by the cluster's size.
        int internalReplicas = Math.min(3, brokers);
        int internalMinIsr = Math.min(2, internalReplicas);
        List<String> lines = new ArrayList<>(List.of(
                "process.roles=broker,controller",
                "node.id=" + nodeId(),
                "controller.quorum.voters=" + voters,
                "listeners=PLAINTEXT://127.0.0.1:" + ports.brokerPort() + ",CONTROLLER://127.0.0.1:" + ports.controllerPort()
                        + ",LINK://127.0.0.1:" + ports.linkPort(),
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + ports.brokerPort() + ",LINK://127.0.0.1:" + ports.linkProxyPort(),
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,LINK:PLAINTEXT",
                "log.dirs=" + dir.resolve("kraft-combined-logs"),
                "offsets.topic.replication.factor=" + internalReplicas,
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=" + internalReplicas,
                "transaction.state.log.min.isr=" + internalMinIsr,
                "share.coordinator.state.topic.replication.factor=" + internalReplicas,
                "share.coordinator.state.topic.min.isr=" + internalMinIsr,
                "group.initial.rebalance.delay.ms=0",
                // A deleted topic's files go at once, not a minute later in the middle of the next
                // scenario's trials (measured: a hiccup in both sides' figures 60 s after a consume
                // scenario's 1.2 GB of pre-loaded topics were deleted).
                "log.segment.delete.delay.ms=0",
                // Records deleted below a partition's start (paired mode's warm windows delete each block's) leave
                // with the next retention check: every second, not every five minutes.
                "log.retention.check.interval.ms=1000"));
        Path config = serverProperties();
        Files.writeString(config, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        try (InputStream in = ProcessNode.class.getResourceAsStream("broker-log4j2.yaml")) {
            if (in == null) {
                throw new IOException("broker-log4j2.yaml is missing from the harness's resources");
            }
            Files.copy(in, dir.resolve("log4j2.yaml"), StandardCopyOption.REPLACE_EXISTING);
        }
        return config;
    }

    private void format(String classpath, Path config, String clusterId) throws IOException {
        Path formatLog = dir.resolve("format.log");
        Process format = new ProcessBuilder(javaExecutable(), "-Xmx256m", "-Dlog4j2.configurationFile=" + dir.resolve("log4j2.yaml"),
                "-cp", classpath, "kafka.tools.StorageTool", "format", "--cluster-id", clusterId, "--config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(formatLog.toFile())
                .start();
        try {
            if (!format.waitFor(FORMAT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                format.destroyForcibly();
                throw new IllegalStateException(name + ": formatting the storage did not finish within "
                        + FORMAT_TIMEOUT.toSeconds() + " s; is the machine overloaded or the disk full?");
            }
        } catch (InterruptedException e) {
            format.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(name + ": interrupted while formatting the storage", e);
        }
        if (format.exitValue() != 0) {
            throw new IllegalStateException(name + ": kafka.tools.StorageTool format exited with code "
                    + format.exitValue() + ":\n" + LogTail.of(formatLog, LOG_TAIL_LINES));
        }
    }

    private static String javaExecutable() {
        return ThisJvm.javaExecutable();
    }

    /** A port free on this host now, for a node's listener. */
    public static int freePort() throws IOException {
        // The OS may hand a port it just gave out (and saw closed) out again: a cluster's twelve
        // ports were once two alike, and a node failed to bind. Never give one out twice per JVM.
        for (int attempt = 0; attempt < 100; attempt++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                socket.setReuseAddress(true);
                if (HANDED_OUT.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            }
        }
        throw new IOException("no free port that this JVM has not handed out already, in 100 tries");
    }

    /** Every port {@link #freePort()} has returned in this JVM. */
    private static final java.util.Set<Integer> HANDED_OUT = java.util.concurrent.ConcurrentHashMap.newKeySet();
}
