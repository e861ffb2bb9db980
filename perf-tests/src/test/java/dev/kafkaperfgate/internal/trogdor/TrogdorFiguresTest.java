package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.trogdor.task.AgentFigures;
import dev.kafkaperfgate.internal.trogdor.task.AgentReads;
import dev.kafkaperfgate.internal.trogdor.task.AgentTask;
import dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What travels between the gate and the agents, and how the agents' figures become the run's. */
class TrogdorFiguresTest {

    private static final ProduceScenario SCENARIO = ProduceScenario.builder("nightly-peak")
            .partitions(6).trialDuration(Duration.ofSeconds(30)).trials(3).recordSize(1024).recordsPerSecond(40_000)
            .producerProperty("acks", "all").producerProperty("linger.ms", "5")
            .warmup(new WarmupPolicy(Duration.ofSeconds(20), Duration.ofSeconds(60), Duration.ofSeconds(5), 3, 0.1))
            .build();

    @Test
    void eachAgentGetsItsShareOfTheRateAndAFixedWarmUpThatSurvivesTheSpec() {
        ProduceScenario share = AgentTask.share(SCENARIO, 2);
        assertEquals(20_000, share.recordsPerSecond(), "the rate is the agents' together");
        assertEquals(Duration.ofSeconds(20), share.warmup().min());
        assertEquals(Duration.ofSeconds(20), share.warmup().max(), "a fixed warm-up: every agent's trials start together");
        assertEquals(Duration.ofSeconds(110), AgentTask.length(share), "20 s warm-up and 3 trials of 30 s");

        AgentTask task = new AgentTask("nightly-peak", "agent-2", "broker-1:9092", "kpg-nightly-peak-1", share, WorkloadKind.PRODUCE,
                Map.of());
        AgentTask read = AgentTask.fromJson(task.toJson());
        assertEquals(task, read, "the agent runs exactly the share the gate wrote");
        AgentTask endToEnd = new AgentTask("nightly-peak", "agent-2", "broker-1:9092", "kpg-nightly-peak-agent-2", share,
                WorkloadKind.END_TO_END, Map.of("fetch.min.bytes", "1", "isolation.level", "read_committed"));
        assertEquals(endToEnd, AgentTask.fromJson(endToEnd.toJson()), "an end-to-end task carries its reader's consumer settings");
        ObjectNode older = task.toJson();
        older.remove("workload");
        older.remove("consumer");
        assertEquals(task, AgentTask.fromJson(older), "a spec without a workload is a produce task, as before");
        ObjectNode mirror = task.toJson().put("workload", "mirror");
        assertEquals("the gate's trogdor task runs produce, end-to-end or consume, got mirror",
                assertThrows(IllegalArgumentException.class, () -> AgentTask.fromJson(mirror)).getMessage());
        ObjectNode both = task.toJson().put("records", 1000);
        assertEquals("the gate's trogdor task needs exactly one of trialMs (timed trials) and records (reads)",
                assertThrows(IllegalArgumentException.class, () -> AgentTask.fromJson(both)).getMessage());
        ObjectNode unknown = task.toJson().put("workload", "replay");
        assertEquals("the gate's trogdor task has an unknown workload replay",
                assertThrows(IllegalArgumentException.class, () -> AgentTask.fromJson(unknown)).getMessage());

        ProduceScenario unlimited = ProduceScenario.builder("u").trialDuration(Duration.ofSeconds(5)).recordSize(100)
                .recordSource(null).build();
        assertEquals(ProduceScenario.UNLIMITED, AgentTask.share(unlimited, 4).recordsPerSecond(), "unlimited stays unlimited");
        ProduceScenario sourced = ProduceScenario.builder("s").trialDuration(Duration.ofSeconds(5))
                .recordSource(new RecordSourceSpec("dev.kafkaperfgate.usercode.WordRecords", Map.of("words", "1000"))).build();
        AgentTask withSource = new AgentTask("s", "agent-1", "b:9092", "t", AgentTask.share(sourced, 2), WorkloadKind.PRODUCE, Map.of());
        assertEquals(withSource, AgentTask.fromJson(withSource.toJson()), "the team's record source and its settings travel");

        ObjectNode broken = task.toJson();
        broken.remove("bootstrapServers");
        assertEquals("the gate's trogdor task has no bootstrapServers",
                assertThrows(IllegalArgumentException.class, () -> AgentTask.fromJson(broken)).getMessage());
    }

