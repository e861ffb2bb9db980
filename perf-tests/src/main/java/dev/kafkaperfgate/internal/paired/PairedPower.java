package dev.kafkaperfgate.internal.paired;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.PairedJudge;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.workload.BrokerWarmup;
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
 * injected regressions on the head side, each one's real size measured by the same run. Every
 * comparison goes through {@link PairedJudge} at the PR suite's policy (23 comparisons, 2% per
 * run), and a flagged metric is measured again, as the gate does, before it counts as confirmed.
 *
 * <pre>{@code
 * java -cp <test classpath> dev.kafkaperfgate.internal.paired.PairedPower --scenarios perf-tests/scenarios \
 *     --aa-rounds 4 --repeats 3 --out target/gate-power-paired.json
 * }</pre>
 */
public final class PairedPower {

    /** The PR suite's comparisons: the policy every verdict here is made at. */
    private static final int PR_SUITE_COMPARISONS = 23;

    /** One kind of measurement: a scenario, and what the head carries. */
    private record Experiment(String label, String scenario, InjectedCost injection, Metric target, double goalPercent) {
    }

    private PairedPower() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        Path scenarios = Path.of(options.getOrDefault("--scenarios", "perf-tests/scenarios"));
        int aaRounds = Integer.parseInt(options.getOrDefault("--aa-rounds", "4"));
        int repeats = Integer.parseInt(options.getOrDefault("--repeats", "3"));
        int blocks = Integer.parseInt(options.getOrDefault("--blocks", Integer.toString(Defaults.PAIRED_BLOCKS)));
        Duration trial = Duration.ofMillis((long) (Double.parseDouble(options.getOrDefault("--trial-seconds",
                Double.toString(Defaults.PAIRED_TRIAL.toMillis() / 1000.0))) * 1000));
        Path out = Path.of(options.getOrDefault("--out", "perf-tests/target/gate-power-paired.json"));
        // --only throughput,cpu: run just the injected experiments whose label starts with one of these words.
        List<String> only = List.of(options.getOrDefault("--only", "throughput,cpu,alloc,p99").split(","));
        only.stream().filter(word -> !List.of("throughput", "cpu", "alloc", "p99").contains(word)).findFirst().ifPresent(word -> {
            throw new IllegalArgumentException("--only takes throughput, cpu, alloc and p99, got " + word);
        });
        PrintStream console = System.out;
        String classpath = System.getProperty("java.class.path");

        List<Experiment> experiments = new ArrayList<>();
        for (int round = 1; round <= aaRounds; round++) {
            experiments.add(new Experiment("A/A" + (round % 2 == 0 ? " + neighbour" : ""), "producer-1k-acks1-unthrottled",
                    InjectedCost.NONE, null, 0));
            experiments.add(new Experiment("A/A" + (round % 2 == 0 ? " + neighbour" : ""), "producer-1k-acks1-20k",
                    InjectedCost.NONE, null, 0));
        }
        List<Experiment> injected = new ArrayList<>();
        for (int repeat = 0; repeat < repeats; repeat++) {
            injected.add(new Experiment("throughput -10%", "producer-1k-acks1-unthrottled",
                    new InjectedCost(Long.parseLong(options.getOrDefault("--burn-10", "1300")), 1), Metric.THROUGHPUT, -10));
            injected.add(new Experiment("throughput -5%", "producer-1k-acks1-unthrottled",
                    new InjectedCost(Long.parseLong(options.getOrDefault("--burn-5", "600")), 1), Metric.THROUGHPUT, -5));
            injected.add(new Experiment("cpu +10%", "producer-1k-acks1-20k",
                    new InjectedCost(Long.parseLong(options.getOrDefault("--burn-cpu", "3300")), 1), Metric.CPU_PER_RECORD, 10));
            injected.add(new Experiment("alloc +10%", "producer-1k-acks1-20k",
                    new InjectedCost(0, 1, Integer.parseInt(options.getOrDefault("--alloc", "420"))), Metric.ALLOC_PER_RECORD, 10));
            injected.add(new Experiment("p99 +25%", "producer-1k-acks1-20k",
                    new InjectedCost(Long.parseLong(options.getOrDefault("--spike-ns", "1500000")), 1000), Metric.P99, 25));
        }
        injected.stream().filter(experiment -> only.contains(experiment.label().split(" ")[0])).forEach(experiments::add);

