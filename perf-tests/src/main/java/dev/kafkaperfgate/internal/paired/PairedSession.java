package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.PairedSettings;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.ClientsMode;
import dev.kafkaperfgate.internal.settings.ClientDesign;
import dev.kafkaperfgate.internal.paired.client.PairedTrials;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;
import dev.kafkaperfgate.internal.paired.workers.WorkerProcess;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
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
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.report.HtmlReport;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;
import dev.kafkaperfgate.internal.workload.InjectedCost;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A paired run: the head judged against the base on this machine, both measured side by side.
 * Two worker JVMs ({@link WorkerPair}), one per side on its own classpath, take turns on one broker ({@link PairedTrials});
 * the base's suites, thresholds and experiments judge ({@link PolicyDiff}); each metric gets a
 * {@link PairedJudge} verdict, and a flagged regression is measured again before it fails.
 *
 * <pre>{@code
 * GateResult result = PairedSession.run(GateSettings.of(Map.of(
 *         "perf.base.classpath.file", "target/base-classpath.txt",
 *         "perf.base.scenarios.dir", "/tmp/base/perf",
 *         "perf.suite", "pr")), System.out);
 * }</pre>
 *
 * When the base cannot take part (it has no gate, an older gate, or scenario files that do not
 * parse) this throws {@link PairedUnavailableException} before anything is measured, and the
 * caller falls back to stored baselines, saying so.
 */
public final class PairedSession {

    private PairedSession() {
    }

    /** Whether the settings ask for a paired run. */
    public static boolean requested(GateSettings settings) {
        return settings.paired().baseClasspathFile() != null;
    }

    /**
     * @throws PairedUnavailableException when the base cannot be measured: nothing was measured
     * @throws RuntimeException           when the head's own settings or files are bad, or the broker cannot start
     */
    public static GateResult run(GateSettings settings, PrintStream console) {
        PairedSettings paired = settings.paired();
        String baseClasspath = classpath(paired.baseClasspathFile());
        if (!GateCode.isIn(baseClasspath)) {
            // The one case in which a base cannot be measured and the pull request may still pass: it adopts the gate.
            throw new PairedUnavailableException("the base's test classpath has no kafka-perf-gate library (a base from before "
                    + "the gate was adopted)", null, true);
        }
        String headFile = paired.headClasspathFile();
        String headClasspath = headFile == null ? ThisJvm.classPath() : classpath(headFile);
        String baseDir = paired.baseScenariosDir();
        if (baseDir == null) {
            throw new IllegalArgumentException("paired mode needs -D" + GateProperties.BASE_SCENARIOS_DIR
                    + ": the base commit's scenario directory, whose rules judge the head");
        }
        String headDir = settings.scenariosDir().toString();
        String suite = settings.suite();
        ClientDesign design = paired.design();
        boolean windows = design == ClientDesign.WINDOWS;
        int blocks = paired.blocks().orElse(windows ? Defaults.PAIRED_WINDOW_BLOCKS : Defaults.PAIRED_BLOCKS);
        int looks = paired.looks().orElse(windows ? Defaults.PAIRED_WINDOW_LOOKS : Defaults.PAIRED_LOOKS);
        // A scenario measured in trials within a windows run (faults, network shapes, mirrors) keeps the trials'
        // own defaults: 24 blocks of 4 trials of 3 s, twice, would take it a quarter of an hour. Set keys win.
        int trialBlocks = paired.blocks().orElse(Defaults.PAIRED_BLOCKS);
        int trialLooks = paired.looks().orElse(Defaults.PAIRED_LOOKS);
        Duration trial = paired.trial();
        String jvmFlags = paired.workerJvmFlags();
        String baseCommit = paired.baseCommit() == null ? "unknown" : paired.baseCommit();
        InjectedCost injection = InjectedCost.from(settings);
        PairedPinning pinning = PairedPinning.forThisMachine(settings);
        console.println("[kafka-perf-gate] " + pinning.line());
        SideUsers users = SideUsers.of(paired.sandboxBase(), paired.sandboxHead(), paired.sandboxExchange(),
                !SideUsers.runningAsRoot());
        console.println("[kafka-perf-gate] " + users.base().describe() + "; " + users.head().describe());

        try (WorkerPair workers = WorkerPair.start(baseClasspath, headClasspath, jvmFlags, pinning.clients(), users, console)) {
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
            List<CatalogEntry> headCatalog = CatalogEntry.fromReply(head.call(catalogCommand(headDir, null, null),
                    Defaults.WORKER_REPLY_MARGIN));
            List<CatalogEntry> headSelection = headSelection(head, headDir, suite, settings.scenarioPatterns());
            PolicyDiff policy = PolicyDiff.between(baseCatalog, headCatalog, headSelection, suite);
            policy.lines().forEach(line -> console.println("[kafka-perf-gate] " + line));
            BrokerSettings brokerSettings = BrokerSettings.from(pinning.withBroker(settings));
            Components components = Components.plan(settings, baseClasspath, headClasspath, baseCatalog, policy, users, console);
            try (BrokerPool brokers = new BrokerPool(count -> startBroker(brokerSettings.withBrokers(count), settings, console), console)) {
                return measure(settings, console, brokers, workers, baseCatalog, policy, suite, new Shape(design, blocks, looks, trialBlocks, trialLooks, trial,
                        paired.window()),
                        baseCommit, injection, components, kafkaClients, users);
            }
        }
    }

