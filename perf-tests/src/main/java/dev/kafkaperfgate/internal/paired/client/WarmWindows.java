package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;
import dev.kafkaperfgate.internal.paired.workers.WorkerProcess;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.environment.MachineSteal;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.engine.TrialOrder;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.workload.BrokerSide;

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
 * Paired mode's whole-client measurement in warm windows: each side opens its producer (and an
 * end-to-end scenario's reader, which reads each window's records before the next window; or a
 * consume scenario's consumer, going round the topic it pre-loaded) once per scenario, on a topic
 * of its own, warms it up once and settles its JIT once; then the sides take
 * turns in short windows ({@link Defaults#PAIRED_WINDOW}) in {@link TrialOrder}'s ABBA/BAAB blocks,
 * each window measured as a trial is (the client threads' CPU and allocation, records acknowledged,
 * bytes, an interval histogram), with the stalls while it ran (the side's GC pauses, the machine's
 * steal), shown beside the p99 and not judged. No window builds a client or a topic.
 *
 * <p>Why: a trial on a fresh topic and a fresh client spends about 5 s for 3 s of measurement, and
 * each new client puts the JIT back to work; windows of 1 s spend about 1.05 s each at a fixed rate
 * (measured: 96 in 100-102 s) and 1.5 s unthrottled (the drain of a full buffer, and the waits
 * for the broker to remove deleted records). Looks after the
 * first go on with the same producers ({@link #measure} continues an open scenario), and a
 * confirmation's fresh JVMs open them anew. The side whose window it is not keeps its producer open
 * and idle: an idle producer costs a few wake-ups, counted in neither window.
 *
 * <pre>{@code
 * WarmWindows windows = new WarmWindows(workers, Duration.ofSeconds(1), 6, console);
 * PairedMeasurement first = windows.measure(scenario, broker, blocks, false, open);  // opens, warms (base first), settles, measures
 * PairedMeasurement more = windows.measure(scenario, broker, blocks, false, open);   // the same producers, numbered on
 * windows.close();                                                                 // closes the producers, deletes the topics
 * }</pre>
 */
final class WarmWindows implements AutoCloseable {

    /**
     * Opens a scenario in a side's worker ({@link PairedTrials}'s open, which records what the head
     * reported, and knows whether the worker JVMs have warmed up before).
     */
    interface Opener {
        void open(WorkerProcess worker);
    }

    private final WorkerPair workers;
    private final Duration window;
    private final int settleMax;
    private final PrintStream console;
    /** The scenario whose producers are open, with the pair that opened them; null when none. */
    private CatalogEntry open;
    private int openGeneration;
    private GateTopics topics;
    /** Each side's topic of the open scenario. */
    private final Map<Side, String> topic = new EnumMap<>(Side.class);
    private int windowsRun;
    /** Whether the open scenario reads pre-loaded topics (consume) instead of writing its own. */
    private boolean reads;

    WarmWindows(WorkerPair workers, Duration window, int settleMax, PrintStream console) {
        this.workers = workers;
        this.window = window;
        this.settleMax = settleMax;
        this.console = console;
    }

    /**
     * {@code blocks} ABBA blocks of windows; the first call for a scenario (or on a fresh pair of
     * JVMs) opens both sides' producers, warms them up and settles their JIT, later calls go on with them.
     */
    PairedMeasurement measure(CatalogEntry scenario, KafkaBroker broker, int blocks, boolean headWarmsFirst, Opener opener) {
        if (!scenario.equals(open) || openGeneration != workers.generation()) {
            begin(scenario, broker, headWarmsFirst, opener);
        }
        List<Side> order = TrialOrder.of(blocks);
        BrokerSide brokerSide = BrokerSide.of(broker);
        List<PairedMeasurement.Stretch> windows = new ArrayList<>();
        JsonNode[] definitions = new JsonNode[2];
        long start = System.nanoTime();
        IdleSide idle = new IdleSide(workers);
        SettingsWatch settings = SettingsWatch.start(broker, console, scenario.name());
        for (int i = 0; i < order.size(); i++) {
            Side side = order.get(i);
            brokerSide.begin();
            java.util.OptionalLong steal = MachineSteal.millis();
            idle.begin(side);
            JsonNode reply = window(side, ++windowsRun);
            Map<String, Double> stalls = PairedTrials.stalls(reply, steal, idle.end());
            Map<String, Double> brokerFigures = brokerSide.end();
            if (i % 4 == 3) {
                // Between blocks, outside every window: the broker's log (on a RAM disk here) must not grow with the scenario.
                truncate();
            }
            definitions[side.ordinal()] = reply.path("definition");
            windows.add(new PairedMeasurement.Stretch(side, i + 1, PairedTrials.values(reply.path("figures"), brokerFigures),
                    PairedTrials.client(reply.path("client")), brokerFigures, stalls));
        }
        console.printf("[%s] %d warm windows of %.1f s (%d ABBA blocks) in %.0f s%n", scenario.name(), order.size(),
                window.toMillis() / 1000.0, blocks, (System.nanoTime() - start) / 1e9);
        PairedMeasurement measured = new PairedMeasurement(windows, definitions[Side.BASE.ordinal()], definitions[Side.HEAD.ordinal()]);
        measured.stallsLine().ifPresent(line -> console.printf("[%s] stalls in the windows (not judged): %s%n", scenario.name(), line));
        idle.check(scenario.name());
        settings.check(scenario.name());
        return measured;
    }

    /** Each side's recording of a whole client's profile, in the gate's folder, and the records its windows sent meanwhile. */
    record Recordings(Path base, Path head, double baseRecords, double headRecords) {
    }

    /** A recording's largest size: a few seconds of a worker's CPU and allocation samples are a few MiB. */
    static final long PROFILE_CAP = 128L << 20;

    /**
     * After the verdict, never judged: both workers record JFR over {@code blocks} more ABBA blocks
     * of the open scenario's windows; each recording, a file of that worker's user, is read with the
     * checks of a file a side wrote and copied new into {@code into} as {@code <stem>.base.jfr} and
     * {@code <stem>.head.jfr}.
     *
     * @return empty when the scenario's windows are no longer open (another scenario's came after)
     * @throws IOException when a recording cannot be read or copied
     */
    Optional<Recordings> profile(CatalogEntry scenario, int blocks, Path into, String stem) throws IOException {
        if (!scenario.equals(open) || openGeneration != workers.generation()) {
            return Optional.empty();
        }
        for (Side side : Side.values()) {
            workers.of(side).call(WorkerProcess.command("profileStart"), Defaults.WORKER_REPLY_MARGIN);
        }
        double[] records = new double[2];
        for (Side side : TrialOrder.of(blocks)) {
            JsonNode reply = window(side, 0);
            double throughput = reply.path("figures").path(dev.kafkaperfgate.internal.figures.Metric.THROUGHPUT.key()).path("value").asDouble(0);
            records[side.ordinal()] += throughput * window.toMillis() / 1000.0;
        }
        truncate();
        Path[] copies = new Path[2];
        for (Side side : Side.values()) {
            WorkerProcess worker = workers.of(side);
            Path recorded = Path.of(worker.call(WorkerProcess.command("profileStop"), Defaults.WORKER_REPLY_MARGIN).path("file").asText());
            // The path is the worker's word, and its side's processes still run: read as its user, in its temp folder only (issue 74).
            byte[] bytes = dev.kafkaperfgate.internal.environment.GateFiles.readAsSide(worker.launch(), recorded, worker.launch().tmp(),
                    PROFILE_CAP, "the " + side.key() + " worker's recording");
            copies[side.ordinal()] = into.resolve(stem + "." + side.key() + ".jfr");
            try (java.io.OutputStream out = dev.kafkaperfgate.internal.environment.GateFiles.newFile(copies[side.ordinal()])) {
                out.write(bytes);
            }
        }
        console.printf("[%s] profiled: %d more windows a side, recorded by JFR in each worker (never judged)%n", scenario.name(), blocks * 2);
        return Optional.of(new Recordings(copies[0], copies[1], records[0], records[1]));
    }

    /**
     * Opens the scenario on both sides, each on a topic of its own, warms each producer up (the
     * head's first when {@code headWarmsFirst}) and settles both JITs.
     */
    private void begin(CatalogEntry scenario, KafkaBroker broker, boolean headWarmsFirst, Opener opener) {
        close();
        reads = scenario.workload() == WorkloadKind.CONSUME;
        topics = new GateTopics(broker);
        opener.open(workers.head());
        opener.open(workers.base());
        Map<Side, Long> jitAfterWarmup = new EnumMap<>(Side.class);
        for (Side side : headWarmsFirst ? List.of(Side.HEAD, Side.BASE) : List.of(Side.BASE, Side.HEAD)) {
            String created = topics.create(scenario.name() + "-" + side.key() + "-windows", scenario.partitions(),
                    scenario.replicationFactor(), windowTopicConfigs(scenario));
            topic.put(side, created);
            if (reads) {
                workers.of(side).call(WorkerProcess.command("preload").put("topic", created), Defaults.WORKER_REPLY_MARGIN.multipliedBy(5));
            }
            console.printf("[%s] %s warm-up (one %s for all its windows)%n", scenario.name(), side.key(),
                    switch (scenario.workload()) {
                        case END_TO_END -> "producer and its reader";
                        case CONSUME -> "consumer, going round its pre-loaded topic,";
                        default -> "producer";
                    });
            JsonNode warmed = workers.of(side).call(WorkerProcess.command("beginWindows").put("topic", created)
                    .put("windowMillis", window.toMillis()), Defaults.WARMUP_MAX.multipliedBy(2).plus(Defaults.WORKER_REPLY_MARGIN));
            jitAfterWarmup.put(side, PairedTrials.jitMillis(warmed));
        }
        truncate();
        open = scenario;
        openGeneration = workers.generation();
        windowsRun = 0;
        JitSettle settle = new JitSettle(window, jitAfterWarmup, Defaults.PAIRED_JIT_SETTLED, settleMax);
        for (Optional<Side> next = settle.next(); next.isPresent(); next = settle.next()) {
            settle.ran(next.get(), PairedTrials.jitMillis(window(next.get(), 0)));
        }
        truncate();
        console.printf("[%s] %s%n", scenario.name(), settle.line().replace("settle trials", "settle windows"));
    }

    /**
     * Once both sides' topics hold more than {@link #LOG_BUDGET_BYTES}, deletes their records (a
     * consume scenario's pre-loaded records stay) and waits, bounded by {@link #DELETE_WAIT}, until
     * the broker has removed the files: between blocks, outside every window, so that no window
     * shares the broker with a deletion.
     *
     * @throws IllegalStateException when the broker keeps more than {@link #LOG_LIMIT_BYTES} after
     *                               the wait: its log (a RAM disk here) would fill the machine
     */
    private void truncate() {
        java.util.Collection<String> both = topic.values();
        // A consume scenario's topics hold what its windows read: written once, never grown.
        if (reads || topics.bytes(both) <= LOG_BUDGET_BYTES) {
            return;
        }
        both.forEach(topics::truncate);
        long deadline = System.nanoTime() + DELETE_WAIT.toNanos();
        long held = topics.bytes(both);
        while (held > LOG_BUDGET_BYTES / 2 && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted between warm windows", e);
            }
            held = topics.bytes(both);
        }
        if (held > LOG_LIMIT_BYTES) {
            throw new IllegalStateException(String.format(java.util.Locale.ROOT, "the broker still holds %d MiB of the warm windows' "
                    + "deleted records after %d s: set its log.retention.check.interval.ms low (the gate's own brokers use 1000), "
                    + "or measure in trials (-Dperf.paired.design=trials)", held >> 20, DELETE_WAIT.toSeconds()));
        }
    }

    /** Both sides' topics may hold this much before their records are deleted. */
    static final long LOG_BUDGET_BYTES = 768L << 20;
    /** More than this after a deletion's wait stops the scenario. */
    static final long LOG_LIMIT_BYTES = 4L << 30;
    /** How long the broker gets to remove a deletion's files (its retention check runs every second). */
    static final Duration DELETE_WAIT = Duration.ofSeconds(5);

    /**
     * The scenario's topic configs, with segments of at most 128 MiB unless it sets its own: only
     * closed segments can be deleted, and the default segment, 1 GiB, is 7-10 s of an unthrottled
     * producer here, which a RAM disk should not hold on both sides.
     */
    static Map<String, String> windowTopicConfigs(CatalogEntry scenario) {
        Map<String, String> configs = new java.util.TreeMap<>(scenario.topicConfigs());
        configs.putIfAbsent("segment.bytes", Integer.toString(WINDOW_SEGMENT_BYTES));
        return configs;
    }

    /** A warm window topic's segment size, unless the scenario sets one. */
    static final int WINDOW_SEGMENT_BYTES = 128 * 1024 * 1024;

    /** One window of {@code side}; {@code number} 0 for a settle window. */
    private JsonNode window(Side side, int number) {
        return workers.of(side).call(WorkerProcess.command("window").put("window", number), window.plus(Defaults.WORKER_REPLY_MARGIN));
    }

    /**
     * Closes both sides' producers (a worker that is gone is not asked) and deletes this scenario's
     * topics.
     */
    @Override
    public void close() {
        if (open != null && openGeneration == workers.generation()) {
            for (Side side : Side.values()) {
                try {
                    workers.of(side).call(WorkerProcess.command("endWindows"), Defaults.WORKER_REPLY_MARGIN);
                } catch (WorkerException e) {
                    console.println("[kafka-perf-gate] " + e.getMessage());
                }
            }
        }
        open = null;
        if (topics != null) {
            GateTopics closing = topics;
            topics = null;
            closing.close();
        }
    }
}