        Properties brokerProperties = new Properties();
        brokerProperties.setProperty("perf.broker", options.getOrDefault("--broker", "process"));
        GatePolicy policy = GatePolicy.forSuite(PR_SUITE_COMPARISONS, Map.of());
        PairedJudge judge = new PairedJudge(policy);
        ArrayNode rows = new ObjectMapper().createArrayNode();
        try (WorkerProcess base = WorkerProcess.start(Side.BASE, classpath, Defaults.WORKER_JVM_FLAGS, console);
             WorkerProcess head = WorkerProcess.start(Side.HEAD, classpath, Defaults.WORKER_JVM_FLAGS, console);
             KafkaBroker broker = BrokerSelector.start(BrokerSettings.from(brokerProperties), console)) {
            BrokerWarmup.run(broker, Defaults.BROKER_WARMUP, console);
            List<CatalogEntry> catalog = CatalogEntry.fromReply(base.call(PairedTrials.command("catalog")
                    .put("dir", scenarios.toAbsolutePath().toString()).put("suite", "pr"), Defaults.WORKER_REPLY_MARGIN));
            for (Experiment experiment : experiments) {
                CatalogEntry entry = catalog.stream().filter(scenario -> scenario.name().equals(experiment.scenario())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("no PR scenario " + experiment.scenario() + " in " + scenarios));
                Process neighbour = experiment.label().endsWith("neighbour") ? busyLoop() : null;
                try {
                    PairedTrials trials = new PairedTrials(broker, base, head, trial, experiment.injection(), console);
                    ScenarioVerdict first = judge.judge(entry.name(), trials.measure(entry, entry.file(), blocks, new ArrayList<>()).blocks(),
                            entry.thresholds(), List.of());
                    ScenarioVerdict second = first.has(Verdict.REGRESSION)
                            ? judge.judge(entry.name(), trials.measure(entry, entry.file(), blocks, new ArrayList<>()).blocks(),
                            entry.thresholds(), List.of()) : null;
                    for (MetricVerdict metric : first.metrics()) {
                        ObjectNode row = rows.addObject();
                        row.put("experiment", experiment.label());
                        row.put("scenario", entry.name());
                        row.put("metric", metric.metric().key());
                        row.put("target", experiment.target() == metric.metric());
                        row.put("goalPercent", experiment.goalPercent());
                        row.put("deltaPercent", Math.round(metric.deltaPercent() * 100) / 100.0);
                        row.put("mdePercent", Math.round(metric.mdePercent() * 100) / 100.0);
                        row.put("blockSdPercent", Math.round(metric.comparison().runToRunSd() * 10000) / 100.0);
                        row.put("verdict", metric.verdict().name());
                        boolean confirmed = metric.verdict() == Verdict.REGRESSION && second != null
                                && second.with(Verdict.REGRESSION).stream().anyMatch(again -> again.metric() == metric.metric());
                        row.put("confirmed", confirmed);
                        console.printf(Locale.ROOT, "[gate-power] %-20s %-30s %-20s %-12s %+7.1f%% (MDE %+.1f%%)%s%n", experiment.label(),
                                entry.name(), metric.metric().key(), metric.verdict(), metric.deltaPercent(), metric.mdePercent(),
                                confirmed ? " CONFIRMED" : "");
                    }
                } catch (RuntimeException e) {
                    console.println("[gate-power] " + experiment.label() + " on " + experiment.scenario() + " failed: " + e.getMessage());
                    rows.addObject().put("experiment", experiment.label()).put("scenario", experiment.scenario()).put("error", e.getMessage());
                } finally {
                    if (neighbour != null) {
                        neighbour.destroyForcibly();
                    }
                }
                Files.createDirectories(out.toAbsolutePath().getParent());
                new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), rows);
            }
        }
        console.println("[gate-power] rows: " + out);
    }

    /** A one-core busy loop, stopped by its pid when the experiment ends. */
    private static Process busyLoop() throws IOException {
        Process process = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        // Stopped even when this bench is interrupted: by its own pid, never by name.
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
        System.out.println("[gate-power] noisy neighbour: busy loop pid " + process.pid());
        return process;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("options are --name value pairs, got " + args[i]);
            }
            options.put(args[i], args[i + 1]);
        }
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("option " + args[args.length - 1] + " has no value");
        }
        return options;
    }
}
