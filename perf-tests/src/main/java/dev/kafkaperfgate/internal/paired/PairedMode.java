package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.PairedSettings;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.ClientsMode;
import dev.kafkaperfgate.internal.settings.ClientDesign;
import dev.kafkaperfgate.internal.paired.client.PairedTrials;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.environment.SideInputException;
import dev.kafkaperfgate.internal.kafka.KafkaClients;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;
import dev.kafkaperfgate.internal.paired.workers.WorkerProcess;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.MachineClass;
import dev.kafkaperfgate.internal.baseline.Profile;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.component.reach.ClasspathDigest;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.frame.RunMode;
import dev.kafkaperfgate.internal.frame.RunStoppedException;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.workload.InjectedCost;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Paired mode: the head judged against the base on this machine, both measured side by side.
 * Two worker JVMs ({@link WorkerPair}), one per side on its own classpath, take turns on one broker ({@link PairedTrials});
 * the base's suites, thresholds and experiments judge ({@link PolicyDiff}); the team's components are
 * measured alone first ({@link Components}), and each scenario is judged by {@link PairedScenario}.
 *
 * <p>{@link #open} starts the workers and reads both sides' scenarios. When the base cannot take
 * part (it has no gate, or scenario files its gate cannot read) it throws
 * {@link PairedUnavailableException} before anything is measured, and the session applies the
 * rules for a base that cannot be measured.
 */
public final class PairedMode implements RunMode {

    private final GateSettings settings;
    private final String baseCommit;
    private final PrintStream console;
    private final WorkerPair workers;
    private final SideUsers users;
    private final PairedPinning pinning;
    private final ObjectNode kafkaClients;
    private final List<CatalogEntry> scenarios;
    private final PolicyDiff policyDiff;
    private final Components components;
    private final String suite;
    private BrokerPool brokers;
    private RunFrame frame;
    private PairedTrials trials;
    private PairedScenario judge;
    /** Scenarios whose whole client's first look flagged a regression, confirmed in {@link #finish}. */
    private final List<PairedScenario.Measured> flagged = new ArrayList<>();

    private PairedMode(GateSettings settings, String baseCommit, PrintStream console, WorkerPair workers, SideUsers users,
                       PairedPinning pinning, ObjectNode kafkaClients, List<CatalogEntry> scenarios, PolicyDiff policyDiff, Components components) {
        this.settings = settings;
        this.baseCommit = baseCommit == null ? "unknown" : baseCommit;
        this.console = console;
        this.workers = workers;
        this.users = users;
        this.pinning = pinning;
        this.kafkaClients = kafkaClients;
        this.scenarios = List.copyOf(scenarios);
        this.policyDiff = policyDiff;
        this.components = components;
        this.suite = settings.suite();
    }

    /** Whether the settings ask for a paired run. */
    public static boolean requested(GateSettings settings) {
        return settings.paired().baseClasspathFile() != null;
    }

    /**
     * Starts both sides' workers on the sides the settings name ({@link PairedSides#named}), both
     * as this JVM's user.
     *
     * @see #open(GateSettings, PairedSides, SideUsers, PrintStream)
     */
    public static PairedMode open(GateSettings settings, PrintStream console) {
        return open(settings, PairedSides.named(settings), SideUsers.none(), console);
    }

    /**
     * Starts both sides' workers, reads both sides' scenarios and plans the component stage.
     *
     * @param users whom each side's JVMs run as ({@code GateWiring#users}: scripts/gate.sh says, never a setting)
     * @throws PairedUnavailableException when the base cannot be measured: nothing was measured
     * @throws RuntimeException           when the head's own settings or files are bad, or a worker cannot start
     */
    public static PairedMode open(GateSettings settings, PairedSides sides, SideUsers users, PrintStream console) {
        PairedSettings paired = settings.paired();
        String baseClasspath = classpath(sides.baseClasspathFile());
        if (!GateCode.isIn(baseClasspath)) {
            // The one case in which a base cannot be measured and the pull request may still pass: it adopts the gate.
            throw new PairedUnavailableException("the base's test classpath has no kafka-perf-gate library (a base from before "
                    + "the gate was adopted)", null, true);
        }
        String headClasspath = sides.headClasspathFile() == null ? ThisJvm.classPath() : classpath(sides.headClasspathFile());
        String baseDir = sides.baseScenariosDir().toString();
        String headDir = sides.headScenariosDir().toString();
        String suite = settings.suite();
        PairedPinning pinning = PairedPinning.forThisMachine(settings);
        console.println("[kafka-perf-gate] " + pinning.line());
        console.println("[kafka-perf-gate] " + users.base().describe() + "; " + users.head().describe());
        WorkerPair workers = WorkerPair.start(baseClasspath, headClasspath, paired.workerJvmFlags(), pinning.clients(), users, console);
        try {
            WorkerProcess base = workers.base();
            WorkerProcess head = workers.head();
            // A worker that fails now is a failure (never read as "the base has no gate").
            ObjectNode kafkaClients = JsonNodeFactory.instance.objectNode();
            kafkaClients.put("base", hello(base));
            kafkaClients.put("head", hello(head));
            List<CatalogEntry> baseCatalog;
            try {
                baseCatalog = CatalogEntry.fromReply(base.call(catalogCommand(baseDir, suite, settings.scenarioPatterns()),
                        Defaults.WORKER_REPLY_MARGIN));
            } catch (WorkerException e) {
                throw new PairedUnavailableException("the base's scenarios in " + baseDir + " cannot be read: " + e.getMessage(), e);
            }
            List<CatalogEntry> headCatalog;
            try {
                headCatalog = CatalogEntry.fromReply(head.call(catalogCommand(headDir, null, null), Defaults.WORKER_REPLY_MARGIN));
            } catch (WorkerException e) {
                if (!e.answered()) {
                    throw e;
                }
                // The head's worker read its own files and said what is wrong with them: the pull request's input (exit 2).
                throw new SideInputException("the head's scenario files in " + headDir + " cannot be read or are invalid: "
                        + e.getMessage(), e);
            }
            List<CatalogEntry> headSelection = headSelection(head, headDir, suite, settings.scenarioPatterns());
            PolicyDiff policy = PolicyDiff.between(baseCatalog, headCatalog, headSelection, suite);
            policy.lines().forEach(line -> console.println("[kafka-perf-gate] " + line));
            Components components = Components.plan(settings, baseClasspath, headClasspath, baseCatalog, policy, sides.headScenariosDir(),
                    users, console);
            return new PairedMode(settings, sides.baseCommit(), console, workers, users, pinning, kafkaClients, baseCatalog, policy,
                    components);
        } catch (RuntimeException e) {
            workers.close();
            throw e;
        }
    }

    @Override
    public List<String> scenarios() {
        return scenarios.stream().map(CatalogEntry::name).toList();
    }

    /**
     * Opens the run's frame and says how the run will measure. The broker starts (and is warmed,
     * and the frame's ruler taken on it) when a scenario first needs it.
     */
    @Override
    public RunFrame start() {
        PairedSettings paired = settings.paired();
        BrokerSettings brokerSettings = BrokerSettings.from(pinning.withBroker(settings));
        Duration warmup = settings.brokerWarmup().orElse(Defaults.PAIRED_BROKER_WARMUP);
        // Started when a scenario first needs one: a run that the component stage alone judges, or whose
        // scenarios nothing reached, starts none.
        brokers = new BrokerPool(count -> measuredOn(() -> RunFrame.startWarm(() -> BrokerSelector.start(brokerSettings.withBrokers(count),
                console), warmup, console)), console);
        ClientDesign design = paired.design();
        boolean windows = design == ClientDesign.WINDOWS;
        int blocks = paired.blocks().orElse(windows ? Defaults.PAIRED_WINDOW_BLOCKS : Defaults.PAIRED_BLOCKS);
        int looks = paired.looks().orElse(windows ? Defaults.PAIRED_WINDOW_LOOKS : Defaults.PAIRED_LOOKS);
        // A scenario measured in trials within a windows run (faults, network shapes, mirrors) keeps the trials'
        // own defaults: 24 blocks of 4 trials of 3 s, twice, would take it a quarter of an hour. Set keys win.
        int trialBlocks = paired.blocks().orElse(Defaults.PAIRED_BLOCKS);
        int trialLooks = paired.looks().orElse(Defaults.PAIRED_LOOKS);
        Duration trial = paired.trial();
        Duration window = paired.window();
        int comparisons = scenarios.stream().mapToInt(entry -> Metric.of(entry.workload(), false, entry.thresholds()).size()).sum()
                + components.comparisons();
        RunFrame frame = RunFrame.open(settings, new RunFrame.Opening(suite, scenarios.size(), comparisons, null,
                Profile.resolve(settings), MachineClass.current(), List.of(), paired.failFast(), settings.resultsDir(),
                settings.baselinesDir()), console);
        String shortBase = baseCommit.length() > 12 ? baseCommit.substring(0, 12) : baseCommit;
        ObjectNode mode = JsonNodeFactory.instance.objectNode().put("name", "paired").put("base", baseCommit)
                .put("blocks", blocks).put("looks", looks).put("trialBlocks", trialBlocks).put("trialLooks", trialLooks)
                .put("trialSeconds", trial.toMillis() / 1000.0)
                .put("design", design.name().toLowerCase(java.util.Locale.ROOT))
                .put("windowSeconds", window.toMillis() / 1000.0)
                .put("order", "ABBA/BAAB blocks, one broker");
        mode.set("kafkaClients", kafkaClients);
        // Who ran each side's code: a reader of summary.json sees whether the pull request's code ran apart from the gate.
        mode.put("isolation", users.base().describe() + "; " + users.head().describe());
        policyDiff.lines().forEach(mode.withArray("policyChanges")::add);
        mode.put("components", components.describe());
        frame.mode(mode, "paired: head vs base " + shortBase + ": ");
        Duration unit = windows ? window : trial;
        console.printf("[kafka-perf-gate] paired: head vs base %s: %d scenarios, %d blocks of 4 %s of %.1f s each%s; "
                + "%d comparisons at α %.4f each (run budget %s)%n", shortBase, scenarios.size(), blocks,
                windows ? "warm windows (fault, network and mirror scenarios: " + trialBlocks
                        + " blocks of trials" + (trialLooks == 1 ? "" : ", up to " + trialLooks + " looks") + ")" : "trials",
                unit.toMillis() / 1000.0,
                looks == 1 ? "" : ", up to " + looks + " looks while inconclusive (each at α/" + looks + ")",
                comparisons, frame.policy().alpha(), frame.policy().suiteFalseAlarmRate());
        InjectedCost injection = frame.injection();
        if (injection.active()) {
            console.println("[kafka-perf-gate] INJECTED REGRESSION in the head: " + injection);
        }
        trials = new PairedTrials(brokers, workers, trial, paired.warmup(), paired.settle(), injection, console, design, window);
        ClientsMode clients = paired.clients();
        boolean sameClientCode = clients == ClientsMode.AUTO
                && ClasspathDigest.of(workers.baseClasspath()).equals(ClasspathDigest.of(workers.headClasspath()));
        judge = new PairedScenario(trials, components, frame.decisions(), frame.summary(), frame.resultsDir(),
                new PairedScenario.Looks(windows, blocks, looks, trialBlocks, trialLooks), console, clients, sameClientCode,
                settings.accept().given());
        this.frame = frame;
        return frame;
    }

    /**
     * Judges one scenario; its whole client on the broker its cluster size needs, started when
     * first needed. A broker that cannot serve it is the scenario's error.
     */
    @Override
    public void run(int index) {
        CatalogEntry scenario = scenarios.get(index);
        frame.progress().starting(scenario.name());
        RunSummary summary = frame.summary();
        java.util.Optional<String> dead = brokers.deadFor(scenario.brokers());
        if (dead.isPresent()) {
            summary.failed(scenario.name(), scenario.workload().key(), Outcome.ERROR,
                    new BrokerUnavailableException("not started: the broker is dead: " + dead.get(), null));
            return;
        }
        try {
            judge.run(scenario, policyDiff.headFile(scenario.name()), policyDiff.changesOf(scenario.name())).ifPresent(flagged::add);
        } catch (RunStoppedException e) {
            summary.stopped(e.getMessage());   // summary.json says why, not only the console
            throw e;
        }
    }

    /**
     * Confirms the flagged scenarios, the strongest flag first (once one is confirmed, fail-fast
     * skips the rest: they cannot change the decision), ends the trials' clients, then writes
     * summary.json and the report; returns the decision.
     */
    @Override
    public GateResult finish() {
        List<PairedScenario.Measured> strongestFirst = flagged.stream().sorted(PairedScenario.Measured.STRONGEST_FIRST).toList();
        flagged.clear();
        for (int i = 0; i < strongestFirst.size(); i++) {
            // Once the run has failed, fail-fast skips the rest: their own line says so, with no "confirmation k of n" before it.
            if (!frame.decisions().decided()) {
                frame.progress().confirming(i + 1, strongestFirst.size(), strongestFirst.get(i).scenario().name());
            }
            judge.confirm(strongestFirst.get(i));
        }
        PairedTrials ending = trials;
        trials = null;
        ending.close();
        return frame.finish();
    }

    /**
     * The run's frame takes its fingerprint and ruler on the first broker started; one it cannot
     * measure is stopped. The run's first broker failing stops the run, as it did when every paired
     * run started its broker first: the infrastructure's failure (exit 3), not one scenario's, and
     * not tried again for each scenario after it. A later broker (a cluster's size) fails only the
     * scenario that asked for it.
     */
    private KafkaBroker measuredOn(java.util.function.Supplier<KafkaBroker> start) {
        boolean first = frame.ruler() == null;
        KafkaBroker broker;
        try {
            broker = start.get();
        } catch (RuntimeException e) {
            throw first ? new RunStoppedException("the run's broker did not start: " + e.getMessage(), e) : asBrokers(e);
        }
        try {
            frame.brokerStarted(broker);
            return broker;
        } catch (RuntimeException e) {
            broker.close();
            throw first ? new RunStoppedException("the run's broker could not be measured: " + e.getMessage(), e) : asBrokers(e);
        }
    }

    /** A later broker's failure is the scenario's ERROR (the infrastructure's), never its FAILED (the pull request's). */
    private static BrokerUnavailableException asBrokers(RuntimeException e) {
        return e instanceof BrokerUnavailableException broker ? broker
                : new BrokerUnavailableException("the scenario's broker did not start: " + e.getMessage(), e);
    }

    /** Stops the broker and both sides' workers. */
    @Override
    public void close() {
        // In reverse order: the trials' clients (unless finish() ended them), the broker, then the workers.
        PairedTrials ending = trials;
        trials = null;
        try {
            if (ending != null) {
                ending.close();
            }
        } finally {
            try {
                if (brokers != null) {
                    brokers.close();
                }
            } finally {
                workers.close();
            }
        }
    }

    /** Checks the worker's protocol; returns the kafka-clients version its side runs. */
    private static String hello(WorkerProcess worker) {
        JsonNode reply = worker.call(WorkerProcess.command("hello"), Defaults.WORKER_REPLY_MARGIN);
        int protocol = reply.path("protocol").asInt();
        if (protocol != dev.kafkaperfgate.internal.worker.WorkerProtocol.VERSION) {
            // Both workers run the deciding JVM's own gate jars, so this means a broken installation.
            throw new WorkerException("the " + worker.side().key() + "'s worker speaks protocol " + protocol + ", this gate "
                    + dev.kafkaperfgate.internal.worker.WorkerProtocol.VERSION);
        }
        String version = reply.path("kafkaClients").asText("unknown");
        // A release older than the gate supports is the side's input, named in one line (exit 2), not a stack trace later.
        KafkaClients.unsupported(version).ifPresent(why -> {
            throw new SideInputException("the " + worker.side().key() + "'s " + why, null);
        });
        return version;
    }

    /** The head's scenarios the same selection picks: those the base lacks are new, and reported. None when nothing matches. */
    private static List<CatalogEntry> headSelection(WorkerProcess head, String headDir, String suite, String names) {
        try {
            return CatalogEntry.fromReply(head.call(catalogCommand(headDir, suite, names), Defaults.WORKER_REPLY_MARGIN));
        } catch (WorkerException e) {
            return List.of();
        }
    }

    private static ObjectNode catalogCommand(String dir, String suite, String names) {
        ObjectNode command = WorkerProcess.command("catalog").put("dir", Path.of(dir).toAbsolutePath().toString());
        command.put("suite", suite);
        command.put("names", names);
        return command;
    }

    /** The classpath a file holds (as {@code mvn dependency:build-classpath} writes it, entries joined by ':'). */
    private static String classpath(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (text.isEmpty()) {
                throw new InvalidSettingException("classpath file " + file + " is empty");
            }
            return text;
        } catch (IOException e) {
            throw new InvalidSettingException("cannot read classpath file " + file + ": " + e.getMessage(), e);
        }
    }
}
