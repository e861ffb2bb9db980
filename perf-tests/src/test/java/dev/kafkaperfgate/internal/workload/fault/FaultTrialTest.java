package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.figures.FaultFigures;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scenario's {@code fault} on a 3-broker process cluster: the partition's leader stopped in the
 * middle of a trial, and every record accounted for afterwards.
 */
// Slow tier: a three-broker cluster whose leader is stopped and killed (about 45 s).
@SlowTier
class FaultTrialTest {

    private static final WarmupPolicy SHORT_WARMUP = new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3),
            Duration.ofMillis(500), 2, 0.5);

    private static ProcessBroker cluster;
    private static GateTopics topics;

    @BeforeAll
    static void startCluster() {
        cluster = ProcessBroker.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS).withBrokers(3), "test");
        topics = new GateTopics(cluster);
    }

    @AfterAll
    static void stopCluster() {
        if (topics != null) {
            topics.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Timeout(240)
    void stoppingTheLeaderAtAcksAllLosesNoAcknowledgedRecordAndMeasuresTheWindow() throws Exception {
        String topic = topics.create("fault-acks-all", 1, (short) 3, Map.of("min.insync.replicas", "2"));
        int leader = leaderOfPartition0(topic);
        ProduceScenario scenario = ProduceScenario.builder("fault-acks-all").brokers(3).partitions(1).replicationFactor((short) 3)
                .topicConfigs(Map.of("min.insync.replicas", "2"))
                .recordSize(512).recordsPerSecond(2_000).trialDuration(Duration.ofSeconds(10)).trials(1).warmup(SHORT_WARMUP)
                .producerProperty("acks", "all").producerProperty("enable.idempotence", "true")
                .fault(FaultSpec.of(FaultSpec.Kind.STOP, "leader-of-partition-0", Duration.ofSeconds(3), Duration.ofSeconds(3)))
                .build();

        ProduceResult result = new ProduceWorkload(cluster, System.out).run(scenario, topic);

        TrialFigures trial = result.trials().get(0);
        FaultFigures fault = trial.fault();
        assertNotNull(fault, "a fault trial carries its fault figures");
        assertEquals(leader, fault.brokerId(), "the leader of partition 0 was the one stopped");
        assertEquals(3, fault.isrBefore().size(), "all three replicas were in sync before: " + fault.isrBefore());
        assertTrue(fault.stopMs() >= 2_900 && fault.stopMs() < 4_000, "stopped about 3 s in: " + fault.stopMs());
        assertTrue(fault.restartMs() >= fault.stopMs() + 2_900, "started again about 3 s later: " + fault.restartMs());
        assertEquals(trial.records(), fault.acked(), "every record was acknowledged");
        assertEquals(0, fault.refused(), fault.line());
        assertEquals(0, fault.lost(), fault.line());
        assertEquals(0, fault.duplicates(), "idempotence: nothing written twice; " + fault.line());
        assertTrue(fault.maxAckGapMs() > 0 && fault.maxAckGapMs() < 10_000, fault.line());
        assertEquals(fault.acked(), Arrays.stream(fault.acksPerBucket()).sum(), "the timeline holds every acknowledgement");
        assertTrue(fault.acksPerBucket().length >= 95, "100 ms buckets over a 10 s trial: " + fault.acksPerBucket().length);
        RunFigures figures = RunFigures.of(result);
        assertEquals(fault.maxAckGapMs(), figures.metrics().get(Metric.FAILOVER).value(), 0.1, "the gated failover window");
        assertEquals(3, leaderAndIsr(topic).size(), "the next trial starts from three replicas in sync again");
        // Around the stopped leader: the controller shrank partition 0's ISR to the two others, then expanded it again.
        List<FaultFigures.IsrChange> isr = fault.isrChanges();
        assertTrue(isr.size() >= 2, "a shrink and an expand: " + fault.line());
        assertEquals(2, isr.get(0).isr().size(), fault.line());
        assertTrue(!isr.get(0).isr().contains(leader) && isr.get(0).atMs() >= fault.stopMs(), "shrunk once it stopped: " + fault.line());
        assertEquals(3, isr.get(isr.size() - 1).isr().size(), "all three back in sync: " + fault.line());
        assertTrue(isr.get(isr.size() - 1).atMs() >= fault.restartMs(), "expanded after its restart: " + fault.line());
        assertTrue(fault.line().contains("; ISR of partition 0: [" ), fault.line());
    }

    @Test
    @Timeout(240)
    void killingTheOnlyInSyncReplicaRefusesSendsAndClaimsNothingLost() throws Exception {
        String topic = topics.create("fault-only-isr", 1, (short) 1, Map.of());
        ProduceScenario scenario = ProduceScenario.builder("fault-only-isr").brokers(3).partitions(1).replicationFactor((short) 1)
                .recordSize(512).recordsPerSecond(1_000).trialDuration(Duration.ofSeconds(10)).trials(1).warmup(SHORT_WARMUP)
                .producerProperty("acks", "1").producerProperty("enable.idempotence", "false")
                .producerProperty("delivery.timeout.ms", "2000").producerProperty("request.timeout.ms", "1000")
                .producerProperty("linger.ms", "0")
                .fault(FaultSpec.of(FaultSpec.Kind.KILL, "leader-of-partition-0", Duration.ofSeconds(2), Duration.ofSeconds(5)))
                .build();

        ProduceResult result = new ProduceWorkload(cluster, System.out).run(scenario, topic);

        FaultFigures fault = result.trials().get(0).fault();
        assertTrue(fault.stoppedOnlyInSyncReplica(), "the scenario says it stopped the only in-sync replica: " + fault.isrBefore());
        assertTrue(fault.refused() > 0, "sends to an offline partition are refused: " + fault.line());
        assertNotNull(fault.firstRefusal(), fault.line());
        assertEquals(0, fault.lost(), "a refused send is not a lost record: " + fault.line());
        assertEquals(result.trials().get(0).records(), fault.acked() + fault.refused(), fault.line());
        assertTrue(fault.maxAckGapMs() >= 2_000, "nothing was acknowledged while the only replica was down: " + fault.line());
    }

    private static int leaderOfPartition0(String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic)
                    .partitions().get(0).leader().id();
        }
    }

    private static List<Integer> leaderAndIsr(String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            return admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic)
                    .partitions().get(0).isr().stream().map(org.apache.kafka.common.Node::id).toList();
        }
    }
}
