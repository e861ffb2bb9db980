package dev.kafkaperfgate.tools.power;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.ClientDesign;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.paired.client.ClientMeasurer;
import dev.kafkaperfgate.internal.paired.PairedPinning;
import dev.kafkaperfgate.internal.paired.client.PairedTrials;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;
import dev.kafkaperfgate.internal.paired.workers.WorkerProcess;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;
import dev.kafkaperfgate.internal.workload.InjectedCost;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;


/**
 * Measures paired mode's power on this machine (a benchmark, run by {@code scripts/gate-power.sh
 * --paired}, never a test): A/A measurements of the PR suite's produce scenarios, the same code on
 * both sides, half of them beside a one-core busy loop this bench starts and stops by pid; and
 * injected regressions on the head side. Every comparison goes through {@link RunDecisions}, as in the gate, at the
 * PR suite's policy (its comparisons counted from its files, 2% per run), and a flagged metric is measured again, as the
 * gate does, before it counts as confirmed.
 *
 * <p>An injection's nominal size is only a starting point: 3.3 µs of CPU per record at 20k
 * records/s measured +2% to +9% CPU per record, not +10%, because a slower sender parks less
 * often; and a send() burn costs no throughput at all until it uses up the sender's slack. So
 * each injected kind is first <em>calibrated</em>: short probe measurements ({@code --probe-blocks}
 * blocks each, at most {@code --probe-steps} of them) search for the size whose real effect is
 * within a quarter of the goal ({@link InjectionSizer}). Every repeat then reports the real effect
 * it measured, so detection is stated against what was really injected.
 *
 * <pre>{@code
 * java -cp <test classpath> dev.kafkaperfgate.internal.paired.PairedPower --scenarios perf-tests/scenarios \
 *     --aa-rounds 4 --repeats 3 --out target/gate-power-paired.json
 * }</pre>
 */
public final class PairedPower {


    /** One kind of measurement: a scenario, and what the head carries. */
    private record Experiment(String label, String scenario, InjectedCost injection, Metric target, double goalPercent,
                              boolean neighbour) {

        double size() {
            return injection.magnitude();
        }

        Experiment sized(double size) {
            InjectedCost sized = injection.withMagnitude(Math.max(1, Math.round(size)));
            return new Experiment(label, scenario, sized, target, goalPercent, neighbour);
        }

        /** The same injection, measured beside a one-core busy loop. */
        Experiment besideNeighbour() {
            return new Experiment(label + " + neighbour", scenario, injection, target, goalPercent, true);
        }
    }

    /**
     * A measurement's verdict and, when it flagged a regression, the second measurement's; and the
     * first measurement's values per window or trial, for the spread behind an MDE ({@code null} for a probe).
     */
    private record Measured(ScenarioVerdict first, ScenarioVerdict second, JsonNode values) {

        boolean confirmed(MetricVerdict metric) {
            return metric.verdict() == Verdict.REGRESSION && second != null
                    && second.with(Verdict.REGRESSION).stream().anyMatch(again -> again.metric() == metric.metric());
        }
    }

    private final List<CatalogEntry> catalog;
    private final KafkaBroker broker;
    private final WorkerPair workers;
    private final Duration trial;
    private final GatePolicy policy;
    private final PrintStream console;
    /** Measurements made so far: the first runs on the JVMs started with the session. */
    private int measurements;

    private final ClientDesign design;
    private final Duration window;
    private final int looks;

    private PairedPower(List<CatalogEntry> catalog, KafkaBroker broker, WorkerPair workers, Duration trial,
                        GatePolicy policy, PrintStream console, ClientDesign design, Duration window, int looks) {
        this.design = design;
        this.window = window;
        this.looks = looks;
        this.catalog = catalog;
        this.broker = broker;
        this.workers = workers;
        this.trial = trial;
        this.policy = policy;
        this.console = console;
    }

