package dev.kafkaperfgate.internal.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.ExternalBroker;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.figures.GatedLatency;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.metrics.Histograms;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.verdict.DefinitionParts;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.workload.consume.ConsumeWorkload;
import dev.kafkaperfgate.internal.workload.consume.WarmReads;
import dev.kafkaperfgate.internal.workload.endtoend.EndToEndWorkload;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.WarmClient;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The scenario a worker has open: the base's experiment (topic, records, rate, warm-up) with this
 * side's subject (its producer and consumer settings, its producer factory), so that a pull
 * request is measured under the base's rules and cannot loosen its own gate. Runs one warm-up,
 * then one trial per command on the topic the coordinator names.
 */
final class SideScenario {

    /**
     * Each trial's own settling time on its fresh topic: a new producer's first batches wait for
     * its connection and metadata. That takes milliseconds here (the topic's leaders are awaited
     * before the trial starts), so half a second leaves a wide margin. It was 1 s; each of the 32
     * trials of a scenario pays it, and the half second saved is 16 s per produce scenario.
     */
    private static final WarmupPolicy TRIAL_SETTLE = new WarmupPolicy(Duration.ofMillis(500), Duration.ofMillis(500),
            Duration.ofMillis(250), 2, 1.0);

    /** Warm-up window of a warm worker's later scenarios. */
    private static final Duration PAIRED_WINDOW = Duration.ofSeconds(2);

    private final Scenario scenario;
    private final List<String> experimentChanges;
    private final String subjectFrom;
    private final KafkaBroker broker;
    private final InjectedCost injection;
    private final Duration trialDuration;
    private final Duration warmupMin;
    private final PrintStream console;
    /** One for the whole scenario: it numbers its reads, and each read's group must be new. */
    private final ConsumeWorkload consumeWorkload;
    private long preloaded;
    private long preloadNanos;
    /** The clients warm windows measure, open between {@code beginWindows} and {@code endWindows}. */
    private WarmClient<TrialFigures> windowed;
    /** A consume scenario's consumer warm windows measure, open between {@code beginWindows} and {@code endWindows}. */
    private WarmReads windowedReads;
    private ProduceScenario windowedShape;
    private WarmupSummary windowedWarmup;

    private SideScenario(Scenario scenario, List<String> experimentChanges, String subjectFrom, KafkaBroker broker,
                         InjectedCost injection, Duration trialDuration, Duration warmupMin, PrintStream console) {
        this.scenario = scenario;
        this.experimentChanges = List.copyOf(experimentChanges);
        this.subjectFrom = subjectFrom;
        this.broker = broker;
        this.injection = injection;
        this.trialDuration = trialDuration;
        this.warmupMin = warmupMin;
        this.console = console;
        this.consumeWorkload = new ConsumeWorkload(broker, console, NanoClock.SYSTEM, null, injection);
    }

    static SideScenario open(JsonNode command, PrintStream console) {
        String name = command.path("name").asText();
        Path experimentFile = Path.of(command.path("experimentFile").asText());
        Scenario experiment = find(experimentFile, name);
        String subjectText = command.path("subjectFile").isTextual() ? command.path("subjectFile").asText() : null;
        Scenario composed = experiment;
        List<String> experimentChanges = new ArrayList<>();
        String subjectFrom = "the base's " + experimentFile.getFileName();
        if (subjectText != null) {
            Path subjectFile = Path.of(subjectText);
            Scenario subject = Files.isRegularFile(subjectFile) ? ScenarioFileParser.find(subjectFile, name) : null;
            if (subject != null) {
                composed = experiment.withSubjectOf(subject);
                experimentChanges.addAll(DefinitionParts.experimentChanges(ResultFile.definition(experiment), ResultFile.definition(subject)));
                subjectFrom = subjectFile.getFileName().toString();
            } else {
                subjectFrom = "the base's " + experimentFile.getFileName() + " (this side has no scenario " + name + ")";
            }
        }
        JsonNode inject = command.path("injection");
        InjectedCost injection = inject.isObject() ? new InjectedCost(inject.path("burnNs").asLong(), inject.path("every").asInt(1),
                inject.path("allocBytes").asInt()) : InjectedCost.NONE;
        KafkaBroker broker = ExternalBroker.startedElsewhere(command.path("bootstrap").asText(), "the paired run's broker");
        return new SideScenario(composed, experimentChanges, subjectFrom, broker, injection,
                Duration.ofMillis(command.path("trialMillis").asLong()), Duration.ofMillis(command.path("warmupMinMillis").asLong()), console);
    }

