package dev.kafkaperfgate.internal.broker.process;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.CommandLines;
import dev.kafkaperfgate.internal.broker.ForkedJvm;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.KilledMidScenario;
import dev.kafkaperfgate.internal.broker.OrphanedBrokerMain;
import dev.kafkaperfgate.internal.broker.RecordsOnTopic;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.environment.Affinity;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The process broker: the Maven Central broker jars in a JVM of their own. */
class ProcessBrokerTest {

    private static final BrokerSettings SETTINGS = BrokerSettings.fromSystemProperties().withMode(BrokerMode.PROCESS);

    @Test
    @Timeout(180)
    void everyProducedRecordIsAcknowledgedAndCanBeConsumedBack() {
        try (KafkaBroker broker = BrokerSelector.start(SETTINGS, System.out);
             GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create("contract", 2, (short) 1, Map.of());
            ProduceScenario scenario = ProduceScenario.builder("process-contract")
                    .recordSize(512)
                    .recordsPerTrial(20_000)
                    .trials(2)
                    .warmup(new WarmupPolicy(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofMillis(500), 2, 0.5))
                    .producerProperty("acks", "all")
                    .producerProperty("delivery.timeout.ms", "20000").producerProperty("request.timeout.ms", "10000")
                    .producerProperty("compression.type", "lz4")
                    .build();
            BrokerJmx jmx = broker.jmx().orElseThrow(() -> new AssertionError("a process broker's JMX is reached through the Attach API"));
            BrokerJmx.Snapshot before = jmx.snapshot();
            Map<String, Double> settingsBefore = jmx.settingsRequests();
            ProduceResult result = new ProduceWorkload(broker, System.out).run(scenario, topic);
            Map<String, Double> brokerSide = jmx.snapshot().since(before);
            // The gate's own measurement sends no settings request; a client that alters a topic is counted (issue 58 item 7).
            assertEquals(settingsBefore, jmx.settingsRequests(), "a produce workload changes no settings");
            try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(
                    Map.of("bootstrap.servers", broker.bootstrapServers()))) {
                admin.incrementalAlterConfigs(Map.of(new org.apache.kafka.common.config.ConfigResource(
                                org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic),
                        List.of(new org.apache.kafka.clients.admin.AlterConfigOp(new org.apache.kafka.clients.admin.ConfigEntry(
                                "max.message.bytes", "2048"), org.apache.kafka.clients.admin.AlterConfigOp.OpType.SET))))
                        .all().get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError("could not alter the topic: " + e, e);
            }
            // Counted once where the client sent it and once where the controller took it (one JVM here: combined mode).
            assertTrue(jmx.settingsRequests().getOrDefault("IncrementalAlterConfigs", 0.0)
                    > settingsBefore.getOrDefault("IncrementalAlterConfigs", 0.0), "the alteration, by the broker's own count");
            assertEquals(List.of(20_000L, 20_000L), result.trials().stream().map(TrialFigures::records).toList());
            result.trials().forEach(trial -> assertEquals(trial.records(), trial.service().getTotalCount(),
                    "one latency per acknowledged record"));
            // The producer's own records-per-request-avg (shown base against head in paired mode) agrees with the
            // workload's count of records over produce requests. Kafka's average spans its sample windows
            // (up to a minute, so the warm-up too), hence a tolerance rather than equality.
            result.trials().forEach(trial -> {
                Double own = trial.cost().client().get("records-per-request-avg");
                assertTrue(own != null && own > 0, "the producer reports records-per-request-avg: " + trial.cost().client());
                assertEquals(trial.cost().recordsPerRequest(), own, trial.cost().recordsPerRequest() * 0.35,
                        "records per request, the producer's own against records sent / produce requests");
                assertTrue(trial.cost().client().containsKey("batch-size-avg"), trial.cost().client().toString());
            });
            long produced = result.warmup().records() + 40_000;
            // The broker's side: it received exactly what the workload counted, in produce requests that took it some time.
            assertEquals(produced, brokerSide.get("messages-in"), 0.0, "messages in, by the broker's own count: " + brokerSide);
            // Each trial's own broker side (stored mode's result files and report): exactly the trial's records.
            result.trials().forEach(trial -> {
                assertEquals(trial.records(), trial.brokerSide().get("messages-in"), 0.0, trial.brokerSide().toString());
                assertTrue(trial.brokerSide().get("process-cpu-ms") > 0, "the broker JVM's own CPU: " + trial.brokerSide());
                assertEquals(0.0, trial.brokerSide().get("isr-shrinks"), trial.brokerSide().toString());
            });
            assertTrue(brokerSide.containsKey("produce-requests") && brokerSide.containsKey("bytes-in"), brokerSide.toString());
            assertTrue(brokerSide.get("produce-requests") > 0 && brokerSide.get("bytes-in") > 0, brokerSide.toString());
            assertTrue(brokerSide.get("produce-TotalTimeMs-mean") >= 0, brokerSide.toString());
            double idle = brokerSide.get("request-handler-idle-percent");
            assertTrue(idle > 0 && idle <= 100, "request handlers idle part of the time: " + brokerSide);
            assertEquals(0.0, brokerSide.get("under-replicated-partitions"), brokerSide.toString());
            assertEquals(produced, RecordsOnTopic.consumeAll(broker, topic, Duration.ofSeconds(60)));
        }
    }

    @Test
    @Timeout(180)
    void aBrokerKilledMidScenarioEndsItWithTheCauseWithinSeconds() {
        ProcessBroker broker = (ProcessBroker) BrokerSelector.start(SETTINGS, System.out);
        try {
            BrokerUnavailableException error = KilledMidScenario.run(broker, "process-killed",
                    () -> ProcessHandle.of(broker.pid()).ifPresent(ProcessHandle::destroyForcibly));
            assertTrue(error.getMessage().contains("process broker (pid " + broker.pid() + ") exited"), error.getMessage());
        } finally {
            broker.close();
        }
        assertFalse(Files.exists(broker.dataDir()), "data directory left behind");
    }

    @Test
    @Timeout(60)
    void closeStopsTheBrokerByPidAndRemovesItsDataDirectory() {
        ProcessBroker broker = (ProcessBroker) BrokerSelector.start(SETTINGS, System.out);
        assertTrue(ProcessHandle.of(broker.pid()).map(ProcessHandle::isAlive).orElse(false));
        broker.close();
        assertFalse(ProcessHandle.of(broker.pid()).map(ProcessHandle::isAlive).orElse(false), "broker still running");
        assertFalse(Files.exists(broker.dataDir()), "data directory left behind");
        broker.close(); // idempotent
    }

    @Test
    @Timeout(60)
    void aPinnedBrokerRunsOnItsCpuSet() throws Exception {
        Properties pinned = new Properties();
        pinned.putAll(System.getProperties());
        pinned.setProperty("perf.broker.cpus", "0");
        try (ProcessBroker broker = ProcessBroker.start(BrokerSettings.from(GateSettings.of(pinned)).withMode(BrokerMode.PROCESS), "test")) {
            assertEquals("0", Affinity.of(broker.pid()));
            assertEquals("0", broker.info().cpuSet());
        }
    }

    @Test
    @Timeout(60)
    void aBrokerThatNeverBecomesReadyIsReportedAndLeavesNothingBehind() {
        // One second is less than any broker needs to start here: the start-up bound must hold.
        BrokerSettings impatient = SETTINGS.withStartupTimeout(Duration.ofSeconds(1));
        long start = System.nanoTime();
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                () -> ProcessBroker.start(impatient, "test"));
        assertTrue(error.getMessage().startsWith("process broker did not become ready within 1 s"), error.getMessage());
        assertTrue(error.getMessage().contains("-Dperf.broker.startup.timeout"), error.getMessage());
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(40).toNanos(), "start-up bound not held");
        assertNoBrokerProcessLeft();
    }

    @Test
    @Timeout(60)
    void aBrokerThatDiesDuringStartUpIsReportedWithItsLog() {
        // A 1 MiB heap cannot hold the broker: the JVM exits at once.
        BrokerSettings starved = SETTINGS.withJvmFlags(dev.kafkaperfgate.internal.settings.machine.JvmFlags.of("-Xms1m -Xmx1m"));
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class,
                () -> ProcessBroker.start(starved, "test"));
        assertTrue(error.getMessage().matches("(?s)process broker \\(pid \\d+\\) exited with code \\d+\\. Last lines of its log .*"),
                error.getMessage());
        assertNoBrokerProcessLeft();
    }

    @Test
    @Timeout(60)
    void aFailureAfterTheBrokerProcessStartedStopsThatProcessAndRemovesItsDirectory() {
        java.util.concurrent.atomic.AtomicLong brokerPid = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicReference<java.nio.file.Path> dataDir = new java.util.concurrent.atomic.AtomicReference<>();
        BrokerUnavailableException error = assertThrows(BrokerUnavailableException.class, () -> ProcessBroker.start(SETTINGS, "test",
                (pid, dir) -> {
                    brokerPid.set(pid);
                    dataDir.set(dir);
                    throw new java.io.IOException("watchdog cannot start (injected)");
                }));
        assertTrue(error.getMessage().contains("watchdog cannot start (injected)"), error.getMessage());
        assertTrue(brokerPid.get() > 0, "the broker process had started");
        assertFalse(ProcessHandle.of(brokerPid.get()).map(ProcessHandle::isAlive).orElse(false),
                "the spawned broker (pid " + brokerPid.get() + ") was left running");
        assertFalse(java.nio.file.Files.exists(dataDir.get()), dataDir.get() + " was left behind");
        assertNoBrokerProcessLeft();
    }

    private static void assertNoBrokerProcessLeft() {
        assertTrue(ProcessHandle.current().descendants().noneMatch(CommandLines::isBroker), "a broker process was left running");
    }

    @Test
    @Timeout(120)
    void aTestJvmKilledWithoutShutdownHooksTakesItsBrokerWithIt() throws Exception {
        Path output = Files.createTempFile("kpg-orphan-", ".log");
        Process testJvm = ForkedJvm.start(OrphanedBrokerMain.class, Map.of(), output);
        String line = awaitLine(output, "broker-pid=", Duration.ofSeconds(60));
        long brokerPid = Long.parseLong(line.replaceAll(".*broker-pid=(\\d+).*", "$1"));
        Path dataDir = Path.of(line.replaceAll(".*data-dir=(\\S+).*", "$1"));
        assertTrue(Files.isDirectory(dataDir));

        testJvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL: no shutdown hook runs

        long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
        while ((ProcessHandle.of(brokerPid).map(ProcessHandle::isAlive).orElse(false) || Files.exists(dataDir))
                && System.nanoTime() < deadline) {
            sleep(Duration.ofMillis(250));
        }
        assertFalse(ProcessHandle.of(brokerPid).map(ProcessHandle::isAlive).orElse(false), "orphaned broker still running");
        assertFalse(Files.exists(dataDir), "orphaned broker's data directory left behind");
        Files.deleteIfExists(output);
    }

    private static String awaitLine(Path file, String marker, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.contains(marker)) {
                    return line;
                }
            }
            sleep(Duration.ofMillis(200));
        }
        throw new AssertionError("no line with " + marker + " within " + timeout + ":\n" + Files.readString(file));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