    static void run(PairedPowerOptions options) throws IOException {
        Duration trial = Duration.ofMillis(Math.round(options.trialSeconds * 1000));
        PrintStream console = System.out;
        String classpath = ThisJvm.classPath();

        List<Experiment> aa = new ArrayList<>();
        for (int round = 1; round <= options.aaRounds; round++) {
            boolean neighbour = round % 2 == 0;
            for (String scenario : options.aaScenarios) {
                aa.add(new Experiment(neighbour ? "A/A + neighbour" : "A/A", scenario, InjectedCost.NONE, null, 0, neighbour));
            }
        }
        // Starting sizes; each is calibrated by probes before its repeats. The throughput ones start
        // where the pinned 2-core machine measured the steep part of the curve (416 ns: +0.5%, 600 ns: -5.7%, 1.3 µs: -31%).
        List<Experiment> injected = new ArrayList<>(List.of(
                new Experiment("throughput -10%", "producer-1k-acks1-unthrottled",
                        new InjectedCost(options.burn10, 1), Metric.THROUGHPUT, -10, false),
                new Experiment("throughput -5%", "producer-1k-acks1-unthrottled",
                        new InjectedCost(options.burn5, 1), Metric.THROUGHPUT, -5, false),
                new Experiment("cpu +10%", options.fixedRateScenario,
                        new InjectedCost(options.burnCpu, 1), Metric.CPU_PER_RECORD, 10, false),
                new Experiment("alloc +10%", options.fixedRateScenario,
                        new InjectedCost(0, 1, options.alloc), Metric.ALLOC_PER_RECORD, 10, false),
                // A stall of the sending thread on 1 record in 100 (1%, the p99's own share; --spike-every): every
                // record due during the stall waits with it, as behind a slow synchronous lookup.
                new Experiment("p99 +25%", options.fixedRateScenario,
                        new InjectedCost(options.spikeNs, options.spikeEvery), Metric.P99, 25, false)));
        injected.removeIf(experiment -> !options.only.contains(experiment.label().split(" ")[0]));

        Properties brokerProperties = new Properties();
        brokerProperties.setProperty(dev.kafkaperfgate.internal.settings.GateProperties.BROKER, options.broker);
        // Pinned as the gate pins a paired run: --broker-cpus/--client-cpus as -Dperf.broker.cpus/-Dperf.client.cpus, --pin false to run unpinned.
        Map<String, String> pinOptions = new LinkedHashMap<>();
        if (options.brokerCpus != null) {
            pinOptions.put(GateProperties.BROKER_CPUS, options.brokerCpus);
        }
        if (options.clientCpus != null) {
            pinOptions.put(GateProperties.CLIENT_CPUS, options.clientCpus);
        }
        if (options.pin != null) {
            pinOptions.put(GateProperties.PAIRED_PIN, options.pin);
        }
        PairedPinning pinning = PairedPinning.forThisMachine(GateSettings.of(pinOptions));
        console.println("[gate-power] " + pinning.line());
        pinning.withBroker(GateSettings.defaults()).given().forEach(brokerProperties::setProperty);
        CpuSet clientCpus = pinning.clients();
        // The PR suite's policy, every verdict here is made at: its comparisons counted from its files.
        GatePolicy policy = RunFrame.policy(dev.kafkaperfgate.tools.bench.PrSuite.comparisons(options.scenarios), GateSettings.of(Map.of()));
        ArrayNode rows = new ObjectMapper().createArrayNode();
        try (WorkerPair workers = WorkerPair.start(classpath, classpath, dev.kafkaperfgate.internal.settings.machine.JvmFlags.of(Defaults.WORKER_JVM_FLAGS), clientCpus, console);
             KafkaBroker broker = BrokerSelector.start(BrokerSettings.from(GateSettings.of(brokerProperties)), console)) {
            BrokerWarmup.run(broker, Defaults.PAIRED_BROKER_WARMUP, console);
            List<CatalogEntry> catalog = CatalogEntry.fromReply(workers.base().call(WorkerProcess.command("catalog")
                    .put("dir", options.scenarios.toAbsolutePath().toString()).putNull("suite"), Defaults.WORKER_REPLY_MARGIN));
            List<String> named = new ArrayList<>(options.aaScenarios);
            named.add(options.fixedRateScenario);
            named.stream().filter(name -> catalog.stream().noneMatch(entry -> entry.name().equals(name))).findFirst().ifPresent(name -> {
                throw new IllegalArgumentException("no scenario " + name + " in " + options.scenarios + "; it has "
                        + catalog.stream().map(CatalogEntry::name).toList());
            });
            PairedPower power = new PairedPower(catalog, broker, workers, trial, policy, console, options.design,
                    Duration.ofMillis(Math.round(options.windowSeconds * 1000)), options.looks);
            for (Experiment experiment : aa) {
                power.record(experiment, options.blocks, rows, options.out);
            }
            for (Experiment experiment : injected) {
                Experiment calibrated = power.calibrate(experiment, options.probeBlocks, options.probeSteps);
                Experiment measured = options.neighbour ? calibrated.besideNeighbour() : calibrated;
                for (int repeat = 0; repeat < options.repeats; repeat++) {
                    power.record(measured, options.blocks, rows, options.out);
                }
            }
        }
        summarize(rows, console);
        console.println("[gate-power] rows: " + options.out);
    }

