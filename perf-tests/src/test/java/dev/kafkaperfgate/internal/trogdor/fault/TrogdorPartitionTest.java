package dev.kafkaperfgate.internal.trogdor.fault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.SlowTier;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.container.DockerProbe;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.stored.ScenarioRunner;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Trogdor's own NetworkPartitionFault, where it is safe on a shared machine: a 3-broker container
 * cluster, each broker in its own network namespace, one Trogdor agent entered into each. The
 * leader of partition 0 is cut off from its peers mid-trial and healed; the gate sees the DROP
 * rules itself, accounts for every record (none lost, none duplicated), and this machine's own
 * firewall is never touched.
 */
// Slow tier: three broker containers, a coordinator and three agents, a 30 s trial (about 2 minutes).
@SlowTier
@Timeout(900)
class TrogdorPartitionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    private static KafkaBroker cluster;

    @BeforeAll
    static void startCluster() {
        BrokerSettings settings = BrokerSettings.fromSystemProperties().withMode(BrokerMode.CONTAINER).withBrokers(3);
        Optional<String> problem = DockerProbe.engineProblem().or(() -> DockerProbe.imagePresent(settings.image()) ? Optional.empty()
                : Optional.of("image " + settings.image() + " is absent (scripts/build-kafka-image.sh, -Dperf.broker.image)"));
        if (problem.isPresent() && settings.requireContainer()) {
            fail("container tests are required (-Dperf.require.container=true) but cannot run: " + problem.get());
        }
        assumeTrue(problem.isEmpty(), () -> "partition test skipped: " + problem.get());
        cluster = BrokerSelector.start(settings, System.out);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aLeaderCutOffFromItsPeersByTrogdorLosesNothingAndTheCutIsSeenInItsOwnNamespace() throws Exception {
        String hostRulesBefore = hostInputRules();
        Path file = Files.writeString(dir.resolve("trogdor-partition-leader.yaml"), """
                name: trogdor-partition-leader
                workload: produce
                tags: [nightly]
                cluster: {brokers: 3}
                topic: {partitions: 3, replication.factor: 3, configs: {min.insync.replicas: "2"}}
                duration: 30s
                record.size: 1024
                rate: 1000
                producer: {acks: all, enable.idempotence: "true", linger.ms: 5, batch.size: 16384, compression.type: none, delivery.timeout.ms: 90000, request.timeout.ms: 5000}
                warmup: {min: 2s, max: 2s, window: 1s}
                trials: 1
                fault: {partition-broker: leader-of-partition-0, at: 4s, heal-after: 15s}
                """);
        List<ValidationError> errors = new ArrayList<>();
        Scenario scenario = ScenarioFileParser.parse(file, errors).get(0);
        assertEquals(List.of(), errors);

        Path results = dir.resolve("partition");
        ScenarioRunner runner = new ScenarioRunner(new BrokerPool(cluster, count -> {
            throw new AssertionError("nothing here regresses: no re-run on a fresh cluster");
        }, System.out), results, null, System.out);
        runner.begin("nightly", List.of(scenario), BaselineStore.load(dir.resolve("baselines"), "partition-test",
                List.of(scenario.name())), GateSettings.of(Map.of(GateProperties.PROFILE, "partition-test", GateProperties.ALLOW_UNJUDGED, "true")));
        try {
            runner.run(scenario);
        } finally {
            runner.finish();
        }

        JsonNode fault = JSON.readTree(results.resolve("trogdor-partition-leader.json").toFile()).at("/trials/0/fault");
        assertEquals("partition-broker", fault.get("action").asText(), fault.toString());
        // Planned at 4 s; the rules seen in the leader's namespace once its agent ran iptables, and gone once the 15 s were over.
        assertEquals(4_000, fault.get("stopMs").asLong(), fault.toString());
        assertTrue(fault.get("stoppedMs").asLong() >= 3_900 && fault.get("stoppedMs").asLong() < 14_000, fault.toString());
        assertTrue(fault.get("restartMs").asLong() >= 18_900 && fault.get("restartMs").asLong() < 30_000, fault.toString());
        assertEquals(0, fault.get("lost").asLong(), "acks=all: nothing acknowledged is lost; " + fault);
        assertEquals(0, fault.get("duplicates").asLong(), "idempotence: nothing written twice; " + fault);
        assertTrue(fault.get("acked").asLong() > 20_000, fault.toString());
        // acks=all: the cut-off leader's followers cannot fetch, so its acknowledgements stop until it is fenced or healed.
        assertTrue(fault.get("maxAckGapMs").asDouble() > 1_000, fault.toString());

        // No rule is left in any broker's namespace, and this machine's own firewall is as it was.
        BrokerNodes nodes = cluster.nodes().orElseThrow();
        for (int id = 1; id <= 3; id++) {
            long pid = nodes.networkNamespace(id).orElseThrow().pid();
            assertTrue(!namespaceRules(pid).contains("-j DROP"), "broker " + id + " still has DROP rules: " + namespaceRules(pid));
        }
        assertEquals(hostRulesBefore, hostInputRules(), "the partition never touches this machine's own INPUT chain");
    }

    private static String hostInputRules() throws IOException, InterruptedException {
        return output(List.of("iptables", "-S", "INPUT"));
    }

    private static String namespaceRules(long pid) throws IOException, InterruptedException {
        return output(List.of("nsenter", "--target", Long.toString(pid), "--net", "--", "iptables", "-S", "INPUT"));
    }

    private static String output(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
