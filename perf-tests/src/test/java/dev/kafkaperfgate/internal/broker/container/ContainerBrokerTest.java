package dev.kafkaperfgate.internal.broker.container;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.ForkedJvm;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.KilledMidScenario;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.RecordsOnTopic;
import dev.kafkaperfgate.internal.broker.TrueMain;
import dev.kafkaperfgate.internal.broker.UnusableDockerMain;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.DockerClientFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The container broker, for real: Testcontainers' KafkaContainer on the configured image.
 * Skipped where no Docker engine or image is usable, unless -Dperf.require.container=true (CI),
 * which turns the skip into a failure.
 */
class ContainerBrokerTest {

    private static BrokerSettings settings;

    @BeforeAll
    static void requireDocker() {
        settings = BrokerSettings.fromSystemProperties().withMode(BrokerMode.CONTAINER);
        Optional<String> problem = containerProblem(settings.image());
        if (problem.isPresent() && settings.requireContainer()) {
            fail("container tests are required (-Dperf.require.container=true) but cannot run: " + problem.get());
        }
        assumeTrue(problem.isEmpty(), () -> "container tests skipped: " + problem.get());
    }

    /**
     * Slow tier: three broker containers and a stopped leader take about a minute. The fast tier
     * keeps the single container's start, its records, its death mid-scenario and its clean-up;
     * the process cluster's faults are in the slow tier too ({@code FaultTrialTest}).
     */
    @SlowTier
    @Test
    @Timeout(300)
    void threeContainersOnTheirOwnLabelledNetworkFormOneClusterThatReplicatesThreeWays() throws Exception {
        String network;
        try (KafkaBroker cluster = BrokerSelector.start(settings.withBrokers(3), System.out);
             GateTopics topics = new GateTopics(cluster)) {
            assertEquals(3, cluster.info().brokers());
            String topic = topics.create("replicated", 3, (short) 3, Map.of("min.insync.replicas", "2"));
            try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                    Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
                admin.describeTopics(List.of(topic)).allTopicNames().get(30, java.util.concurrent.TimeUnit.SECONDS).get(topic)
                        .partitions().forEach(partition -> assertEquals(3, partition.isr().size(), partition.toString()));
            }
            ProduceScenario scenario = ProduceScenario.builder("container-cluster").brokers(3).partitions(3).replicationFactor((short) 3)
                    .recordSize(512).recordsPerTrial(10_000).trials(1)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all")
                    .build();
            BrokerJmx jmx = cluster.jmx().orElseThrow(() -> new AssertionError("every node's JMX answers on its loopback port"));
            assertEquals(3, jmx.brokers());
            BrokerJmx.Snapshot before = jmx.snapshot();
            var result = new ProduceWorkload(cluster, System.out).run(scenario, topic);
            assertEquals(result.warmup().records() + 10_000, RecordsOnTopic.consumeAll(cluster, topic, Duration.ofSeconds(60)));
            // Each record is counted once, by its partition's leader: the nodes' sum is what the client sent.
            assertEquals(result.warmup().records() + 10_000, jmx.snapshot().since(before).get("messages-in"), 0.0);

            // A fault: the leader's container stopped and started again keeps its port, rejoins, and nothing acked is lost.
            String faultTopic = topics.create("fault", 1, (short) 3, Map.of("min.insync.replicas", "2"));
            ProduceScenario fault = ProduceScenario.builder("container-fault").brokers(3).partitions(1).replicationFactor((short) 3)
                    .topicConfigs(Map.of("min.insync.replicas", "2"))
                    .recordSize(512).recordsPerSecond(1_000).trialDuration(Duration.ofSeconds(8)).trials(1)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all")
                    .fault(dev.kafkaperfgate.internal.spec.FaultSpec.of(dev.kafkaperfgate.internal.spec.FaultSpec.Kind.STOP, "leader-of-partition-0", Duration.ofSeconds(2),
                            Duration.ofSeconds(2)))
                    .build();
            var faulted = new ProduceWorkload(cluster, System.out).run(fault, faultTopic).trials().get(0).fault();
            assertTrue(faulted.restartMs() > faulted.stopMs(), faulted.line());
            assertEquals(0, faulted.lost(), faulted.line());
            assertEquals(0, faulted.refused(), faulted.line());
            assertTrue(cluster.failure().isEmpty(), "every node runs again: " + cluster.failure());
            network = DockerClientFactory.instance().client().listNetworksCmd().exec().stream()
                    .filter(candidate -> candidate.getLabels() != null && candidate.getLabels().containsKey(ContainerBroker.LABEL))
                    .map(com.github.dockerjava.api.model.Network::getId).findFirst().orElse(null);
            assertTrue(network != null, "the cluster's network carries the gate's label");
        }
        String removed = network;
        assertTrue(DockerClientFactory.instance().client().listNetworksCmd().exec().stream().noneMatch(n -> n.getId().equals(removed)),
                "the cluster's network was left behind");
    }

    @Test
    @Timeout(240)
    void everyProducedRecordIsAcknowledgedAndCanBeConsumedBack() {
        try (KafkaBroker broker = BrokerSelector.start(settings, System.out);
             GateTopics topics = new GateTopics(broker)) {
            assertEquals("container", broker.info().mode());
            String topic = topics.create("contract", 2, (short) 1, Map.of());
            ProduceScenario scenario = ProduceScenario.builder("container-contract")
                    .recordSize(512)
                    .recordsPerTrial(20_000)
                    .trials(2)
                    .recordsPerSecond(10_000)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all")
                    .producerProperty("delivery.timeout.ms", "20000").producerProperty("request.timeout.ms", "10000")
                    .build();
            // The broker's side, over its JMX port on the host's loopback (RMI needs the same port inside and out).
            BrokerJmx jmx = broker.jmx().orElseThrow(() -> new AssertionError("a container broker's JMX answers on its loopback port"));
            // Any local user reaches the loopback (the sides' users too): without this run's password the connector refuses.
            int port = ((ContainerBroker) broker).jmxPort();
            assertTrue(BrokerJmx.connectAll(java.util.List.of("127.0.0.1:" + port)).isEmpty(), "JMX on port " + port + " took no password");
            assertTrue(BrokerJmx.connectAll(java.util.List.of("127.0.0.1:" + port), java.util.Collections.singletonList(
                    new String[] {"kpgMonitor", "guessed"})).isEmpty(), "JMX on port " + port + " took a wrong password");
            BrokerJmx.Snapshot before = jmx.snapshot();
            var result = new ProduceWorkload(broker, System.out).run(scenario, topic);
            Map<String, Double> brokerSide = jmx.snapshot().since(before);
            long produced = result.warmup().records() + result.trials().stream().mapToLong(TrialFigures::records).sum();
            assertEquals(produced, RecordsOnTopic.consumeAll(broker, topic, Duration.ofSeconds(60)));
            assertEquals(produced, brokerSide.get("messages-in"), 0.0, "the broker counted every record: " + brokerSide);
            // Bytes the broker took in per record against the bytes the client sent per record (its network metric): within 10%.
            double clientBytes = result.trials().get(1).cost().wireBytesPerRecord();
            assertEquals(clientBytes, brokerSide.get("bytes-in") / brokerSide.get("messages-in"), clientBytes * 0.10, brokerSide.toString());
            assertTrue(brokerSide.get("produce-TotalTimeMs-mean") > 0 && brokerSide.get("request-handler-idle-percent") > 0, brokerSide.toString());
        }
    }

    @Test
    @Timeout(240)
    void aBrokerKilledMidScenarioEndsItWithTheCauseAndLeavesNoContainer() {
        ContainerBroker broker = (ContainerBroker) BrokerSelector.start(settings, System.out);
        String id = broker.containerId();
        try {
            KilledMidScenario.run(broker, "container-killed",
                    () -> DockerClientFactory.instance().client().killContainerCmd(id).exec());
        } finally {
            broker.close();
        }
        List<?> left = DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(ContainerBroker.LABEL, "")).exec().stream()
                .filter(container -> container.getId().equals(id)).toList();
        assertFalse(left.size() > 0, "the killed broker's container is still there");
    }

    @Test
    @Timeout(120)
    void anUnusableDockerEngineIsReportedInOneMessage() {
        // Docker present but unusable: in a private mount namespace, /dev/null stands where the
        // engine's socket was. Testcontainers caches the engine it found, so this runs in a fresh JVM.
        List<String> brokenSocket = List.of("unshare", "-m", "bash", "-c",
                "mount --bind /dev/null /var/run/docker.sock && exec \"$@\"", "unusable-docker");
        assumeTrue(ForkedJvm.run(brokenSocket, TrueMain.class, Duration.ofSeconds(30), Map.of()).exitCode() == 0,
                "needs root and unshare to hide the Docker socket from one process");
        ForkedJvm.Result result = ForkedJvm.run(brokenSocket, UnusableDockerMain.class, Duration.ofSeconds(90),
                Map.of("DOCKER_HOST", ""));
        assertEquals(3, result.exitCode(), result.output());
        assertTrue(result.output().contains("container broker:") && result.output().contains("-Dperf.broker=process"),
                result.output());
    }

    @Test
    @Timeout(60)
    void anImageThatCannotBeHadIsReportedAtOnce() {
        // The .invalid top-level domain never resolves: the registry is unreachable everywhere.
        BrokerSettings unobtainable = BrokerSettings.from(GateSettings.of(new java.util.Properties()))
                .withMode(BrokerMode.CONTAINER).withImage("registry.invalid/kafka:4.3.1");
        long start = System.nanoTime();
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                () -> BrokerSelector.start(unobtainable, System.out));
        assertEquals("container broker: image registry.invalid/kafka:4.3.1 is not present and its registry cannot be "
                + "reached. Build one with scripts/build-kafka-image.sh and pass -Dperf.broker.image=<it>, or run with "
                + "-Dperf.broker=process.", error.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(30).toNanos(), "not reported at once");
    }

    @Test
    @Timeout(240)
    void aPinnedBrokerContainerRunsOnItsCpuSet() {
        Properties pinned = new Properties();
        pinned.setProperty("perf.broker.cpus", "0");
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(pinned)).withMode(BrokerMode.CONTAINER).withImage(ContainerBrokerTest.settings.image());
        try (ContainerBroker broker = (ContainerBroker) BrokerSelector.start(settings, System.out)) {
            String cpus = DockerClientFactory.instance().client().inspectContainerCmd(broker.containerId()).exec()
                    .getHostConfig().getCpusetCpus();
            assertEquals("0", cpus);
            assertEquals("0", broker.info().cpuSet());
        }
    }

    private static Optional<String> containerProblem(String image) {
        Optional<String> engine = DockerProbe.engineProblem();
        if (engine.isEmpty() && !DockerProbe.imagePresent(image) && !DockerProbe.registryReachable(image)) {
            return Optional.of("image " + image + " is absent and cannot be pulled "
                    + "(build one with scripts/build-kafka-image.sh and pass -Dperf.broker.image)");
        }
        return engine;
    }
}
