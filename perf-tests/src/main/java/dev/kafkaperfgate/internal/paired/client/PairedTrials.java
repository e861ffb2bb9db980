package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.settings.ClientDesign;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.paired.workers.WorkerProcess;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import dev.kafkaperfgate.internal.engine.TrialOrder;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.environment.MachineSteal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.workload.BrokerSide;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.figures.BrokerFigures;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.worker.WorkerProtocol;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Measures one scenario on both sides, in warm windows ({@link WarmWindows}) where the design and
 * the scenario allow them, else in trials: opens it in each worker (the head's under the base's
 * experiment), warms each up (fully when the {@link WorkerPair} is new), runs discarded settle
 * trials until both JVMs have stopped compiling ({@link JitSettle}), then runs the blocks' trials in {@link TrialOrder}, each produce
 * and end-to-end trial on a fresh topic deleted right after, so that neither side inherits the
 * other's log segments. A consume scenario pre-loads one topic per side, once, and every trial
 * is a new group reading its side's topic from the start.
 */
public final class PairedTrials implements AutoCloseable {

    /** The bootstrap a scenario is opened with to compare its sides' subjects before any broker has started: it connects nothing. */
    private static final String NO_BROKER_YET = "no-broker-started.invalid:9092";


    /** What the head's worker said when it opened a scenario: the base's rules it had to take. */
    public record Opened(List<String> experimentChanges, String subjectFrom, String subjectSha256) {
    }

    private final BrokerPool brokers;
    private final WorkerPair workers;
    private final Duration trial;
    /** The shortest warm-up of a new pair's first scenario ({@code perf.paired.warmup}). */
    private final Duration coldWarmup;
    /** The most settle trials a side runs per scenario ({@code perf.paired.settle}). */
    private final int settleMax;
    private final PrintStream console;
    private final InjectedCost headInjection;
    /** Warm windows of produce and end-to-end scenarios; {@code null} when every scenario runs in trials. */
    private final WarmWindows windows;
    /** The pair of worker JVMs that has warmed up once: a new pair's first scenario warms their JIT too, and takes the full warm-up. */
    private int warmedGeneration;

    /**
     * @param settleMax     the most discarded settle trials a side runs per scenario ({@link JitSettle}), 0 for none
     * @param headInjection a cost put into the head's producer on purpose (gate-power); {@link InjectedCost#NONE} normally
     */
    public PairedTrials(BrokerPool brokers, WorkerPair workers, Duration trial, Duration coldWarmup, int settleMax,
                        InjectedCost headInjection, PrintStream console) {
        this(brokers, workers, trial, coldWarmup, settleMax, headInjection, console, ClientDesign.TRIALS, trial);
    }

    /**
     * @param design how produce and end-to-end scenarios are measured
     * @param window a warm window's length, under {@link ClientDesign#WINDOWS}
     */
    public PairedTrials(BrokerPool brokers, WorkerPair workers, Duration trial, Duration coldWarmup, int settleMax,
                        InjectedCost headInjection, PrintStream console, ClientDesign design, Duration window) {
        this.windows = design == ClientDesign.WINDOWS ? new WarmWindows(workers, window, settleMax, console) : null;
        this.brokers = brokers;
        this.workers = workers;
        this.trial = trial;
        this.coldWarmup = coldWarmup;
        this.settleMax = settleMax;
        this.headInjection = headInjection;
        this.console = console;
    }