    @Test
    void anAgentsRunTravelsAsItsStatusAndABrokenStatusNamesTheAgent() {
        ProduceResult result = new ProduceResult(SCENARIO, "t", broker(), new ClientJvm("17.0.12", "OpenJDK", List.of("-Xmx1g"), 2, null),
                new WarmupSummary(400_000, 20_000_000_000L, true, "median latency µs", List.of(900.0)),
                List.of(trial(1, 600_000, 1000, 4000, 50_000, 2.0), trial(2, 590_000, 2000, 4100, 51_000, 2.0)));
        AgentFigures read = AgentFigures.fromStatus("agent-1", AgentFigures.toStatus(result));
        assertEquals(2, read.trials().size());
        TrialFigures second = read.trials().get(1);
        assertEquals(590_000, second.records());
        assertEquals(result.trials().get(1).response().getValueAtPercentile(99), second.response().getValueAtPercentile(99));
        assertEquals(4100, second.cost().cpuNsPerRecord());
        assertEquals(Map.of("records-per-request-avg", 2.0), second.cost().client());
        assertEquals("17.0.12", read.client().javaVersion());
        assertEquals(400_000, read.warmup().records());

        ObjectNode running = AgentFigures.toStatus(result);
        running.put("done", false);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentFigures.fromStatus("agent-2", running)).getMessage()
                .startsWith("agent agent-2: its task's status holds no finished run"));
        ObjectNode corrupt = AgentFigures.toStatus(result);
        ((ObjectNode) corrupt.withArray("trials").get(0)).put("service", "not a histogram");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentFigures.fromStatus("agent-2", corrupt)).getMessage()
                .startsWith("agent agent-2: trial 1's service histogram: "));
        ObjectNode empty = AgentFigures.toStatus(result);
        ((ObjectNode) empty.withArray("trials").get(1)).put("records", 0);
        assertEquals("agent agent-2: trial 2's records must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> AgentFigures.fromStatus("agent-2", empty)).getMessage());
    }

    @Test
    void theRunIsTheAgentsAddedUpTrialByTrial() {
        // Agent 1: 1 ms latencies, 4000 ns/record, 2 records/request; agent 2: 3 ms, 6000 ns/record, 1 record/request.
        AgentFigures one = new AgentFigures("agent-1", jvm(), warmup(), List.of(trial(1, 300_000, 1000, 4000, 50_000, 2.0)));
        AgentFigures two = new AgentFigures("agent-2", jvm(), warmup(), List.of(trial(1, 100_000, 3000, 6000, 40_000, 1.0)));
        TrogdorRun run = TrogdorRun.of(SCENARIO, WorkloadKind.PRODUCE, Map.of(), "t", broker(), URI.create("http://localhost:8889"), List.of(one, two));
        TrialFigures trial = run.result().trials().get(0);
        assertEquals(400_000, trial.records());
        assertEquals(400_000L * 1024, trial.bytes());
        assertEquals(one.trials().get(0).recordsPerSecond() + two.trials().get(0).recordsPerSecond(), trial.recordsPerSecond(), 1e-6,
                "the agents send at the same time: their rates add");
        assertEquals(4500, trial.cost().cpuNsPerRecord(), 1e-6, "weighted by records: (3 × 4000 + 1 × 6000) / 4");
        assertEquals(400_000 / (150_000 + 100_000.0), trial.cost().recordsPerRequest(), 1e-9, "the sums' ratio: records over requests");
        // Merged, not averaged: 3/4 of the records at 1 ms, 1/4 at 3 ms, so the p99 is agent 2's.
        assertEquals(3000, trial.response().getValueAtPercentile(99), 3000 * 0.01);
        assertEquals(1000, trial.response().getValueAtPercentile(50), 1000 * 0.01);
        assertEquals(200_000, run.result().warmup().records());

        ObjectNode json = run.toJson();
        assertEquals(2, json.withArray("perAgent").size());
        assertEquals("agent-2", json.withArray("perAgent").get(1).get("agent").asText());
        assertEquals(3000, json.withArray("perAgent").get(1).get("p99Us").asDouble(), 30);
        assertTrue(run.lines().get(0).startsWith("agent-1: 300000 records, "), run.lines().get(0));

        AgentFigures shortRun = new AgentFigures("agent-3", jvm(), warmup(), List.of(trial(1, 10, 1000, 1, 1, 1), trial(2, 10, 1000, 1, 1, 1)));
        assertTrue(assertThrows(TrogdorUnavailableException.class,
                () -> TrogdorRun.of(SCENARIO, WorkloadKind.PRODUCE, Map.of(), "t", broker(), URI.create("http://c:8889"), List.of(one, shortRun))).getMessage()
                .endsWith("agent agent-3 ran 2 trials, agent agent-1 1"));
    }

    @Test
    void anEndToEndRunMergesWhatEachAgentsReaderReceived() {
        // Agent 1's reader: 3000 records at 2 ms from send; agent 2's: 1000 at 8 ms, over a longer span.
        AgentFigures one = new AgentFigures("agent-1", jvm(), warmup(), List.of(delivered(trial(1, 3000, 1000, 4000, 50_000, 2.0), 3000, 2000,
                2_000_000_000L)));
        AgentFigures two = new AgentFigures("agent-2", jvm(), warmup(), List.of(delivered(trial(1, 1000, 3000, 6000, 40_000, 1.0), 1000, 8000,
                2_500_000_000L)));
        // What the agent reports is what the gate reads back, the reader's histogram included.
        AgentFigures travelled = AgentFigures.fromStatus("agent-1", AgentFigures.toStatus(new ProduceResult(SCENARIO, "t", broker(), jvm(),
                warmup(), one.trials())));
        assertEquals(one.trials().get(0).delivery().records(), travelled.trials().get(0).delivery().records());
        assertEquals(2000, travelled.trials().get(0).endToEnd().getValueAtPercentile(99), 20);
        ObjectNode corrupt = AgentFigures.toStatus(new ProduceResult(SCENARIO, "t", broker(), jvm(), warmup(), one.trials()));
        ((ObjectNode) corrupt.withArray("trials").get(0).get("delivery")).put("latency", "not a histogram");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentFigures.fromStatus("agent-1", corrupt)).getMessage()
                .startsWith("agent agent-1: trial 1's end-to-end latency histogram: "));

        TrogdorRun run = TrogdorRun.of(SCENARIO, WorkloadKind.END_TO_END, Map.of("fetch.min.bytes", "1"), "t", broker(),
                URI.create("http://localhost:8889"), List.of(one, two));
        assertEquals(WorkloadKind.END_TO_END, run.result().workload(), "judged and stored as an end-to-end run");
        assertEquals(Map.of("fetch.min.bytes", "1"), run.result().consumer());
        Delivery delivery = run.result().trials().get(0).delivery();
        assertEquals(4000, delivery.records());
        assertEquals(2_500_000_000L, delivery.spanNanos(), "the readers read at the same time: the longer span");
        assertEquals(8000, delivery.latency().getValueAtPercentile(99), 80, "merged: a quarter of the records at 8 ms");
        assertEquals(2000, delivery.latency().getValueAtPercentile(50), 20);
        assertEquals(8000, run.toJson().withArray("perAgent").get(1).get("endToEndP99Us").asDouble(), 80);
        assertTrue(run.lines().get(1).contains(", end-to-end p99 8"), run.lines().get(1));
    }

    @Test
    void aConsumeScenariosAgentsReadTheWholeTopicSideBySideAndTheRunIsTheirRecordsOverTheSlowestsTime() {
        ProduceScenario load = ProduceScenario.builder("nightly-read").partitions(6).recordsPerTrial(2_000_000).recordSize(300).trials(3)
                .warmup(new WarmupPolicy(Duration.ofSeconds(10), Duration.ofSeconds(45), Duration.ofSeconds(5), 3, 0.2)).build();
        // The warm-up round reads for the shortest warm-up, fixed; a trial's round is one read, no warm-up.
        ProduceScenario warmupRound = AgentTask.read(load, true);
        assertEquals(Duration.ofSeconds(10), warmupRound.warmup().max());
        assertEquals(1, warmupRound.trials());
        ProduceScenario trialRound = AgentTask.read(load, false);
        assertTrue(trialRound.warmup().isNone());
        assertEquals(2_000_000, trialRound.recordsPerTrial());
        AgentTask task = new AgentTask("nightly-read", "agent-1", "b:9092", "kpg-nightly-read", trialRound, WorkloadKind.CONSUME,
                Map.of("fetch.min.bytes", "1"));
        assertEquals(task, AgentTask.fromJson(task.toJson()), "a read travels with its record count and the reader's settings");
        assertEquals(AgentTask.READ_BOUND, AgentTask.length(trialRound), "a read is bounded, not timed");

        // Agent 1 reads 2 M records in 2 s; agent 2, beside it, in 4 s (0.5 s of it the join).
        AgentReads one = reads("agent-1", read(2_000_000, 100_000_000L, 1_900_000_000L, 700, 2.0));
        AgentReads two = reads("agent-2", read(2_000_000, 500_000_000L, 3_500_000_000L, 900, 1.0));
        AgentReads travelled = AgentReads.fromStatus("agent-2", AgentReads.toStatus(new dev.kafkaperfgate.internal.figures.ConsumeResult(
                load, Map.of(), "t", broker(), jvm(), 2_000_000, 1, warmup(), two.reads())));
        assertEquals(two.reads().get(0).fetchNanos(), travelled.reads().get(0).fetchNanos());
        assertEquals(two.reads().get(0).pollGaps().getValueAtPercentile(99), travelled.reads().get(0).pollGaps().getValueAtPercentile(99));
        ObjectNode unread = AgentReads.toStatus(new dev.kafkaperfgate.internal.figures.ConsumeResult(load, Map.of(), "t", broker(), jvm(),
                2_000_000, 1, warmup(), two.reads()));
        ((ObjectNode) unread.withArray("reads").get(0)).put("records", 0);
        assertEquals("agent agent-2: trial 1's records must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> AgentReads.fromStatus("agent-2", unread)).getMessage());

        TrogdorReads run = TrogdorReads.of(load, Map.of("fetch.min.bytes", "1"), "t", broker(), URI.create("http://c:8889"), 2_000_000,
                9_000_000_000L, List.of(one, two), List.of(List.of(one, two)));
        dev.kafkaperfgate.internal.figures.ConsumeTrialFigures trial = run.result().trials().get(0);
        assertEquals(4_000_000, trial.records(), "both agents read all of it");
        assertEquals(4.0, trial.totalSeconds(), 1e-9, "side by side from one instant: until the slower one finished");
        assertEquals(1_000_000, trial.recordsPerSecond(), 1e-6, "never more than the agents read together over that time");
        assertEquals(800, trial.cost().cpuNsPerRecord(), 1e-9, "weighted by records: (700 + 900) / 2");
        assertEquals(2_000_000, run.result().preloadRecords());
        assertEquals("agent-2", run.toJson().withArray("perAgent").get(1).get("agent").asText());
        assertTrue(run.lines().get(0).startsWith("agent-1: 2000000 records read, "), run.lines().get(0));
        // Each agent's reads are its own: rounds whose agents are not in one order are refused, never mixed up.
        assertEquals("scenario nightly-read: read 1's agent 1 is agent-2, the warm-up's agent-1: the rounds do not line up",
                assertThrows(TrogdorUnavailableException.class, () -> TrogdorReads.of(load, Map.of(), "t", broker(),
                        URI.create("http://c:8889"), 2_000_000, 1, List.of(one, two), List.of(List.of(two, one)))).getMessage());
    }

    private static AgentReads reads(String agent, dev.kafkaperfgate.internal.figures.ConsumeTrialFigures read) {
        return new AgentReads(agent, jvm(), warmup(), List.of(read));
    }

    private static dev.kafkaperfgate.internal.figures.ConsumeTrialFigures read(long records, long joinNanos, long fetchNanos, double cpuNs,
                                                                               double perRequest) {
        Histogram gaps = new Histogram(3_600_000_000L, 3);
        gaps.recordValueWithCount(2_000, 100);
        return new dev.kafkaperfgate.internal.figures.ConsumeTrialFigures(1, records, records * 300, joinNanos, fetchNanos, gaps,
                new ClientCost(cpuNs, 1000, 310, perRequest, Map.of()));
    }

    private static TrialFigures delivered(TrialFigures trial, long records, long latencyMicros, long spanNanos) {
        Histogram latency = new Histogram(3_600_000_000L, 3);
        latency.recordValueWithCount(latencyMicros, records);
        return new TrialFigures(trial.trial(), trial.records(), trial.bytes(), trial.durationNanos(), trial.recordsPerSecond(),
                trial.megabytesPerSecond(), trial.service(), trial.response(), new Delivery(latency, records, records * 1024, spanNanos),
                trial.rateHeld(), trial.cost(), null);
    }

    private static TrialFigures trial(int number, long records, long latencyMicros, double cpuNs, double allocBytes, double perRequest) {
        Histogram service = new Histogram(3_600_000_000L, 3);
        Histogram response = new Histogram(3_600_000_000L, 3);
        service.recordValueWithCount(latencyMicros, records);
        response.recordValueWithCount(latencyMicros, records);
        long nanos = 30_000_000_000L;
        return new TrialFigures(number, records, records * 1024, nanos, records * 1e9 / nanos, records * 1024 * 1e9 / nanos / (1 << 20),
                service, response, null, true, new ClientCost(cpuNs, allocBytes, 1100, perRequest,
                Map.of("records-per-request-avg", perRequest)), null);
    }

    private static ClientJvm jvm() {
        return new ClientJvm("17", "OpenJDK", List.of(), 2, null);
    }

    private static WarmupSummary warmup() {
        return new WarmupSummary(100_000, 20_000_000_000L, true, "fixed", List.of());
    }

    private static BrokerInfo broker() {
        return new BrokerInfo("process", "4.3.1", null, null, null, null, 1);
    }

    @Test
    void aCoordinatorAndItsAgentsAreSetTogetherOrNotAtAll() {
        assertNull(TrogdorSettings.from(GateSettings.of(Map.of())).coordinator(), "neither: the gate starts its own");
        TrogdorSettings existing = TrogdorSettings.from(GateSettings.of(Map.of("perf.trogdor.coordinator", "http://coord:8889",
                "perf.trogdor.agents", "agent-1, agent-2")));
        assertEquals(URI.create("http://coord:8889"), existing.coordinator());
        assertEquals(List.of("agent-1", "agent-2"), existing.agents());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TrogdorSettings.from(GateSettings.of(Map.of("perf.trogdor.coordinator",
                "http://coord:8889")))).getMessage().startsWith("-Dperf.trogdor.coordinator needs -Dperf.trogdor.agents"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TrogdorSettings.from(GateSettings.of(Map.of("perf.trogdor.agents",
                "agent-1")))).getMessage().startsWith("-Dperf.trogdor.agents names agents of a coordinator"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TrogdorSettings.from(GateSettings.of(Map.of("perf.trogdor.coordinator",
                "coord:8889", "perf.trogdor.agents", "a")))).getMessage().startsWith("-Dperf.trogdor.coordinator=coord:8889: must be"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TrogdorSettings.from(GateSettings.of(Map.of("perf.trogdor.coordinator",
                "http://c:1", "perf.trogdor.agents", "a;b")))).getMessage().startsWith("-Dperf.trogdor.agents=a;b: must be node names"));
    }

    /**
     * Trogdor reads the spec with its own Jackson, which knows no annotation of the gate's relocated
     * one: the spec is a bean of plain types, and Trogdor's own reader makes it whole (issue 80).
     */
    @Test
    void trogdorsOwnJacksonReadsTheSpecTheGateWrites() throws Exception {
        ProduceScenario share = AgentTask.share(SCENARIO, 2);
        AgentTask task = new AgentTask("nightly-peak", "agent-2", "broker-1:9092", "kpg-nightly-peak-1", share, WorkloadKind.PRODUCE,
                Map.of());
        ObjectNode spec = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        spec.put("class", TrogdorWorkload.SPEC_CLASS);
        spec.put("startMs", 1_795_654_100_000L);
        spec.put("durationMs", 120_000L);
        spec.set("task", task.toJson());
        org.apache.kafka.trogdor.task.TaskSpec read = org.apache.kafka.trogdor.common.JsonUtil.JSON_SERDE.readValue(spec.toString(),
                org.apache.kafka.trogdor.task.TaskSpec.class);
        assertEquals(GateTaskSpec.class, read.getClass());
        assertEquals(1_795_654_100_000L, read.startMs());
        assertEquals(120_000L, read.durationMs());
        assertEquals(java.util.Set.of("agent-2"), read.newController("t").targetNodes(null));
        // And back, as Trogdor's REST answers show it.
        com.fasterxml.jackson.databind.JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                org.apache.kafka.trogdor.common.JsonUtil.JSON_SERDE.writeValueAsString(read));
        assertEquals(task, AgentTask.fromJson(written.path("task")));
        ObjectNode empty = spec.deepCopy();
        empty.remove("task");
        org.apache.kafka.trogdor.task.TaskSpec without = org.apache.kafka.trogdor.common.JsonUtil.JSON_SERDE.readValue(empty.toString(),
                org.apache.kafka.trogdor.task.TaskSpec.class);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> without.newTaskWorker("t"));
        assertEquals("the gate's trogdor task spec has no task", refused.getMessage());
    }

    @Test
    void theGatesJvmNamesTheTaskSpecByItsClass() {
        assertEquals(GateTaskSpec.class.getName(), TrogdorWorkload.SPEC_CLASS);
    }

    @Test
    void aRelayedTrialLineSaysHowManyTrialsAreLeft() {
        long end = System.currentTimeMillis() + 90_000;
        assertEquals(60, TrogdorWorkload.secondsLeft("[nightly-peak] trial 1/3: 600000 records sent, 19998.1 records/sec",
                Duration.ofSeconds(30), end), "two trials of 30 s after the first");
        assertEquals(0, TrogdorWorkload.secondsLeft("[nightly-peak] trial 3/3: 600000 records sent", Duration.ofSeconds(30), end));
        long warmup = TrogdorWorkload.secondsLeft("[nightly-peak] warm-up: 400000 records in 20.0 s, steady", Duration.ofSeconds(30), end);
        assertTrue(warmup > 85 && warmup <= 90, "before the trials: the tasks' expected end, got " + warmup);
    }
}