    private static Scenario find(Path file, String name) {
        Scenario scenario = ScenarioFileParser.find(file, name);
        if (scenario == null) {
            throw new IllegalArgumentException(file + " defines no scenario " + name);
        }
        return scenario;
    }

    List<String> experimentChanges() {
        return experimentChanges;
    }

    String subjectFrom() {
        return subjectFrom;
    }

    /**
     * The digest of what this side runs: the definition under the base's experiment, its subject
     * included (producer and consumer settings as read from their config files, the producer
     * factory, the record source and its config, the payload file's digest, kafka-clients' version).
     */
    String subjectSha256() {
        return ResultFile.subjectSha256(scenario);
    }

    /** Consume scenarios: writes this side's copy of the records its reads consume, once. */
    void preload(String topic) {
        long start = System.nanoTime();
        preloaded = consumeWorkload.preload(scenario.produce(), topic);
        preloadNanos = System.nanoTime() - start;
        console.printf("[%s] pre-load: %d records in %.1f s (not measured)%n", scenario.name(), preloaded, preloadNanos / 1e9);
    }

    /** Runs the scenario's warm-up (at least the paired minimum) and one short trial, all unmeasured. */
    void warmUp(String topic) {
        run(topic, scenario.produce().asPairedTrial(Duration.ofSeconds(1), warmupPolicy()));
    }

    /** The scenario's warm-up, at least the paired minimum. */
    private WarmupPolicy warmupPolicy() {
        WarmupPolicy policy = scenario.produce().warmup();
        // After the first scenario the JVM is warm: shorter windows settle the new path sooner.
        Duration window = warmupMin.compareTo(policy.min()) < 0 ? PAIRED_WINDOW : policy.window();
        return policy.isNone() ? TRIAL_SETTLE : new WarmupPolicy(warmupMin, policy.max().compareTo(warmupMin) < 0
                ? warmupMin : policy.max(), window, policy.steadyWindows(), policy.tolerance());
    }

    /**
     * Whether warm windows can measure the scenario: one producer on one topic (end to end, with
     * the reader of that topic), or one consumer going round its side's pre-loaded topic; nothing
     * between its windows. A fault, a network shape or a mirror acts over a trial's length: those
     * keep whole trials.
     */
    static boolean measuresInWindows(Scenario scenario) {
        ProduceScenario produce = scenario.produce();
        return scenario.workload() != WorkloadKind.MIRROR && produce.fault() == null && produce.network() == null
                && produce.mirror() == null;
    }

    /**
     * Opens this side's producer (and an end-to-end scenario's reader), or a consume scenario's
     * consumer on the topic {@link #preload} wrote, on {@code topic} for warm windows and warms it
     * up for the paired minimum; it stays open, on the same topic, until {@link #endWindows} or the
     * next scenario.
     */
    void beginWindows(String topic, Duration window) {
        if (!measuresInWindows(scenario)) {
            throw new IllegalArgumentException("warm windows measure scenarios without a fault, a network shape or a mirror; "
                    + scenario.name() + " is measured in trials");
        }
        endWindows();
        if (scenario.workload() == WorkloadKind.CONSUME) {
            if (preloaded == 0) {
                throw new IllegalStateException("a consume scenario's warm windows read its pre-loaded topic: send preload first");
            }
            windowedReads = consumeWorkload.openWindows(scenario.produce(), scenario.consumer(), topic, window, warmupMin);
            windowedWarmup = windowedReads.warmUp();
            console.printf("[%s] warm-up: %d records read in %.1f s, fixed length%n", scenario.name(), windowedWarmup.records(),
                    windowedWarmup.durationNanos() / 1e9);
            return;
        }
        // A fixed warm-up, the paired minimum: the settle windows that follow wait for the JIT itself, which the
        // steadiness test only stood in for (it ran cold warm-ups to 35-45 s here).
        WarmupPolicy steady = warmupPolicy();
        WarmupPolicy fixed = steady.isNone() ? steady : new WarmupPolicy(warmupMin, warmupMin, steady.window(), steady.steadyWindows(),
                steady.tolerance());
        ProduceScenario shape = scenario.produce().asWarmWindow(window, fixed);
        windowed = scenario.workload() == WorkloadKind.END_TO_END
                ? new EndToEndWorkload(broker, console, NanoClock.SYSTEM, null, injection).open(shape, scenario.consumer(), topic)
                : new ProduceWorkload(broker, console, NanoClock.SYSTEM, null, injection).open(shape, topic);
        windowedShape = shape;
        windowedWarmup = windowed.warmUp();
    }