    /**
     * Probes until one lands within a quarter of the goal (see {@link InjectionSizer}), at most
     * {@code steps} probes, and returns the experiment at the size found (the last probe's, or
     * the sizer's next step when none landed). A probe that failed, or could not measure the
     * target metric, ends the calibration at the size reached and says so, as a failed repeat is
     * recorded rather than ending the bench.
     */
    private Experiment calibrate(Experiment experiment, int probeBlocks, int steps) {
        InjectionSizer sizer = new InjectionSizer(experiment.goalPercent(), experiment.size());
        for (int step = 1; step <= steps && !sizer.done(); step++) {
            Experiment probe = experiment.sized(sizer.next());
            double measured;
            try {
                measured = measure(probe, probeBlocks, false).first().metrics().stream()
                        .filter(metric -> metric.metric() == experiment.target())
                        .mapToDouble(MetricVerdict::deltaPercent).findFirst().orElse(Double.NaN);
            } catch (RuntimeException e) {
                console.println("[gate-power] calibration of " + experiment.label() + " failed at " + probe.injection() + ": "
                        + e.getMessage());
                return probe;
            }
            if (Double.isNaN(measured)) {
                console.println("[gate-power] calibration of " + experiment.label() + ": the probe did not measure "
                        + experiment.target().key() + "; keeping " + probe.injection());
                return probe;
            }
            sizer.probed(probe.size(), measured);
            console.printf(Locale.ROOT, "[gate-power] calibration of %s, probe %d of %d (%d blocks): %s measured %+.1f%% on %s; goal %+.0f%%%n",
                    experiment.label(), step, steps, probeBlocks, probe.injection(), measured, experiment.target().key(),
                    experiment.goalPercent());
        }
        Experiment calibrated = experiment.sized(sizer.next());
        console.printf(Locale.ROOT, "[gate-power] calibration of %s: probes (size→effect) %s; %s, repeats at %s%n", experiment.label(),
                sizer, sizer.done() ? "landed" : "did not land within " + steps + " probes", calibrated.injection());
        return calibrated;
    }