    private static GateResult measure(GateSettings settings, PrintStream console, BrokerPool brokers, WorkerPair workers,
                                      List<CatalogEntry> scenarios, PolicyDiff policyDiff, String suite, Shape shape,
                                      String baseCommit, InjectedCost injection, Components components,
                                      ObjectNode kafkaClients, SideUsers users) {
        PairedSettings paired = settings.paired();
        int blocks = shape.blocks();
        int looks = shape.looks();
        Duration trial = shape.trial();
        ClientDesign design = shape.design();
        Duration window = shape.window();
        int comparisons = scenarios.stream().mapToInt(entry -> Metric.of(entry.workload(), false, entry.thresholds()).size()).sum()
                + components.comparisons();
        GatePolicy policy = GatePolicy.forSuite(Math.max(1, comparisons), settings);
        Path results = settings.resultsDir();
        RunSummary summary = new RunSummary(results, suite, scenarios.size(), RunSummary.Provenance.of(settings));
        Ruler ruler = Ruler.measure(brokers.current());
        summary.environment(Profile.resolve(settings), MachineClass.current(), Fingerprint.current(brokers.current().info()), ruler,
                Drift.between(ruler, List.of(), Defaults.DRIFT_BOUND), policy, injection);
        String shortBase = baseCommit.length() > 12 ? baseCommit.substring(0, 12) : baseCommit;
        ObjectNode mode = JsonNodeFactory.instance.objectNode().put("name", "paired").put("base", baseCommit)
                .put("blocks", blocks).put("looks", looks).put("trialBlocks", shape.trialBlocks()).put("trialLooks", shape.trialLooks())
                .put("trialSeconds", trial.toMillis() / 1000.0)
                .put("design", design.name().toLowerCase(java.util.Locale.ROOT))
                .put("windowSeconds", window.toMillis() / 1000.0)
                .put("order", "ABBA/BAAB blocks, one broker");
        mode.set("kafkaClients", kafkaClients);
        // Who ran each side's code: a reader of summary.json sees whether the pull request's code ran apart from the gate.
        mode.put("isolation", users.base().describe() + "; " + users.head().describe());
        policyDiff.lines().forEach(mode.withArray("policyChanges")::add);
        mode.put("components", components.describe());
        summary.module(settings.runModule());
        summary.mode(mode, "paired: head vs base " + shortBase + ": ");
        Duration unit = design == ClientDesign.WINDOWS ? window : trial;
        console.printf("[kafka-perf-gate] paired: head vs base %s: %d scenarios, %d blocks of 4 %s of %.1f s each%s; "
                + "%d comparisons at α %.4f each (run budget %s)%n", shortBase, scenarios.size(), blocks,
                design == ClientDesign.WINDOWS ? "warm windows (fault, network and mirror scenarios: " + shape.trialBlocks()
                        + " blocks of trials" + (shape.trialLooks() == 1 ? "" : ", up to " + shape.trialLooks() + " looks") + ")" : "trials",
                unit.toMillis() / 1000.0,
                looks == 1 ? "" : ", up to " + looks + " looks while inconclusive (each at α/" + looks + ")",
                comparisons, policy.alpha(), policy.suiteFalseAlarmRate());
        if (injection.active()) {
            console.println("[kafka-perf-gate] INJECTED REGRESSION in the head: " + injection);
        }
        Duration coldWarmup = paired.warmup();
        int settle = paired.settle();
        PairedTrials trials = new PairedTrials(brokers, workers, trial, coldWarmup, settle, injection, console, design, window);
        ClientsMode clients = paired.clients();
        boolean sameClientCode = clients == ClientsMode.AUTO
                && ClasspathDigest.of(workers.baseClasspath()).equals(ClasspathDigest.of(workers.headClasspath()));
        PairedScenario judge = new PairedScenario(trials, components, new RunDecisions(policy, console, paired.failFast()), summary, results,
                new PairedScenario.Looks(design == ClientDesign.WINDOWS, blocks, looks, shape.trialBlocks(), shape.trialLooks()),
                console, clients, sameClientCode);
        long start = System.nanoTime();
        try (trials) {
            for (int i = 0; i < scenarios.size(); i++) {
                CatalogEntry scenario = scenarios.get(i);
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                console.printf("[kafka-perf-gate] scenario %d of %d: %s (%dm%02ds elapsed)%n", i + 1, scenarios.size(), scenario.name(),
                        seconds / 60, seconds % 60);
                KafkaBroker broker;
                try {
                    broker = brokers.forBrokers(scenario.brokers());
                } catch (BrokerUnavailableException e) {
                    summary.failed(scenario.name(), scenario.workload().key(), Outcome.ERROR, e);
                    continue;
                }
                if (broker.failure().isPresent()) {
                    summary.failed(scenario.name(), scenario.workload().key(), Outcome.ERROR,
                            new BrokerUnavailableException("not started: the broker is dead: " + broker.failure().get(), null));
                    continue;
                }
                judge.run(scenario, policyDiff.headFile(scenario.name()), policyDiff.changesOf(scenario.name()));
            }
        }
        summary.finish();
        GateResult result = summary.result();
        console.println("[kafka-perf-gate] " + result.headline() + "; summary: " + results.resolve("summary.json"));
        console.println("[kafka-perf-gate] report: " + HtmlReport.write(results,
                settings.baselinesDir()));
        return result;
    }

    /** How the whole client is measured: the design, the blocks per look, the looks, a trial's and a window's length. */
    private record Shape(ClientDesign design, int blocks, int looks, int trialBlocks, int trialLooks, Duration trial,
                         Duration window) {
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
        return reply.path("kafkaClients").asText("unknown");
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

    private static KafkaBroker startBroker(BrokerSettings brokerSettings, GateSettings settings, PrintStream console) {
        KafkaBroker broker = BrokerSelector.start(brokerSettings, console);
        try {
            BrokerWarmup.run(broker, settings.brokerWarmup().orElse(Defaults.PAIRED_BROKER_WARMUP), console);
            return broker;
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /** The classpath a file holds (as {@code mvn dependency:build-classpath} writes it, entries joined by ':'). */
    private static String classpath(String file) {
        try {
            String text = Files.readString(Path.of(file), StandardCharsets.UTF_8).trim();
            if (text.isEmpty()) {
                throw new IllegalArgumentException("classpath file " + file + " is empty");
            }
            return text;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read classpath file " + file + ": " + e.getMessage(), e);
        }
    }

    /** Writes one scenario's paired result file. */
    static Path write(Path results, String scenario, ObjectNode json) {
        return ResultFile.write(json, results, scenario + ".paired.json");
    }
}
