package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code cluster: {brokers: 3}} in process mode: three KRaft nodes on localhost ports, one quorum. */
// Slow tier: three broker processes forming one cluster (about 35 s).
@SlowTier
class ProcessClusterTest {

    private static final BrokerSettings CLUSTER = BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS).withBrokers(3);

    @Test
    @Timeout(240)
    void threeBrokersFormOneClusterThatReplicatesThreeWaysAndLosesNothingAtAcksAll() throws Exception {
        ProcessBroker cluster = ProcessBroker.start(CLUSTER, "test");
        try (cluster; GateTopics topics = new GateTopics(cluster)) {
            assertEquals(3, cluster.info().brokers());
            assertEquals(3, cluster.bootstrapServers().split(",").length, cluster.bootstrapServers());
            String topic = topics.create("replicated", 3, (short) 3, Map.of("min.insync.replicas", "2"));
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
                TopicDescription description = admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
                description.partitions().forEach(partition -> assertEquals(3, partition.replicas().size(), partition.toString()));
                assertEquals(3, admin.describeMetadataQuorum().quorumInfo().get(30, TimeUnit.SECONDS).voters().size());
            }
            ProduceScenario scenario = ProduceScenario.builder("cluster-contract").brokers(3).partitions(3).replicationFactor((short) 3)
                    .recordSize(512).recordsPerTrial(10_000).trials(1)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all").producerProperty("enable.idempotence", "true")
                    .build();
            BrokerJmx jmx = cluster.jmx().orElseThrow(() -> new AssertionError("every node's JMX, through the Attach API"));
            assertEquals(3, jmx.brokers());
            BrokerJmx.Snapshot before = jmx.snapshot();
            ProduceResult result = new ProduceWorkload(cluster, System.out).run(scenario, topic);
            assertEquals(result.warmup().records() + 10_000, RecordsOnTopic.consumeAll(cluster, topic, Duration.ofSeconds(60)),
                    "every acknowledged record is on the topic");
            Map<String, Double> brokerSide = jmx.snapshot().since(before);
            // Each record is counted once, by its partition's leader: the nodes' sum is what the client sent.
            assertEquals(result.warmup().records() + 10_000, brokerSide.get("messages-in"), 0.0, brokerSide.toString());
            double idle = brokerSide.get("request-handler-idle-percent");
            assertTrue(idle > 0 && idle <= 100, "the nodes' mean, a percentage: " + brokerSide);

            // A node a fault stopped and started again is a new process: the cluster's JMX attaches to it anew, so the
            // broker's side of later trials (and a scenario that gates it) counts every node again.
            cluster.stop(2, false);
            cluster.start(2);
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (admin.describeCluster().nodes().get(10, TimeUnit.SECONDS).size() < 3 && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
            }
            BrokerJmx again = cluster.jmx().orElseThrow(() -> new AssertionError("node 2's new process, attached"));
            BrokerJmx.Snapshot afterRestart = again.snapshot();
            Map<String, Double> read = again.snapshot().since(afterRestart);
            assertFalse(read.getOrDefault("brokers-not-read", 0.0) > 0, "every node read after the restart: " + read);
        }
        cluster.pids().forEach((node, pid) -> assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                "broker " + node + " (pid " + pid + ") still running"));
        assertFalse(Files.exists(cluster.dataDir()), "data directory left behind");
    }

    @Test
    @Timeout(180)
    void aClusterThatDoesNotFormNamesTheBrokerThatFailedAndLeavesNothingRunning() {
        // Broker 3 gets a setting Kafka refuses at start-up: it exits, the other two are stopped.
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class, () -> ProcessBroker.start(CLUSTER, "test",
                (pid, dir) -> new ProcessBuilder("true").start(), Map.of(3, Map.of("num.network.threads", "0"))));
        assertTrue(error.getMessage().contains("broker 3 (pid "), error.getMessage());
        assertTrue(error.getMessage().contains("exited with code"), error.getMessage());
        assertTrue(ProcessHandle.current().descendants().noneMatch(CommandLines::isBroker), "a broker process was left running");
    }
}