    /** Measures and judges one experiment at the default blocks, confirmation included, and appends its rows. */
    private void record(Experiment experiment, int blocks, ArrayNode rows, Path out) throws IOException {
        try {
            long start = System.nanoTime();
            Measured measured = measure(experiment, blocks, true);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (measured.values() != null) {
                rows.addObject().put("experiment", experiment.label()).put("scenario", experiment.scenario())
                        .put("design", design.name().toLowerCase(Locale.ROOT)).set("values", measured.values());
            }
            for (MetricVerdict metric : measured.first().metrics()) {
                ObjectNode row = rows.addObject();
                row.put("experiment", experiment.label());
                row.put("scenario", experiment.scenario());
                row.put("injection", experiment.injection().toString());
                row.put("metric", metric.metric().key());
                row.put("target", experiment.target() == metric.metric());
                row.put("goalPercent", experiment.goalPercent());
                row.put("deltaPercent", Math.round(metric.deltaPercent() * 100) / 100.0);
                row.put("mdePercent", Math.round(metric.mdePercent() * 100) / 100.0);
                row.put("blockSdPercent", Math.round(metric.comparison().runToRunSd() * 10000) / 100.0);
                row.put("verdict", metric.verdict().name());
                row.put("reason", metric.reason());
                row.put("confirmed", measured.confirmed(metric));
                row.put("design", design.name().toLowerCase(Locale.ROOT));
                row.put("seconds", Math.round(seconds));
                console.printf(Locale.ROOT, "[gate-power] %-20s %-30s %-20s %-12s %+7.1f%% (MDE %+.1f%%)%s, %.0f s%n", experiment.label(),
                        experiment.scenario(), metric.metric().key(), metric.verdict(), metric.deltaPercent(), metric.mdePercent(),
                        measured.confirmed(metric) ? " CONFIRMED" : "", seconds);
            }
        } catch (RuntimeException e) {
            console.println("[gate-power] " + experiment.label() + " on " + experiment.scenario() + " failed: " + e.getMessage());
            rows.addObject().put("experiment", experiment.label()).put("scenario", experiment.scenario()).put("error", e.getMessage());
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), rows);
    }

    private Measured measure(Experiment experiment, int blocks, boolean confirm) {
        CatalogEntry entry = catalog.stream().filter(scenario -> scenario.name().equals(experiment.scenario())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no scenario " + experiment.scenario() + " in the catalog"));
        Process neighbour = experiment.neighbour() ? BusyNeighbour.start("gate-power") : null;
        try {
            PairedTrials trials = new PairedTrials(new BrokerPool(broker, count -> {
                throw new IllegalStateException("gate-power measures the PR suite's single-broker scenarios only");
            }, console), workers, trial, Defaults.WARMUP_MIN, Defaults.PAIRED_SETTLE_MAX, experiment.injection(), console, design, window);
            // Every measurement on its own pair of JVMs, as every gate run has: their JIT's offset is part of the noise measured.
            if (measurements++ > 0) {
                trials.freshWorkers();
            }
            // The gate's own whole-client measurement; every measurement on its own pair of JVMs, as above.
            ClientMeasurer measurer = new ClientMeasurer(trials, entry, entry.file(), blocks, looks, List.of());
            RunDecisions decisions = new RunDecisions(policy, new PrintStream(java.io.OutputStream.nullOutputStream()), false);
            ScenarioVerdict first;
            ScenarioVerdict second;
            JsonNode values = null;
            if (confirm) {
                Decision<PairedMeasurement> decision = decisions.decide(entry.name(), measurer);
                first = decision.verdict();
                second = decision.again();
                values = decision.first().toJson();
                if (decision.second() != null) {
                    // The confirmation's windows too: its fresh pair warms up in the other order, which shows here.
                    ((com.fasterxml.jackson.databind.node.ObjectNode) values).set("confirmation", decision.second().toJson());
                }
            } else {
                // The first look alone, as the gate takes it (its looks included), through the same decisions.
                first = decisions.first(entry.name(), measurer).verdict();
                second = null;
            }
            trials.close();
            return new Measured(first, second, values);
        } finally {
            if (neighbour != null) {
                neighbour.destroyForcibly();
            }
        }
    }

    /** Per experiment: how many comparisons, how many flagged and confirmed; for injections, the target's real effects. */
    private static void summarize(ArrayNode rows, PrintStream console) {
        Map<String, List<JsonNode>> byExperiment = new LinkedHashMap<>();
        rows.forEach(row -> byExperiment.computeIfAbsent(row.path("experiment").asText(), key -> new ArrayList<>()).add(row));
        console.println("[gate-power] summary (first-stage flags, confirmed failures; injected: the target metric's real effects)");
        byExperiment.forEach((label, list) -> {
            List<JsonNode> judged = list.stream().filter(row -> row.has("verdict")).toList();
            List<JsonNode> counted = label.startsWith("A/A") ? judged : judged.stream().filter(row -> row.path("target").asBoolean()).toList();
            long flagged = counted.stream().filter(row -> row.path("verdict").asText().equals("REGRESSION")).count();
            long confirmed = counted.stream().filter(row -> row.path("confirmed").asBoolean()).count();
            String effects = label.startsWith("A/A") ? "" : " real effects " + counted.stream()
                    .map(row -> String.format(Locale.ROOT, "%+.1f%%", row.path("deltaPercent").asDouble())).toList();
            console.printf(Locale.ROOT, "[gate-power]   %-18s comparisons %3d, flagged %2d, confirmed %2d, errors %d%s%n", label,
                    counted.size(), flagged, confirmed, list.stream().filter(row -> row.has("error")).count(), effects);
        });
    }
}