    /**
     * @param headFile the head's file of this scenario, or {@code null} when the head has none (it then runs the base's)
     * @param opened   receives what the head's worker reported on opening
     * @param headWarmsFirst whether the head's worker warms up before the base's: a confirmation
     *                       reverses the first measurement's order, so that nothing which follows
     *                       from the order (which JVM compiles while the other idles) can repeat
     *                       in both measurements, as ABBA blocks balance which side goes first
     */
    public PairedMeasurement measure(CatalogEntry scenario, Path headFile, int blocks, List<Opened> opened, boolean headWarmsFirst) {
        // Both sides on the one broker (or cluster) of the scenario's size: started here when the size changes.
        KafkaBroker broker = brokers.forBrokers(scenario.brokers());
        if (windows != null && scenario.windows()) {
            boolean warm = warmedGeneration == workers.generation();
            PairedMeasurement measured = windows.measure(scenario, broker, blocks, headWarmsFirst, worker -> {
                Opened reply = open(worker, scenario, worker.side() == Side.HEAD ? headFile : null,
                        worker.side() == Side.HEAD ? headInjection : InjectedCost.NONE, broker.bootstrapServers(), warm);
                if (worker.side() == Side.HEAD) {
                    opened.add(reply);
                }
            });
            warmedGeneration = workers.generation();
            return measured;
        }
        if (windows != null) {
            windows.close();
        }
        try (GateTopics topics = new GateTopics(broker)) {
            WorkerProcess base = workers.base();
            WorkerProcess head = workers.head();
            boolean warm = warmedGeneration == workers.generation();
            opened.add(open(head, scenario, headFile, headInjection, broker.bootstrapServers(), warm));
            open(base, scenario, null, InjectedCost.NONE, broker.bootstrapServers(), warm);
            Map<Side, String> loaded = new EnumMap<>(Side.class);
            Map<Side, Long> jitAfterWarmup = new EnumMap<>(Side.class);
            if (scenario.workload() == WorkloadKind.CONSUME) {
                for (WorkerProcess worker : List.of(base, head)) {
                    String topic = create(topics, scenario, worker.side().key() + "-load");
                    worker.call(WorkerProcess.command("preload").put("topic", topic), Defaults.WORKER_REPLY_MARGIN.multipliedBy(5));
                    loaded.put(worker.side(), topic);
                }
            }
            for (WorkerProcess worker : headWarmsFirst ? List.of(head, base) : List.of(base, head)) {
                Side side = worker.side();
                String topic = topicOf(topics, scenario, loaded, side, "warmup");
                console.printf("[%s] %s warm-up%n", scenario.name(), side.key());
                JsonNode warmed = worker.call(WorkerProcess.command("warmup").put("topic", topic),
                        coldWarmup.plus(Defaults.WARMUP_MAX).plus(Defaults.WORKER_REPLY_MARGIN));
                jitAfterWarmup.put(side, jitMillis(warmed));
                release(topics, loaded, side, topic);
            }
            warmedGeneration = workers.generation();
            settle(scenario, topics, loaded, jitAfterWarmup);
            List<Side> order = TrialOrder.of(blocks);
            BrokerSide brokerSide = BrokerSide.of(broker);
            List<PairedMeasurement.Stretch> trials = new ArrayList<>();
            JsonNode[] definitions = new JsonNode[2];
            IdleSide idle = new IdleSide(workers);
            SettingsWatch settings = SettingsWatch.start(broker, console, scenario.name());
            for (int i = 0; i < order.size(); i++) {
                Side side = order.get(i);
                String topic = topicOf(topics, scenario, loaded, side, Integer.toString(i + 1));
                console.printf("[%s] trial %d/%d (%s, block %d of %d)%n", scenario.name(), i + 1, order.size(), side.key(),
                        i / 4 + 1, blocks);
                brokerSide.begin();
                java.util.OptionalLong steal = MachineSteal.millis();
                idle.begin(side);
                JsonNode reply = trial(side, topic, i + 1);
                Map<String, Double> stalls = stalls(reply, steal, idle.end());
                Map<String, Double> brokerFigures = brokerSide.end();
                release(topics, loaded, side, topic);
                definitions[side.ordinal()] = reply.path("definition");
                trials.add(new PairedMeasurement.Stretch(side, i + 1, values(reply.path("figures"), brokerFigures),
                        client(reply.path("client")), brokerFigures, stalls));
            }
            PairedMeasurement measured = new PairedMeasurement(trials, definitions[Side.BASE.ordinal()], definitions[Side.HEAD.ordinal()]);
            measured.stallsLine().ifPresent(line -> console.printf("[%s] stalls in the trials (not judged): %s%n", scenario.name(), line));
            idle.check(scenario.name());
            settings.check(scenario.name());
            return measured;
        }
    }

