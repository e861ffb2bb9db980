package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import org.apache.kafka.common.Uuid;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * The Maven Central broker jars in a separate JVM on this host, in KRaft combined mode
 * (broker and controller in one process). A separate JVM keeps the broker's GC and JIT out of
 * the client's measurements.
 *
 * <p>It stops only its own process, by pid, and removes its data directory: on {@link #close()},
 * from a shutdown hook, and through a watchdog process when the test JVM dies without either.
 */
public final class ProcessBroker implements KafkaBroker {

    private static final int LOG_TAIL_LINES = 25;

    /** Formatting a fresh data directory takes about 1.5 s here; this bound is for a machine in trouble. */
    private static final Duration FORMAT_TIMEOUT = Duration.ofSeconds(60);

    private final Process broker;
    private final Process watchdog;
    private final Path dataDir;
    private final Path log;
    private final String bootstrapServers;
    private final BrokerInfo info;
    private final StopOnce stopOnce;

    private ProcessBroker(Process broker, Process watchdog, Path dataDir, Path log, String bootstrapServers, BrokerInfo info) {
        this.broker = broker;
        this.watchdog = watchdog;
        this.dataDir = dataDir;
        this.log = log;
        this.bootstrapServers = bootstrapServers;
        this.info = info;
        this.stopOnce = new StopOnce("kpg-process-broker", this::stop);
    }

    /**
     * Formats a fresh data directory, starts the broker and returns once it answers.
     *
     * @throws BrokerUnavailableException when it does not answer within the settings' start-up
     *                                    timeout or exits first; nothing is left running then
     */
    public static ProcessBroker start(BrokerSettings settings, String reason) {
        return start(settings, reason, ProcessBroker::startWatchdog);
    }

    /** Starts the process that stops the broker when this JVM dies without stopping it. */
    @FunctionalInterface
    interface WatchdogStarter {
        Process start(long brokerPid, Path dataDir) throws IOException;
    }

    static ProcessBroker start(BrokerSettings settings, String reason, WatchdogStarter watchdogStarter) {
        String classpath = BrokerClasspath.read(settings.classpathFile());
        Path dataDir;
        Path parent = dataParent();
        try {
            dataDir = Files.createTempDirectory(parent, "kpg-broker-");
        } catch (IOException e) {
            throw new BrokerUnavailableException("process broker: cannot create a data directory in "
                    + parent + ": " + e.getMessage(), e);
        }
        ProcessBroker started = null;
        Process process = null;
        try {
            int brokerPort = freePort();
            int controllerPort = freePort();
            Path config = writeServerProperties(dataDir, brokerPort, controllerPort);
            Path log4j = copyLoggingConfig(dataDir);
            format(classpath, config, log4j, dataDir);

            Path log = dataDir.resolve("broker.log");
            List<String> command = new ArrayList<>();
            if (settings.cpus() != null) {
                command.addAll(ProcessPinning.commandPrefix(settings.cpus()));
            }
            command.add(javaExecutable());
            command.addAll(Arrays.asList(settings.jvmFlags().trim().split("\\s+")));
            command.addAll(List.of("-Dlog4j2.configurationFile=" + log4j, "-cp", classpath, "kafka.Kafka", config.toString()));
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            Process watchdog = watchdogStarter.start(process.pid(), dataDir);
            String bootstrap = "127.0.0.1:" + brokerPort;
            BrokerInfo info = new BrokerInfo("process", Defaults.KAFKA_VERSION, null, settings.jvmFlags(),
                    settings.cpus() == null ? null : settings.cpus().cpus(), reason);
            started = new ProcessBroker(process, watchdog, dataDir, log, bootstrap, info);
            ClusterProbe.awaitAnswer(bootstrap, Map.of(), settings.startupTimeout(), started::failure);
            return started;
        } catch (TimeoutException e) {
            String tail = LogTail.of(dataDir.resolve("broker.log"), LOG_TAIL_LINES);
            closeQuietly(started, process, dataDir);
            throw new BrokerUnavailableException("process broker did not answer within "
                    + settings.startupTimeout().toSeconds() + " s (" + e.getMessage() + "); raise -Dperf.broker.startup.timeout "
                    + "if the machine is slow. Last lines of its log:\n" + tail);
        } catch (IllegalStateException e) {
            closeQuietly(started, process, dataDir);
            throw new BrokerUnavailableException(e.getMessage(), e);
        } catch (IOException e) {
            closeQuietly(started, process, dataDir);
            throw new BrokerUnavailableException("process broker could not start: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(started, process, dataDir);
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

    /** The broker JVM's pid, for tests that kill it. */
    public long pid() {
        return broker.pid();
    }

    /** The data directory this broker removes when it stops. */
    public Path dataDir() {
        return dataDir;
    }

    @Override
    public Optional<String> failure() {
        if (broker.isAlive()) {
            return Optional.empty();
        }
        return Optional.of("process broker (pid " + broker.pid() + ") exited with code " + broker.exitValue()
                + ". Last lines of its log " + log + ":\n" + LogTail.of(log, LOG_TAIL_LINES));
    }

    @Override
    public Optional<String> logTail() {
        return Optional.of(LogTail.of(log, LOG_TAIL_LINES));
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private void stop() {
        watchdog.destroyForcibly();
        stopProcess(broker);
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
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** Stops what a failed start left: the broker (started or only spawned) and its directory. */
    private static void closeQuietly(ProcessBroker started, Process spawned, Path dataDir) {
        if (started != null) {
            started.close();
            return;
        }
        if (spawned != null) {
            stopProcess(spawned);
        }
        deleteRecursively(dataDir);
    }

    private static Path writeServerProperties(Path dataDir, int brokerPort, int controllerPort) throws IOException {
        String properties = String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + brokerPort,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dataDir.resolve("kraft-combined-logs"),
                // A single broker: internal topics cannot be replicated, and group joins need not wait for others.
                "offsets.topic.replication.factor=1",
                "offsets.topic.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                // A deleted topic's files go at once, not a minute later in the middle of the next
                // scenario's trials (measured: a hiccup in both sides' figures 60 s after a consume
                // scenario's 1.2 GB of pre-loaded topics were deleted).
                "log.segment.delete.delay.ms=0",
                "");
        Path config = dataDir.resolve("server.properties");
        Files.writeString(config, properties, StandardCharsets.UTF_8);
        return config;
    }

    private static Path copyLoggingConfig(Path dataDir) throws IOException {
        Path target = dataDir.resolve("log4j2.yaml");
        try (InputStream in = ProcessBroker.class.getResourceAsStream("broker-log4j2.yaml")) {
            if (in == null) {
                throw new IOException("broker-log4j2.yaml is missing from the harness's resources");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }

    private static void format(String classpath, Path config, Path log4j, Path dataDir)
            throws IOException {
        Path formatLog = dataDir.resolve("format.log");
        Process format = new ProcessBuilder(javaExecutable(), "-Xmx256m", "-Dlog4j2.configurationFile=" + log4j,
                "-cp", classpath, "kafka.tools.StorageTool", "format",
                "--cluster-id", Uuid.randomUuid().toString(), "--config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(formatLog.toFile())
                .start();
        try {
            if (!format.waitFor(FORMAT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                format.destroyForcibly();
                throw new IllegalStateException("process broker: formatting the storage did not finish within "
                        + FORMAT_TIMEOUT.toSeconds() + " s; is the machine overloaded or the disk full?");
            }
        } catch (InterruptedException e) {
            format.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("process broker: interrupted while formatting the storage", e);
        }
        if (format.exitValue() != 0) {
            throw new IllegalStateException("process broker: kafka.tools.StorageTool format exited with code "
                    + format.exitValue() + ":\n" + LogTail.of(formatLog, LOG_TAIL_LINES));
        }
    }

    /**
     * A shell loop that outlives a test JVM killed without running its shutdown hooks (SIGKILL,
     * a crash): once the JVM is gone it stops the broker by pid and removes the data directory.
     */
    private static Process startWatchdog(long brokerPid, Path dataDir) throws IOException {
        String script = """
                parent=$1; broker=$2; dir=$3
                while kill -0 "$parent" 2>/dev/null; do sleep 1; done
                kill -9 "$broker" 2>/dev/null
                for _ in $(seq 1 40); do kill -0 "$broker" 2>/dev/null || break; sleep 0.25; done
                rm -rf "$dir"
                """;
        return new ProcessBuilder("bash", "-c", script, "kpg-broker-watchdog",
                Long.toString(ProcessHandle.current().pid()), Long.toString(brokerPid), dataDir.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
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