    /** One measured window of the open clients: as a trial's reply, without a new client or topic. */
    ObjectNode window(int number) {
        ObjectNode reply = JsonNodeFactory.instance.objectNode();
        if (windowedReads != null) {
            ConsumeTrialFigures figures = windowedReads.measure(number);
            putReads(reply, new ConsumeResult(scenario.produce(), scenario.consumer(), "", broker.info(), ClientJvm.current(null),
                    preloaded, preloadNanos, windowedWarmup, List.of(figures)));
            return reply;
        }
        if (windowed == null) {
            throw new IllegalStateException("no warm windows are open: send beginWindows first");
        }
        TrialFigures figures = windowed.measure(number);
        ProduceResult result = new ProduceResult(windowedShape, "", broker.info(), ClientJvm.current(null), windowedWarmup, List.of(figures));
        put(reply, scenario.workload() == WorkloadKind.END_TO_END ? result.as(WorkloadKind.END_TO_END, scenario.consumer()) : result);
        return reply;
    }

    /** Closes the warm windows' clients, if open. */
    void endWindows() {
        if (windowedReads != null) {
            WarmReads open = windowedReads;
            windowedReads = null;
            windowedWarmup = null;
            open.close();
        }
        if (windowed != null) {
            WarmClient<TrialFigures> open = windowed;
            windowed = null;
            windowedShape = null;
            windowedWarmup = null;
            open.close();
        }
    }

    /** One measured trial on {@code topic}: the figures the verdict compares, and the definition that was run. */
    ObjectNode trial(String topic, int trial) {
        WarmupPolicy settle = scenario.workload() == WorkloadKind.CONSUME ? WarmupPolicy.NONE : TRIAL_SETTLE;
        return run(topic, scenario.produce().asPairedTrial(trialDuration, settle));
    }

    private ObjectNode run(String topic, ProduceScenario shape) {
        ObjectNode reply = JsonNodeFactory.instance.objectNode();
        switch (scenario.workload()) {
            case PRODUCE -> put(reply, new ProduceWorkload(broker, console, NanoClock.SYSTEM, null, injection).run(shape, topic));
            case END_TO_END -> put(reply, new EndToEndWorkload(broker, console, NanoClock.SYSTEM, null, injection)
                    .run(shape, scenario.consumer(), topic));
            case CONSUME -> putReads(reply, consumeWorkload.read(shape, scenario.consumer(), topic, preloaded, preloadNanos));
        }
        return reply;
    }

    private static void putReads(ObjectNode reply, ConsumeResult result) {
        reply.set("definition", ResultFile.toJson(result).get("definition"));
        reply.set("figures", RunFigures.of(result).toJson());
        reply.set("client", client(result.trials().stream().map(ConsumeTrialFigures::cost).toList()));
    }

    private static void put(ObjectNode reply, ProduceResult result) {
        reply.set("definition", ResultFile.toJson(result).get("definition"));
        ObjectNode figures = RunFigures.of(result).toJson();
        if (GatedLatency.of(result) == GatedLatency.RESPONSE) {
            // At a fixed rate the p99 is the response time's; the service time's goes beside it, for PairedJudge to take where steadier.
            figures.putObject(Metric.SERVICE_P99.key()).put("value",
                    Histograms.merged(result.trials().stream().map(TrialFigures::service).toList()).getValueAtPercentile(99));
        }
        // The producer's I/O thread's part of the allocation, for PairedJudge to hold at the base's (IoHeldAllocation).
        double io = Median.of(result.trials().stream().map(TrialFigures::cost).filter(java.util.Objects::nonNull)
                .mapToDouble(ClientCost::ioAllocBytesPerRecord).filter(Double::isFinite).toArray());
        if (io > 0) {
            figures.putObject(Metric.IO_ALLOC_PER_RECORD.key()).put("value", io);
        }
        reply.set("figures", figures);
        reply.set("client", client(result.trials().stream().map(TrialFigures::cost).toList()));
    }

    /** The client's own metrics (records per request, batch size, queue time...), each the median over the trials. */
    private static ObjectNode client(List<ClientCost> costs) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        java.util.Map<String, List<Double>> values = new java.util.TreeMap<>();
        costs.stream().filter(java.util.Objects::nonNull)
                .forEach(cost -> cost.client().forEach((name, value) -> values.computeIfAbsent(name, key -> new ArrayList<>()).add(value)));
        values.forEach((name, list) -> node.put(name, Median.of(list.stream().mapToDouble(Double::doubleValue).toArray())));
        return node;
    }

    void close() {
        try {
            endWindows();
        } finally {
            broker.close();
        }
    }
}