    /**
     * What differs between the two sides' subjects of {@code scenario} (the head's under the base's
     * experiment), by digest; empty when nothing does. Opens the scenario on both sides, which is
     * cheap: nothing is sent.
     */
    public Optional<String> subjectChange(CatalogEntry scenario, Path headFile) {
        // Opening reads the definitions and connects nothing: no broker is started for it (an unchanged scenario needs none).
        String bootstrap = brokers.running().map(KafkaBroker::bootstrapServers).orElse(NO_BROKER_YET);
        boolean warm = warmedGeneration == workers.generation();
        Opened head = open(workers.head(), scenario, headFile, headInjection, bootstrap, warm);
        Opened base = open(workers.base(), scenario, null, InjectedCost.NONE, bootstrap, warm);
        if (headInjection.active()) {
            return Optional.of("the head carries an injected cost");
        }
        if (head.subjectSha256().isEmpty() || !head.subjectSha256().equals(base.subjectSha256())) {
            return Optional.of("the subject's definition differs (" + head.subjectFrom() + ")");
        }
        return Optional.empty();
    }

    /** Discarded trials, the sides alternating, until both JVMs have all but stopped compiling ({@link JitSettle}). */
    private void settle(CatalogEntry scenario, GateTopics topics, Map<Side, String> loaded, Map<Side, Long> jitAfterWarmup) {
        JitSettle settle = new JitSettle(trial, jitAfterWarmup, Defaults.PAIRED_JIT_SETTLED, settleMax);
        for (Optional<Side> next = settle.next(); next.isPresent(); next = settle.next()) {
            Side side = next.get();
            String topic = topicOf(topics, scenario, loaded, side, "settle-" + (settle.runs(side) + 1));
            JsonNode reply = trial(side, topic, 0);
            release(topics, loaded, side, topic);
            settle.ran(side, jitMillis(reply));
        }
        console.printf("[%s] %s%n", scenario.name(), settle.line());
    }

    /** One trial of {@code side} on {@code topic}; {@code number} 0 for a settle trial. */
    private JsonNode trial(Side side, String topic, int number) {
        return workers.of(side).call(WorkerProcess.command("trial").put("topic", topic).put("trial", number), trial.plus(Defaults.WORKER_REPLY_MARGIN));
    }

    /** The side's pre-loaded topic (a consume scenario), else a new topic for this one use. */
    private static String topicOf(GateTopics topics, CatalogEntry scenario, Map<Side, String> loaded, Side side, String use) {
        return loaded.containsKey(side) ? loaded.get(side) : create(topics, scenario, side.key() + "-" + use);
    }

    /** Deletes a topic made for one use; a pre-loaded topic stays for the side's next read. */
    private static void release(GateTopics topics, Map<Side, String> loaded, Side side, String topic) {
        if (!loaded.containsKey(side)) {
            topics.delete(topic);
        }
    }

    /** The worker JVM's compile time so far, as its reply says; -1 from a worker of an older gate. */
    static long jitMillis(JsonNode reply) {
        return reply.path(WorkerProtocol.JIT_MILLIS).asLong(-1);
    }

    /** ABBA blocks of windows a whole client's profile records: 4 windows a side. */
    static final int PROFILE_BLOCKS = 2;

    /**
     * Where a whole client's confirmed regression (or WARNING) spent its time and bytes: both
     * workers recorded by JFR over a few more windows of the scenario, after its verdict, so the
     * profile can change no decision. The recordings and each side's collapsed stacks go into
     * {@code into}; the tables are printed and returned.
     *
     * @return empty, said on the console, when the scenario is measured in trials or its windows
     *         are no longer open
     * @throws IOException when a recording cannot be read or written
     */
    public Optional<ObjectNode> whereItWent(CatalogEntry scenario, Path into) throws IOException {
        if (windows == null || !scenario.windows()) {
            console.printf("[%s] no profile of the whole client: only warm windows are profiled%n", scenario.name());
            return Optional.empty();
        }
        dev.kafkaperfgate.internal.environment.GateFiles.folder(into);
        String stem = scenario.name().replaceAll("[^A-Za-z0-9.-]", "_");
        Optional<WarmWindows.Recordings> recorded = windows.profile(scenario, PROFILE_BLOCKS, into, stem);
        if (recorded.isEmpty()) {
            console.printf("[%s] no profile of the whole client: its windows are closed%n", scenario.name());
            return Optional.empty();
        }
        WarmWindows.Recordings recordings = recorded.get();
        dev.kafkaperfgate.internal.component.profile.WhereItWent went = dev.kafkaperfgate.internal.component.profile.ComponentProfile
                .readClient(recordings.base(), recordings.head(), recordings.baseRecords(), recordings.headRecords());
        console.printf("[%s] where it went, the whole client (%.0f base, %.0f head records while recorded; JFR after the verdict):%n",
                scenario.name(), recordings.baseRecords(), recordings.headRecords());
        went.lines().forEach(line -> console.printf("[%s]   %s%n", scenario.name(), line.replace("per call", "per record")));
        return Optional.of(went.toJson().put("recording", into.getFileName().resolve(stem + ".jfr").toString())
                .put("per", "record"));
    }

