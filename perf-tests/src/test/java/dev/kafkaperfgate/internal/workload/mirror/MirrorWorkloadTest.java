package dev.kafkaperfgate.internal.workload.mirror;

import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.figures.GatedLatency;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.spec.MirrorSpec;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mirror scenario on two process brokers: MirrorMaker 2 in dedicated mode reading the source
 * across a 30 ms link, every record counted at the target, the lag measured; and a MirrorMaker 2
 * that never replicates, ended within its bound with one message and stopped.
 */
// Slow tier: two clusters, a slow link and MirrorMaker 2 processes (about 45 s).
@SlowTier
class MirrorWorkloadTest {

    private static final WarmupPolicy SHORT_WARMUP = new WarmupPolicy(Duration.ofSeconds(2), Duration.ofSeconds(4),
            Duration.ofMillis(500), 2, 0.5);

    private static ProcessBroker source;
    private static ProcessBroker target;
    private static String classpath;
    private static GateTopics topics;

    @BeforeAll
    static void startClusters() {
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS);
        source = ProcessBroker.start(settings, "test: source");
        target = ProcessBroker.start(settings, "test: target");
        classpath = new BrokerPool(count -> source, System.out).kafkaClasspath();
        topics = new GateTopics(source);
    }

    @AfterAll
    static void stopClusters() {
        if (topics != null) {
            topics.close();
        }
        if (source != null) {
            source.close();
        }
        if (target != null) {
            target.close();
        }
    }

    private static ProduceScenario scenario(String name) {
        return ProduceScenario.builder(name).recordSize(2048).recordsPerSecond(300).trialDuration(Duration.ofSeconds(5)).trials(1)
                .warmup(SHORT_WARMUP).producerProperty("acks", "all").producerProperty("linger.ms", "0")
                .network(new NetworkSpec(Duration.ofMillis(30), 0))
                .mirror(new MirrorSpec(Map.of("linger.ms", "5", "compression.type", "lz4"), Map.of()))
                .build();
    }

    @Test
    @Timeout(240)
    void mirrorMaker2ReplicatesEveryRecordOnceAcrossTheLinkAndTheLagIsMeasured() {
        String topic = topics.create("mirror-ok", 1, (short) 1, Map.of());
        ProduceResult result = new MirrorWorkload(source, target, classpath, System.out, NanoClock.SYSTEM, null, InjectedCost.NONE)
                .run(scenario("mirror-ok"), Map.of(), topic);

        assertEquals(WorkloadKind.MIRROR, result.workload());
        TrialFigures trial = result.trials().get(0);
        assertNotNull(trial.endToEnd(), "the lag histogram");
        // The reader waited for every record of the trial (a missing or doubled one fails the scenario): all arrived once.
        assertEquals(trial.records(), trial.endToEnd().getTotalCount(), "one lag sample per record sent");
        assertTrue(trial.endToEnd().getValueAtPercentile(50) >= 15_000,
                "a record crosses the 30 ms link at least one way: p50 lag " + trial.endToEnd().getValueAtPercentile(50) + " µs");
        assertNotNull(result.broker().link(), "the result records the link it measured");
        assertEquals("source-mirrormaker", result.broker().link().path());
        RunFigures figures = RunFigures.of(result);
        assertEquals(trial.endToEnd().getValueAtPercentile(99), figures.metrics().get(Metric.P99).value(), 0.0,
                "the gated p99 is the lag's");
        // Replication throughput: 300 records/s offered for 5 s, and MirrorMaker 2 keeps up with that.
        Delivery replicated = trial.delivery();
        assertEquals(trial.records(), replicated.records());
        assertEquals(trial.records() * 2048, replicated.bytes(), "every record's 2 KiB value arrived");
        assertTrue(replicated.recordsPerSecond() > 240 && replicated.recordsPerSecond() < 400,
                "records/s arriving at the target, first read to last: " + replicated.recordsPerSecond());
        assertEquals(replicated.recordsPerSecond(), figures.metrics().get(Metric.THROUGHPUT).value(), 1e-9,
                "a mirror's gated throughput is its replication throughput");
        assertEquals(GatedLatency.MIRROR_LAG, figures.latency());
    }

    @Test
    @Timeout(180)
    void aMirrorMakerThatNeverReplicatesEndsTheScenarioWithinItsBoundAndIsStopped() {
        String topic = topics.create("mirror-never", 1, (short) 1, Map.of());
        MirrorWorkload workload = new MirrorWorkload(source, target, classpath, System.out, NanoClock.SYSTEM, null, InjectedCost.NONE)
                .withTestHooks(Duration.ofSeconds(25), Map.of("source->target.topics", "kpg-no-topic-matches"));
        long start = System.nanoTime();
        ScenarioFailedException failed = assertThrows(ScenarioFailedException.class,
                () -> workload.run(scenario("mirror-never"), Map.of(), topic));
        double seconds = (System.nanoTime() - start) / 1e9;

        assertTrue(failed.getMessage().contains("did not create source." + topic) && failed.getMessage().contains("replicated nothing"),
                failed.getMessage());
        assertTrue(failed.getMessage().contains("Last lines of its log"), "the message carries MirrorMaker 2's log: " + failed.getMessage());
        assertTrue(seconds < 90, "bounded: " + seconds + " s");
        long pid = Long.parseLong(failed.getMessage().replaceAll("(?s).*MirrorMaker 2 \\(pid (\\d+)\\).*", "$1"));
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "MirrorMaker 2 was stopped");
    }
}
