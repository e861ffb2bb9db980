package dev.kafkaperfgate.internal.broker.container;

import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.StopOnce;
import com.github.dockerjava.api.command.InspectContainerResponse;
import dev.kafkaperfgate.internal.settings.Defaults;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Testcontainers' {@link KafkaContainer} on {@code apache/kafka} or an image compatible with it.
 * Every container carries the label {@value #LABEL}, so a cleanup after a killed run can find
 * exactly the gate's containers (Ryuk, Testcontainers' own reaper, may be disabled).
 */
public final class ContainerBroker implements KafkaBroker {

    /** Label on every container the gate starts; its value is this run's id. */
    public static final String LABEL = "dev.kafkaperfgate.run";

    private final KafkaContainer container;
    private final BrokerInfo info;
    private final ContainerJmx.Endpoint jmxEndpoint;
    private final StopOnce stopOnce;
    private BrokerJmx jmx;
    private boolean jmxTried;

    private ContainerBroker(KafkaContainer container, BrokerInfo info, ContainerJmx.Endpoint jmxEndpoint) {
        this.container = container;
        this.info = info;
        this.jmxEndpoint = jmxEndpoint;
        this.stopOnce = new StopOnce("kpg-container-broker", this::stop);
    }

    /**
     * Starts the container and returns once Kafka logs that it is running.
     *
     * @throws BrokerUnavailableException when Docker is unusable, the image cannot be had, or the
     *                                    broker is not ready within the start-up timeout; the
     *                                    container is removed then
     */
    public static ContainerBroker start(BrokerSettings settings, String reason) {
        checkDocker(settings);
        KafkaContainer container = configured(settings, UUID.randomUUID().toString());
        ContainerJmx.Endpoint jmxEndpoint = ContainerJmx.open(container);
        try {
            container.start();
        } catch (RuntimeException e) {
            String logs = tailOfLogs(container);
            container.stop();
            throw new BrokerUnavailableException("container broker from image " + settings.image()
                    + " did not become ready within " + settings.startupTimeout().toSeconds() + " s: " + rootMessage(e)
                    + ". If the image cannot be pulled here, build one with scripts/build-kafka-image.sh and pass "
                    + "-Dperf.broker.image=<it>; where testcontainers/ryuk cannot be pulled either, set "
                    + "TESTCONTAINERS_RYUK_DISABLED=true." + (logs.isEmpty() ? "" : " Last container log lines:\n" + logs), e);
        }
        BrokerInfo info = new BrokerInfo("container", Defaults.KAFKA_VERSION, settings.image(), settings.jvmFlags().text(),
                settings.cpus() == null ? null : settings.cpus().cpus(), reason, 1);
        return new ContainerBroker(container, info, jmxEndpoint);
    }

    /** @throws BrokerUnavailableException when no Docker engine answers, or the image is neither here nor pullable */
    static void checkDocker(BrokerSettings settings) {
        Optional<String> dockerProblem = DockerProbe.engineProblem();
        if (dockerProblem.isPresent()) {
            throw new BrokerUnavailableException("container broker: " + dockerProblem.get()
                    + ". Start a Docker engine, or run with -Dperf.broker=process.");
        }
        if (!DockerProbe.imagePresent(settings.image()) && !DockerProbe.registryReachable(settings.image())) {
            throw new BrokerUnavailableException("container broker: image " + settings.image() + " is not present and its "
                    + "registry cannot be reached. Build one with scripts/build-kafka-image.sh and pass "
                    + "-Dperf.broker.image=<it>, or run with -Dperf.broker=process.");
        }
    }

    /** A broker container as the settings ask for it, labelled with {@code runId}; not started. */
    static KafkaContainer configured(BrokerSettings settings, String runId) {
        return configured(new KafkaContainer(image(settings)), settings, runId);
    }

    /** The settings' image, accepted by Testcontainers as an apache/kafka image. */
    static DockerImageName image(BrokerSettings settings) {
        return DockerImageName.parse(settings.image()).asCompatibleSubstituteFor("apache/kafka");
    }

    /** {@code container} with the gate's label, broker flags, start-up bound and CPU set. */
    static KafkaContainer configured(KafkaContainer container, BrokerSettings settings, String runId) {
        container
                .withLabel(LABEL, runId)
                .withEnv("KAFKA_HEAP_OPTS", flags(settings.jvmFlags(), true))
                .withEnv("KAFKA_JVM_PERFORMANCE_OPTS", flags(settings.jvmFlags(), false))
                // As the process broker: a deleted topic's files go at once, not in the next scenario's trials.
                .withEnv("KAFKA_LOG_SEGMENT_DELETE_DELAY_MS", "0")
                .withEnv("KAFKA_LOG_RETENTION_CHECK_INTERVAL_MS", "1000")
                .withStartupTimeout(settings.startupTimeout());
        if (settings.cpus() != null) {
            String cpus = settings.cpus().cpus();
            container.withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(cpus));
        }
        return container;
    }

    @Override
    public String bootstrapServers() {
        return container.getBootstrapServers();
    }

    @Override
    public Map<String, Object> connectionProperties() {
        return Map.of();
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    /** The container's id, for tests that kill it. */
    public String containerId() {
        return container.getContainerId();
    }

    @Override
    public Optional<String> failure() {
        return stateProblem(container).map(problem -> "container broker " + problem);
    }

    /** Empty while {@code container} runs; otherwise its short id and state (exited and how, or gone). */
    static Optional<String> stateProblem(KafkaContainer container) {
        String id = container.getContainerId();
        String shortId = id == null ? "(no id)" : id.substring(0, Math.min(12, id.length()));
        try {
            InspectContainerResponse.ContainerState state = container.getCurrentContainerInfo().getState();
            if (Boolean.TRUE.equals(state.getRunning())) {
                return Optional.empty();
            }
            return Optional.of(shortId + " is " + state.getStatus() + " (exit code " + state.getExitCodeLong() + ")");
        } catch (RuntimeException e) {
            return Optional.of(shortId + " is gone: " + rootMessage(e));
        }
    }

    /** The broker's JMX over its loopback port, connected on first use and closed with the broker. */
    @Override
    public synchronized Optional<BrokerJmx> jmx() {
        if (!jmxTried) {
            jmxTried = true;
            jmx = ContainerJmx.connect(java.util.List.of(jmxEndpoint)).orElse(null);
        }
        return Optional.ofNullable(jmx);
    }

    /** The loopback port of the broker's JMX, which takes this run's password only. */
    int jmxPort() {
        return jmxEndpoint.port();
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private synchronized void stop() {
        if (jmx != null) {
            jmx.close();
        }
        container.stop();
    }

    /** Splits JVM flags the way kafka-run-class.sh takes them: heap options apart from the rest. */
    public static String flags(JvmFlags jvmFlags, boolean heap) {
        return jvmFlags.flags().stream()
                .filter(flag -> (flag.startsWith("-Xms") || flag.startsWith("-Xmx")) == heap)
                .collect(Collectors.joining(" "));
    }

    static String tailOfLogs(KafkaContainer container) {
        try {
            String[] lines = container.getLogs().split("\n");
            return String.join("\n", Arrays.copyOfRange(lines, Math.max(0, lines.length - 20), lines.length));
        } catch (RuntimeException noContainer) {
            return "";
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (cause: " + root.getMessage() + ")";
    }
}