    /** Closes the warm windows' producers and topics, if open. */
    @Override
    public void close() {
        if (windows != null) {
            windows.close();
        }
    }

    /** Measures on a new pair of worker JVMs from now on (see {@link WorkerPair}): a confirmation's JVMs are not the first measurement's. */
    public void freshWorkers() {
        close();
        workers.restart();
    }

    private Opened open(WorkerProcess worker, CatalogEntry scenario, Path headFile, InjectedCost injection, String bootstrap,
                        boolean warm) {
        ObjectNode command = WorkerProcess.command("open").put("name", scenario.name()).put("experimentFile", scenario.file().toString())
                .put("bootstrap", bootstrap).put("trialMillis", trial.toMillis())
                .put("warmupMinMillis", (warm ? Defaults.PAIRED_WARMUP_MIN : coldWarmup).toMillis());
        if (headFile != null) {
            command.put("subjectFile", headFile.toString());
        } else {
            command.putNull("subjectFile");
        }
        ObjectNode inject = command.putObject("injection");
        inject.put("burnNs", injection.burnNs());
        inject.put("every", injection.every());
        inject.put("allocBytes", injection.allocBytes());
        JsonNode reply = worker.call(command, Defaults.WORKER_REPLY_MARGIN);
        List<String> changes = new ArrayList<>();
        reply.path("experimentChanges").forEach(change -> changes.add(change.asText()));
        return new Opened(changes, reply.path("subjectFrom").asText(), reply.path("subjectSha256").asText(""));
    }

    private static String create(GateTopics topics, CatalogEntry scenario, String suffix) {
        return topics.create(scenario.name() + "-" + suffix, scenario.partitions(), scenario.replicationFactor(), scenario.topicConfigs());
    }

    /** The worker's figures of a trial, and the broker's that a scenario may gate. */
    static Map<Metric, Double> values(JsonNode figures, Map<String, Double> broker) {
        Map<Metric, Double> values = BrokerFigures.of(broker);
        for (Metric metric : Metric.values()) {
            JsonNode value = figures.path(metric.key()).path("value");
            if (value.isNumber() && value.asDouble() > 0) {
                values.put(metric, value.asDouble());
            }
        }
        return values;
    }

    /**
     * A window's or trial's stalls: the worker's GC pauses while it measured (its reply's
     * {@code stalls}), the machine's steal since {@code stealBefore}, read just before the
     * command, and the CPU the other side's processes used meanwhile ({@link IdleSide}); what is
     * unknown is left out.
     */
    static Map<String, Double> stalls(JsonNode reply, java.util.OptionalLong stealBefore, java.util.Optional<IdleSide.Spent> idleSide) {
        Map<String, Double> stalls = client(reply.path("stalls"));
        java.util.OptionalLong stealAfter = MachineSteal.millis();
        if (stealBefore.isPresent() && stealAfter.isPresent()) {
            stalls.put("stealMillis", (double) Math.max(0, stealAfter.getAsLong() - stealBefore.getAsLong()));
        }
        idleSide.ifPresent(spent -> {
            stalls.put("idleSideCpuMillis", (double) spent.workMillis());
            stalls.put("idleSideJitMillis", (double) spent.jitMillis());
        });
        return stalls;
    }

    /** The client's own metrics a worker reported for a trial; none from a worker of an older gate. */
    static Map<String, Double> client(JsonNode client) {
        Map<String, Double> values = new java.util.TreeMap<>();
        client.fields().forEachRemaining(field -> {
            if (field.getValue().isNumber()) {
                values.put(field.getKey(), field.getValue().asDouble());
            }
        });
        return values;
    }
}
