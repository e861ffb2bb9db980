package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.spec.FaultSpec;

import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenarioFileParserTest {

    private static final String VALID = """
            name: producer-1k
            description: Fixed-rate producer
            tags: [pr, nightly]
            workload: produce
            topic:
              partitions: 3
              configs:
                min.insync.replicas: "1"
            duration: 15s
            record.size: 1024
            rate: 20000
            producer:
              acks: "1"
              linger.ms: 0
              batch.size: 16384
              compression.type: none
            thresholds:
              throughput: -5%
              p99: +30%
            """;

    @TempDir
    Path dir;

    @Test
    void aValidFileBecomesOneScenario() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("ok.yaml", VALID), errors);
        assertEquals(List.of(), errors);
        Scenario scenario = scenarios.get(0);
        assertEquals("producer-1k", scenario.name());
        assertEquals(List.of("pr", "nightly"), scenario.tags());
        assertEquals(3, scenario.produce().partitions());
        assertEquals(20_000, scenario.produce().recordsPerSecond());
        assertEquals("0", scenario.produce().producer().get("linger.ms"));
        assertEquals(new Thresholds(5, 30, 10, 10, 10, 10, 25, Double.NaN, Double.NaN), scenario.thresholds().orDefaults(Thresholds.DEFAULT));
        assertNull(scenario.sweptValue());
        assertEquals(1, scenario.line());
    }

    /** Issue 82: a scenario states its latency budget as a team thinks of it; a budget that is no duration is refused, named. */
    @Test
    void aLatencyBudgetIsReadAsMicrosecondsAndABadOneIsRefused() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        Scenario scenario = ScenarioFileParser.parse(write("budget.yaml", VALID + "latency: {p99.max: 5ms}\n"), errors).get(0);
        assertEquals(List.of(), errors);
        assertEquals(5_000, scenario.thresholds().p99MaxMicros(), 1e-9);
        assertEquals(5_000, scenario.thresholds().orDefaults(Thresholds.PAIRED).p99MaxMicros(), 1e-9, "the defaults set no budget");
        assertTrue(Double.isNaN(ScenarioFileParser.parse(write("none.yaml", VALID), new ArrayList<>()).get(0).thresholds().p99MaxMicros()));
        List<ValidationError> bad = new ArrayList<>();
        ScenarioFileParser.parse(write("bad.yaml", VALID + "latency: {p99.max: fast, p50.max: 1ms}\n"), bad);
        assertEquals(2, bad.size(), bad.toString());
        assertTrue(bad.toString().contains("latency.p50.max"), bad.toString());
        assertTrue(bad.toString().contains("latency.p99.max"), bad.toString());
    }

    @Test
    void aSweepExpandsToOneScenarioPerValue() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("sweep.yaml", VALID + """
                sweep:
                  parameter: producer.batch.size
                  values: [8192, 32768]
                """), errors);
        assertEquals(List.of(), errors);
        assertEquals(List.of("producer-1k[batch.size=8192]", "producer-1k[batch.size=32768]"),
                scenarios.stream().map(Scenario::name).toList());
        assertEquals("32768", scenarios.get(1).produce().producer().get("batch.size"));
        assertEquals("producer-1k", scenarios.get(1).group());
        assertEquals("batch.size", scenarios.get(1).sweptParameter());
        assertEquals(22, scenarios.get(1).line(), "the line of its sweep value");
    }

    @Test
    void everyProblemOfAFileIsReportedWithLineAndField() throws IOException {
        Path file = write("bad.yaml", """
                name: producer-1k
                tags: [pr, Weekly]
                workload: produce
                recrods: 1000
                record.size: 1024
                rate: fast
                trials: three
                producer:
                  acks: "2"
                  linger.msec: 5
                  batch.size: 16384
                  compression.type: none
                """);
        List<ValidationError> errors = new ArrayList<>();
        assertEquals(List.of(), ScenarioFileParser.parse(file, errors));
        List<String> lines = errors.stream().map(error -> error.toString().substring(file.toString().length())).toList();
        assertEquals(List.of(
                ":4: recrods: unknown key (did you mean 'records'?); allowed here: name, description, tags, workload, cluster, topic, "
                        + "records, duration, record.size, payload.file, record.source, compressibility, rate, producer.config, producer, "
                        + "producer.factory, consumer.config, consumer, warmup, trials, thresholds, latency, sweep, fault, network, mirror, trogdor",
                ":2: tags: tag 'Weekly' may only hold lower-case letters, digits, '_' and '-', starting with a letter or digit",
                ":1: records: set exactly one of records (per trial) and duration (per trial)",
                ":6: rate: must be a number, got 'fast'",
                ":9: producer.acks: is rejected by ProducerConfig: Invalid value 2 for configuration acks: String must be one of: all, -1, 0, 1",
                ":10: producer.linger.msec: is not a ProducerConfig key (typo?) (did you mean 'linger.ms'?)",
                ":8: producer.linger.ms: must be set: defaults change between kafka-clients versions (linger.ms went from 0 to 5 in 4.0), "
                        + "and an unpinned default makes an upgrade look like a regression",
                ":7: trials: must be a whole number, got 'three'"), lines);
    }

    @Test
    void oddYamlNumbersAndHugeDurationsAreFieldErrorsNotStackTraces() throws IOException {
        for (String[] odd : new String[][] {
                {"rate: .inf", "rate: must be a plain decimal number, got '.inf'"},
                {"rate: .nan", "rate: must be a plain decimal number, got '.nan'"},
                {"rate: 0x10", "rate: must be a plain decimal number, got '0x10'"},
                {"duration: 999999999999999999m", "duration: '999999999999999999m' is not a duration; write e.g. 500ms, 15s or 2m (at most 9 digits)"},
                {"duration: 999999999m", "duration: must be at most 24h (1440m), got '999999999m'"}}) {
            List<ValidationError> errors = new ArrayList<>();
            String text = VALID.replace("rate: 20000", odd[0].startsWith("rate") ? odd[0] : "rate: 20000")
                    .replace("duration: 15s", odd[0].startsWith("duration") ? odd[0] : "duration: 15s");
            ScenarioFileParser.parse(write("odd.yaml", text), errors);
            assertEquals(List.of(odd[1]), errors.stream().map(error -> error.field() + ": " + error.message()).toList(), odd[0]);
        }
    }

    @Test
    void credentialsAreRefusedBecauseSettingsArePublished() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("secret.yaml", VALID.replace("  compression.type: none\n",
                "  compression.type: none\n  sasl.jaas.config: \"org.apache.kafka.common.security.plain.PlainLoginModule required password=hunter2;\"\n"
                        + "  ssl.truststore.password: changeit\n")), errors);
        assertEquals(List.of("producer.sasl.jaas.config", "producer.ssl.truststore.password"),
                errors.stream().map(ValidationError::field).sorted().toList(), errors.toString());
        assertTrue(errors.get(0).message().startsWith("is a security setting"), errors.toString());
    }

    @Test
    void brokenYamlIsReportedAtItsLine() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("broken.yaml", "name: a\ntags: [pr\nworkload: produce\n"), errors);
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).message().startsWith("not valid YAML"), errors.get(0).toString());
        assertTrue(errors.get(0).line() >= 2, errors.get(0).toString());
    }

    @Test
    void aDuplicateKeyNamesBothLines() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("dup.yaml", VALID + "trials: 2\ntrials: 3\n"), errors);
        assertEquals(List.of("trials: duplicate key (first at line 20)"),
                errors.stream().map(error -> error.field() + ": " + error.message()).toList());
        assertEquals(21, errors.get(0).line());
    }

    @Test
    void aBadSweepValueIsReportedAtTheValue() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("sweep.yaml", VALID + """
                sweep:
                  parameter: producer.compression.type
                  values:
                    - gzip
                    - brotli
                """), errors);
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(24, errors.get(0).line());
        assertTrue(errors.get(0).message().startsWith("'brotli' for compression.type is rejected by ProducerConfig"), errors.toString());
    }

    @Test
    void aCombinationKafkaProducerWouldRejectIsReportedBeforeTheRun() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("inflight.yaml", VALID.replace("  acks: \"1\"", "  acks: all") + """
                sweep:
                  parameter: producer.max.in.flight.requests.per.connection
                  values: [1, 10]
                """), errors);
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(22, errors.get(0).line());
        assertTrue(errors.get(0).message().startsWith("KafkaProducer would reject these producer properties: "
                + "To use the idempotent producer, max.in.flight.requests.per.connection must be set to at most 5"), errors.toString());
    }

    @Test
    void unknownTopicConfigsAndWorkloadsAreRejected() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("x.yaml", VALID.replace("min.insync.replicas", "min.insync.replica")
                .replace("workload: produce", "workload: stream")), errors);
        assertEquals(List.of("workload", "topic.configs.min.insync.replica"), errors.stream().map(ValidationError::field).toList());
        assertTrue(errors.get(1).message().startsWith("unknown key (did you mean 'min.insync.replicas'?)"), errors.toString());
    }

    @Test
    void aClusterScenarioReplicatesUpToItsSizeAndSweepsPartitions() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("cluster.yaml", VALID
                .replace("topic:\n  partitions: 3\n", "cluster: {brokers: 3}\ntopic:\n  replication.factor: 3\n")
                .replace("min.insync.replicas: \"1\"", "min.insync.replicas: \"2\"") + """
                sweep: {parameter: topic.partitions, values: [1, 3]}
                """), errors);
        assertEquals(List.of(), errors);
        assertEquals(List.of("producer-1k[partitions=1]", "producer-1k[partitions=3]"), scenarios.stream().map(Scenario::name).toList());
        assertEquals(List.of(1, 3), scenarios.stream().map(scenario -> scenario.produce().partitions()).toList());
        assertEquals(3, scenarios.get(1).produce().brokers());
        assertEquals(3, scenarios.get(1).produce().replicationFactor());
    }

    @Test
    void replicationBeyondTheClusterAndAnUnreachableMinInsyncReplicasAreRefusedBeforeTheRun() throws IOException {
        List<ValidationError> single = new ArrayList<>();
        ScenarioFileParser.parse(write("rf3.yaml", VALID.replace("partitions: 3", "replication.factor: 3")), single);
        assertEquals(1, single.size(), single.toString());
        assertTrue(single.get(0).message().contains("replication factor 3 needs a cluster of at least 3 brokers "
                + "(cluster: {brokers: 3}), got 1"), single.toString());

        List<ValidationError> minIsr = new ArrayList<>();
        ScenarioFileParser.parse(write("isr.yaml", VALID.replace("topic:\n", "cluster: {brokers: 3}\ntopic:\n  replication.factor: 2\n")
                .replace("min.insync.replicas: \"1\"", "min.insync.replicas: \"3\"")), minIsr);
        assertEquals(1, minIsr.size(), minIsr.toString());
        assertTrue(minIsr.get(0).message().contains("min.insync.replicas 3 is more than the replication factor 2: "
                + "every acks=all send would be refused"), minIsr.toString());

        List<ValidationError> cluster = new ArrayList<>();
        ScenarioFileParser.parse(write("big.yaml", VALID.replace("topic:\n", "cluster: {brokers: 9, racks: 3}\ntopic:\n")), cluster);
        assertEquals(List.of("cluster.racks", "cluster.brokers"), cluster.stream().map(ValidationError::field).toList(), cluster.toString());
    }

    @Test
    void aFaultStopsTheLeaderOfAPartitionOfANightlyClusterScenario() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("fault.yaml", FAULT_BASE + """
                fault: {kill-broker: leader-of-partition-2, at: 20s, restart-after: 5s}
                """), errors);
        assertEquals(List.of(), errors);
        FaultSpec fault = scenarios.get(0).produce().fault();
        assertEquals(new FaultSpec(FaultSpec.Kind.KILL, 2, -1, Duration.ofSeconds(20), Duration.ofSeconds(5)), fault);
        assertEquals("kill-broker", fault.action());
    }

    @Test
    void aFaultThatCannotHappenIsRefusedNamingWhy() throws IOException {
        assertEquals(List.of("fault: cannot run in the pr suite: a failover outlasts paired mode's trials; tag it nightly"),
                problems(FAULT_BASE.replace("tags: [nightly]", "tags: [pr, nightly]") + "fault: {stop-broker: broker-1, at: 20s}\n"));
        assertEquals(List.of("fault.kill-broker: set exactly one of stop-broker (a clean shutdown), kill-broker (a crash), "
                        + "pause-broker (a frozen JVM, through Trogdor) and partition-broker (cut off from the other brokers, through Trogdor)"),
                problems(FAULT_BASE + "fault: {stop-broker: broker-1, kill-broker: broker-2, at: 20s}\n"));
        assertEquals(List.of("fault.stop-broker: 'the-leader' is not a broker to stop; write leader-of-partition-N or broker-N"),
                problems(FAULT_BASE + "fault: {stop-broker: the-leader, at: 20s}\n"));
        assertEquals(List.of("fault.at: required: when in the trial the broker stops, e.g. 20s"),
                problems(FAULT_BASE + "fault: {stop-broker: broker-1}\n"));
        assertTrue(problems(FAULT_BASE + "fault: {stop-broker: broker-4, at: 50s}\n").get(0)
                .contains("fault broker-4 is not in a cluster of 3 brokers; fault at 50000 ms is not inside the trial of 40000 ms"));
        assertTrue(problems(FAULT_BASE.replace("cluster: {brokers: 3}\n", "").replace("replication.factor: 3", "replication.factor: 1")
                + "fault: {stop-broker: leader-of-partition-0, at: 20s}\n").get(0)
                .contains("a fault stops a broker: it needs a cluster (cluster: {brokers: 3}), got 1 broker"));
    }

    @Test
    void aPauseFreezesALeaderThroughTrogdorAndResumesItInsideTheTrial() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("pause.yaml", FAULT_BASE + """
                fault: {pause-broker: leader-of-partition-0, at: 10s, resume-after: 12s}
                """), errors);
        assertEquals(List.of(), errors);
        FaultSpec fault = scenarios.get(0).produce().fault();
        assertEquals(new FaultSpec(FaultSpec.Kind.PAUSE, 0, -1, Duration.ofSeconds(10), Duration.ofSeconds(12)), fault);
        assertEquals("pause-broker", fault.action());

        assertEquals(List.of("fault.resume-after: required with pause-broker: how long the broker stays frozen, e.g. 10s"),
                problems(FAULT_BASE + "fault: {pause-broker: broker-1, at: 10s}\n"));
        assertEquals(List.of("fault.restart-after: does not go with pause-broker, which takes resume-after"),
                problems(FAULT_BASE + "fault: {pause-broker: broker-1, at: 10s, resume-after: 5s, restart-after: 5s}\n"));
        assertEquals(List.of("fault.resume-after: does not go with stop-broker, which takes restart-after"),
                problems(FAULT_BASE + "fault: {stop-broker: broker-1, at: 10s, resume-after: 5s}\n"));
        assertTrue(problems(FAULT_BASE + "fault: {pause-broker: broker-1, at: 30s, resume-after: 15s}\n").get(0)
                .contains("fault pause-broker at 30000 ms for 15000 ms ends after the trial of 40000 ms: the broker must resume "
                        + "inside the trial"));
    }

    @Test
    void aPartitionCutsABrokerOffFromItsPeersThroughTrogdorAndHealsInsideTheTrial() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("partition.yaml", FAULT_BASE + """
                fault: {partition-broker: leader-of-partition-0, at: 10s, heal-after: 12s}
                """), errors);
        assertEquals(List.of(), errors);
        FaultSpec fault = scenarios.get(0).produce().fault();
        assertEquals(new FaultSpec(FaultSpec.Kind.PARTITION, 0, -1, Duration.ofSeconds(10), Duration.ofSeconds(12)), fault);
        assertEquals("partition-broker", fault.action());
        assertEquals(12_000, ResultFile.definition(scenarios.get(0)).at("/fault/healAfterMs").asLong());

        assertEquals(List.of("fault.heal-after: required with partition-broker: how long the broker stays cut off, e.g. 10s"),
                problems(FAULT_BASE + "fault: {partition-broker: broker-1, at: 10s}\n"));
        assertEquals(List.of("fault.resume-after: does not go with partition-broker, which takes heal-after"),
                problems(FAULT_BASE + "fault: {partition-broker: broker-1, at: 10s, heal-after: 5s, resume-after: 5s}\n"));
        assertTrue(problems(FAULT_BASE + "fault: {partition-broker: broker-1, at: 30s, heal-after: 15s}\n").get(0)
                .contains("fault partition-broker at 30000 ms for 15000 ms ends after the trial of 40000 ms: the broker must rejoin "
                        + "its peers inside the trial"));
    }

    /** A nightly mirror scenario of 15 KB records, to which a test adds its blocks. */
    private static final String MIRROR_BASE = """
            name: mirror
            tags: [nightly]
            workload: mirror
            duration: 20s
            record.size: 15360
            rate: 200
            producer: {acks: all, linger.ms: 5, batch.size: 65536, compression.type: none}
            """;

    @Test
    void aNetworkBlockIsASlowLinkOfARoundTripAndABandwidth() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("link.yaml", FAULT_BASE.replace("cluster: {brokers: 3}\n", "")
                .replace("replication.factor: 3", "replication.factor: 1") + "network: {rtt: 30ms, bandwidth: 100Mbit}\n"), errors);
        assertEquals(List.of(), errors);
        assertEquals(new dev.kafkaperfgate.internal.spec.NetworkSpec(Duration.ofMillis(30), 100_000_000), scenarios.get(0).produce().network());
        assertEquals(15, scenarios.get(0).produce().network().oneWayMillis());
        assertEquals(12_500, scenarios.get(0).produce().network().toxiproxyRateKBPerSecond(), "Toxiproxy's KB is 1000 bytes");
    }

    @Test
    void aNetworkBlockThatCannotBeBuiltIsRefusedNamingWhy() throws IOException {
        String base = FAULT_BASE.replace("cluster: {brokers: 3}\n", "").replace("replication.factor: 3", "replication.factor: 1");
        assertTrue(problems(base + "network: {rtt: 30ms, loss: 0.1%}\n").get(0)
                .startsWith("network.loss: not supported: the link is Toxiproxy, a TCP relay"));
        assertEquals(List.of("network: cannot run in the pr suite: paired mode's broker has no slow link; tag it nightly"),
                problems(base.replace("tags: [nightly]", "tags: [pr]") + "network: {rtt: 30ms}\n"));
        assertEquals(List.of("network.rtt: required: the round trip the link adds, e.g. 30ms"),
                problems(base + "network: {bandwidth: 10Mbit}\n"));
        assertEquals(List.of("network.bandwidth: must be a rate such as 100Mbit, 500Kbit or 1Gbit, got '100MB'"),
                problems(base + "network: {rtt: 30ms, bandwidth: 100MB}\n"));
        assertEquals(List.of("network.rtt: rtt must be 1ms to 10s, got 20000 ms"), problems(base + "network: {rtt: 20s}\n"));
    }

    @Test
    void aTrogdorScenarioNamesItsAgentsAndIsRefusedWhereAgentsCannotRunIt() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("trogdor.yaml", FAULT_BASE + "trogdor: {agents: 2}\n"), errors);
        assertEquals(List.of(), errors);
        assertEquals(new dev.kafkaperfgate.internal.spec.TrogdorSpec(2), scenarios.get(0).trogdor());
        // End-to-end runs on the agents too, each reading its own records back; a consume scenario's agents read its
        // pre-loaded records, so it keeps records (the pre-load), not duration.
        List<Scenario> endToEnd = ScenarioFileParser.parse(write("trogdor-e2e.yaml", FAULT_BASE.replace("workload: produce",
                "workload: end-to-end") + "consumer: {fetch.min.bytes: 1}\ntrogdor: {agents: 2}\n"), errors);
        assertEquals(List.of(), errors);
        assertEquals(2, endToEnd.get(0).trogdor().agents());
        List<Scenario> consume = ScenarioFileParser.parse(write("trogdor-consume.yaml", FAULT_BASE.replace("workload: produce",
                "workload: consume").replace("duration: 40s", "records: 100000").replace("rate: 2000\n", "")
                + "consumer: {fetch.min.bytes: 1}\ntrogdor: {agents: 2}\n"), errors);
        assertEquals(List.of(), errors);
        assertEquals(100_000, consume.get(0).produce().recordsPerTrial());
        assertEquals(2, consume.get(0).trogdor().agents());

        assertEquals(List.of("trogdor: cannot run in the pr suite: paired mode measures base and head on one machine; tag it nightly"),
                problems(FAULT_BASE.replace("tags: [nightly]", "tags: [pr]") + "trogdor: {agents: 2}\n"));
        assertEquals(List.of("records: a trogdor scenario's agents line their trials up by time: give duration, not records"),
                problems(FAULT_BASE.replace("duration: 40s", "records: 1000") + "trogdor: {agents: 2}\n"));
        assertEquals(List.of("fault: cannot be combined with trogdor: the gate's own fault acts on this machine only"),
                problems(FAULT_BASE + "fault: {stop-broker: broker-2, at: 20s}\ntrogdor: {agents: 2}\n"));
        assertEquals(List.of("trogdor.agents: required: how many Trogdor agents share the load, e.g. 2"),
                problems(FAULT_BASE + "trogdor: {}\n"));
        assertEquals(List.of("trogdor.agents: must be 1..16, got 17"), problems(FAULT_BASE + "trogdor: {agents: 17}\n"));
        assertTrue(problems(FAULT_BASE + "trogdor: {agents: 2, coordinator: x}\n").get(0).startsWith("trogdor.coordinator: unknown key"));
    }

    @Test
    void aMirrorScenarioTakesMirrorMaker2sOwnClientSettingsAndSweepsThem() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("mirror.yaml", MIRROR_BASE + """
                network: {rtt: 30ms}
                mirror:
                  producer: {compression.type: gzip, linger.ms: 50}
                  consumer: {fetch.max.bytes: 52428800}
                sweep:
                  parameter: mirror.producer.batch.size
                  values: [16384, 262144]
                """), errors);
        assertEquals(List.of(), errors);
        assertEquals(List.of("mirror[mirror.producer.batch.size=16384]", "mirror[mirror.producer.batch.size=262144]"),
                scenarios.stream().map(Scenario::name).toList());
        assertEquals(WorkloadKind.MIRROR, scenarios.get(1).workload());
        assertEquals(Map.of("compression.type", "gzip", "linger.ms", "50", "batch.size", "262144"),
                scenarios.get(1).produce().mirror().producer());
        assertEquals(Map.of("fetch.max.bytes", "52428800"), scenarios.get(1).produce().mirror().consumer());
    }

    @Test
    void aMirrorScenarioThatCannotRunIsRefusedNamingWhy() throws IOException {
        assertEquals(List.of("tags: a mirror scenario cannot run in the pr suite: paired mode starts one cluster, and a mirror needs "
                + "two and MirrorMaker 2; tag it nightly"), problems(MIRROR_BASE.replace("tags: [nightly]", "tags: [pr]")));
        assertEquals(List.of("rate: a mirror scenario replicates at a fixed rate: give records/s, not unlimited"),
                problems(MIRROR_BASE.replace("rate: 200", "rate: unlimited")));
        assertEquals(List.of("mirror.producer.linger.msec: is not a ProducerConfig key (typo?) (did you mean 'linger.ms'?)"),
                problems(MIRROR_BASE + "mirror: {producer: {linger.msec: 5}}\n"));
        assertEquals(List.of("mirror: configures MirrorMaker 2: only workload: mirror has it"),
                problems(FAULT_BASE.replace("cluster: {brokers: 3}\n", "").replace("replication.factor: 3", "replication.factor: 1")
                        + "mirror: {producer: {linger.ms: 5}}\n"));
    }

    /** A nightly 3-broker produce scenario of 40 s trials, to which a test adds its fault block. */
    private static final String FAULT_BASE = """
            name: fault
            tags: [nightly]
            workload: produce
            cluster: {brokers: 3}
            topic:
              partitions: 3
              replication.factor: 3
            duration: 40s
            record.size: 1024
            rate: 2000
            producer: {acks: all, linger.ms: 5, batch.size: 16384, compression.type: none}
            """;

    /** Each problem as "field: message". */
    private List<String> problems(String text) throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("problem.yaml", text), errors);
        return errors.stream().map(error -> error.field() + ": " + error.message()).toList();
    }

    @Test
    void aConsumeScenarioReadsWithAValidatedConsumer() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("consume.yaml", """
                name: consumer-300b
                tags: [nightly]
                workload: consume
                topic: {partitions: 3}
                records: 100000
                record.size: 300
                producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
                consumer: {fetch.min.bytes: 1, max.poll.records: 500}
                """), errors);
        assertEquals(List.of(), errors);
        Scenario scenario = scenarios.get(0);
        assertEquals(WorkloadKind.CONSUME, scenario.workload());
        assertEquals(Map.of("fetch.min.bytes", "1", "max.poll.records", "500"), scenario.consumer());
        assertEquals(100_000, scenario.produce().recordsPerTrial());
        assertFalse(scenario.produce().isRateLimited());
    }

    @Test
    void aScenarioMayGateTheBrokersFiguresWhereItsTrialsProduce() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        Scenario scenario = ScenarioFileParser.parse(write("broker.yaml", VALID.replace("  p99: +30%", "  p99: +30%\n  broker.cpu: +15%")),
                errors).get(0);
        assertEquals(List.of(), errors);
        assertEquals(15, scenario.thresholds().brokerCpuRisePercent());
        assertTrue(Double.isNaN(scenario.thresholds().orDefaults(Thresholds.PAIRED).brokerProduceTimeRisePercent()),
                "not gated unless named, in either mode");

        Path consume = write("consume-broker.yaml", """
                name: consumer-300b
                tags: [nightly]
                workload: consume
                records: 1000
                record.size: 300
                producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
                thresholds: {broker.produce.time: +20%}
                """);
        ScenarioFileParser.parse(consume, errors);
        assertEquals(List.of(
                ":7: thresholds.broker.produce.time: gates what the broker does for the records a trial produces; a consume "
                        + "scenario's trials produce none (use it with produce or end-to-end)"),
                errors.stream().map(error -> error.toString().substring(consume.toString().length())).toList());

        errors.clear();
        Path fault = write("fault-broker.yaml", """
                name: failover
                tags: [nightly]
                workload: produce
                cluster: {brokers: 3}
                topic: {partitions: 1, replication.factor: 3}
                duration: 30s
                record.size: 512
                rate: 1000
                producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none}
                fault: {stop-broker: leader-of-partition-0, at: 10s, restart-after: 10s}
                thresholds: {broker.cpu: +20%}
                """);
        ScenarioFileParser.parse(fault, errors);
        assertEquals(List.of(":11: thresholds.broker.cpu: cannot be gated with a fault: the node the fault stops is not read for the "
                + "whole trial, so no trial has the cluster's whole figure"),
                errors.stream().map(error -> error.toString().substring(fault.toString().length())).toList());
    }

    @Test
    void consumerPropertiesAreCheckedByConsumerConfig() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("consume-bad.yaml", """
                name: consumer-300b
                tags: [nightly]
                workload: consume
                duration: 10s
                record.size: 300
                rate: 5000
                producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
                consumer:
                  fetch.min.byte: 1
                  max.poll.records: 0
                  group.id: mine
                sweep: {parameter: producer.batch.size, values: [1, 2]}
                """), errors);
        assertEquals(List.of(
                ":4: duration: a consume scenario reads a pre-loaded topic: set records (how many to pre-load), not duration",
                ":6: rate: a consume scenario pre-loads as fast as the producer can: leave rate out or set unlimited",
                ":9: consumer.fetch.min.byte: is not a ConsumerConfig key (typo?) (did you mean 'fetch.min.bytes'?)",
                ":10: consumer.max.poll.records: is rejected by ConsumerConfig: Invalid value 0 for configuration max.poll.records: "
                        + "Value must be at least 1",
                ":11: consumer.group.id: is set by the harness and cannot be overridden"),
                errors.stream().map(error -> error.toString().substring(error.file().toString().length())).toList());
    }

    @Test
    void anEndToEndScenarioNeedsAFixedRateAndAProduceScenarioNoConsumer() throws IOException {
        List<ValidationError> errors = new ArrayList<>();
        ScenarioFileParser.parse(write("e2e.yaml", VALID.replace("workload: produce", "workload: end-to-end")
                .replace("rate: 20000", "rate: unlimited")), errors);
        ScenarioFileParser.parse(write("produce-consumer.yaml", VALID + "consumer: {fetch.min.bytes: 1}\n"), errors);
        assertEquals(List.of("rate: an end-to-end scenario measures latency at a fixed rate: give records/s, not unlimited",
                        "consumer: only consume and end-to-end workloads have a consumer"),
                errors.stream().map(error -> error.field() + ": " + error.message()).toList());
    }

    @Test
    void payloadFileIsReadRelativeToTheScenarioFile() throws IOException {
        Files.writeString(dir.resolve("events.txt"), "{\"id\":1}\n\n{\"id\":22}\n");
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = ScenarioFileParser.parse(write("file.yaml",
                VALID.replace("record.size: 1024", "payload.file: events.txt")), errors);
        assertEquals(List.of(), errors);
        assertEquals(dir.resolve("events.txt").toAbsolutePath(), scenarios.get(0).produce().payloadFile());

        ScenarioFileParser.parse(write("missing.yaml", VALID.replace("record.size: 1024", "payload.file: nope.txt")), errors);
        ScenarioFileParser.parse(write("both.yaml", VALID + "payload.file: events.txt\n"), errors);
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).message().startsWith("payload file ") && errors.get(0).message().endsWith("nope.txt does not exist"),
                errors.toString());
        assertEquals("payload.file: set exactly one of record.size (generated values), payload.file (values from a file) and "
                + "record.source (the team's own records)",
                errors.get(1).field() + ": " + errors.get(1).message());
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
