package dev.kafkaperfgate.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioFileParser;
import dev.kafkaperfgate.internal.scenario.ValidationError;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Measures the gate's own power on this machine: how often it cries wolf on A/A runs, and how
 * often it catches injected regressions of known size, on a representative pair of scenarios
 * (an unthrottled producer for throughput; a 20k records/s producer for p99 and for the client's
 * CPU and allocation per record, injected by an interceptor in send()) run in one JVM on
 * one process broker, interleaved so that drift hits every kind of run alike. Every comparison
 * goes through the gate's own {@link dev.kafkaperfgate.internal.verdict.Judge} at the PR suite's policy,
 * confirmation re-run included ({@link PowerTally}). Run by scripts/gate-power.sh.
 */
@Command(name = "stored", mixinStandardHelpOptions = true,
        description = "Stored mode's power: the false-alarm rate over A/A runs and the detection of injected regressions of "
                + "--levels percent on throughput, p99, CPU and allocation per record, judged at the PR suite's policy.")
public final class GatePower implements Callable<Integer> {

    private static final String THROUGHPUT_SCENARIO = """
            name: power-1k-unthrottled
            tags: [pr]
            workload: produce
            duration: %ds
            record.size: 1024
            rate: unlimited
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
            warmup: {min: 5s, max: 15s, window: 1s, windows: 3, tolerance: 0.2}
            trials: 3
            """;
    private static final String P99_SCENARIO = """
            name: power-1k-20k
            tags: [pr]
            workload: produce
            duration: %ds
            record.size: 1024
            rate: 20000
            producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}
            warmup: {min: 5s, max: 15s, window: 1s, windows: 3, tolerance: 0.2}
            trials: 3
            """;
    /**
     * A p99 injection burns a CPU spike on 1 record in this many (20 spikes/s at 20k records/s):
     * p99 moves with the records queued behind a spike, not with a cost spread over every record
     * (1.2 ms on each of 20k records/s would need 24 cores).
     */
    private static final int SPIKE_EVERY = 1000;
    /** Probe runs per level to size a p99 spike: its effect on p99 is far from linear. */
    private static final int SPIKE_PROBES = 3;

    @Option(names = "--aa-runs", defaultValue = "20", description = "A/A runs (default: ${DEFAULT-VALUE})")
    int aaRuns;
    @Option(names = "--per-level", defaultValue = "3", description = "runs per injected level (default: ${DEFAULT-VALUE})")
    int perLevel;
    @Option(names = "--levels", defaultValue = "10,20,30", split = ",", description = "injected regressions in percent (default: ${DEFAULT-VALUE})")
    List<Integer> levels;
    @Option(names = "--window", defaultValue = "10", description = "baseline window (default: ${DEFAULT-VALUE})")
    int window;
    @Option(names = "--trial-seconds", defaultValue = "5", description = "trial length (default: ${DEFAULT-VALUE})")
    int trialSeconds;
    @Option(names = "--out", defaultValue = "target/gate-power.json", description = "rows as JSON (default: ${DEFAULT-VALUE})")
    Path out;
    @Option(names = "--broker-classpath-file", required = true, paramLabel = "FILE", description = "the broker jars' classpath (the wrapper script passes it)")
    String brokerClasspathFile;
    @Option(names = "--scenarios", defaultValue = PrSuite.SCENARIOS,
            description = "the PR suite's scenario files, whose comparisons set the policy (default: ${DEFAULT-VALUE})")
    Path scenarios;

    @Override
    public Integer call() throws IOException {
        if (aaRuns < window + 2) {
            throw new IllegalArgumentException("--aa-runs must exceed --window by 2 (a window, the run judged and its confirmation)");
        }
        Path scenarioDir = Files.createTempDirectory("gate-power");
        int seconds = trialSeconds;
        Scenario throughput = parse(scenarioDir, THROUGHPUT_SCENARIO.formatted(seconds));
        Scenario p99 = parse(scenarioDir, P99_SCENARIO.formatted(seconds));
        int comparisons = PrSuite.comparisons(scenarios);
        GatePolicy policy = RunFrame.policy(comparisons, GateSettings.of(Map.of()));
        System.out.printf(Locale.ROOT, "gate-power: %d A/A runs, %d runs per injected level %s%%, window %d, α %.4f per comparison and stage%n",
                aaRuns, perLevel, levels, window, policy.alpha());

        Properties brokerProperties = new Properties();
        brokerProperties.setProperty(GateProperties.BROKER_CLASSPATH_FILE, brokerClasspathFile);
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(brokerProperties)).withMode(BrokerMode.PROCESS);
        PowerTally tally = new PowerTally(policy, window);
        long start = System.nanoTime();
        try (ProcessBroker broker = ProcessBroker.start(settings, "gate-power benchmark")) {
            BrokerWarmup.run(broker, Duration.ofSeconds(30), System.out);
            Runner runner = new Runner(broker);
            // Calibration: the first A runs give the level the injections are sized against.
            int calibration = 4;
            for (int i = 0; i < calibration; i++) {
                tally.baseline(runner.run(throughput, InjectedCost.NONE), runner.run(p99, InjectedCost.NONE));
            }
            double meanThroughput = tally.medianA(Metric.THROUGHPUT);
            double meanP99Us = tally.medianA(Metric.P99);
            double meanCpuNs = tally.medianA(Metric.CPU_PER_RECORD);
            double meanAllocBytes = tally.medianA(Metric.ALLOC_PER_RECORD);
            Map<Integer, Long> spikes = new java.util.TreeMap<>();
            for (int level : levels) {
                spikes.put(level, sizeSpike(runner, p99, level / 100.0, meanP99Us));
            }
            List<Runnable> schedule = new ArrayList<>();
            for (int round = 0; round < perLevel; round++) {
                for (int level : levels) {
                    double share = level / 100.0;
                    // The send thread's time per record is 1/throughput; burning this much more takes it to (1 - share) of it.
                    long burnNs = Math.round((1 / (meanThroughput * (1 - share)) - 1 / meanThroughput) * 1e9);
                    schedule.add(() -> tally.injected(Metric.THROUGHPUT, level, runner.run(throughput, new InjectedCost(burnNs, 1))));
                    schedule.add(() -> tally.injected(Metric.P99, level, runner.run(p99, new InjectedCost(spikes.get(level), SPIKE_EVERY))));
                    // At the fixed rate: this share more CPU, or this share more allocation, on every record.
                    long cpuBurnNs = Math.round(share * meanCpuNs);
                    int allocBytes = (int) Math.round(share * meanAllocBytes);
                    schedule.add(() -> tally.injected(Metric.CPU_PER_RECORD, level, runner.run(p99, new InjectedCost(cpuBurnNs, 1))));
                    schedule.add(() -> tally.injected(Metric.ALLOC_PER_RECORD, level, runner.run(p99, new InjectedCost(0, 1, allocBytes))));
                }
            }
            // The remaining A runs spread evenly between the injected ones.
            int remaining = aaRuns - calibration;
            List<Runnable> interleaved = new ArrayList<>();
            int injectedPerA = Math.max(1, schedule.size() / Math.max(1, remaining));
            int a = 0;
            for (int i = 0; i < schedule.size(); i++) {
                if (i % injectedPerA == 0 && a < remaining) {
                    interleaved.add(() -> tally.baseline(runner.run(throughput, InjectedCost.NONE), runner.run(p99, InjectedCost.NONE)));
                    a++;
                }
                interleaved.add(schedule.get(i));
            }
            for (; a < remaining; a++) {
                interleaved.add(() -> tally.baseline(runner.run(throughput, InjectedCost.NONE), runner.run(p99, InjectedCost.NONE)));
            }
            for (int i = 0; i < interleaved.size(); i++) {
                System.out.printf(Locale.ROOT, "gate-power: step %d of %d (%.1f min)%n", i + 1, interleaved.size(), (System.nanoTime() - start) / 6e10);
                interleaved.get(i).run();
            }
        }
        ObjectNode report = tally.report(comparisons);
        report.put("minutes", Math.round((System.nanoTime() - start) / 6e9) / 10.0);
        System.out.print(tally.table(comparisons));
        ResultFile.write(report, out.toAbsolutePath().getParent(), out.getFileName().toString());
        System.out.println("gate-power: " + out.toAbsolutePath());
        return 0;
    }

    /**
     * Sizes the spike that moves p99 by {@code share}: a few probe runs (not counted), each
     * scaling the spike by target / measured effect. The injected runs' real effect is reported
     * whatever it turns out to be.
     */
    private static long sizeSpike(Runner runner, Scenario p99, double share, double baselineP99Us) {
        long spikeNs = Math.round(share * baselineP99Us * 1000 / 4);
        for (int probe = 0; probe < SPIKE_PROBES; probe++) {
            double effect = runner.run(p99, new InjectedCost(spikeNs, SPIKE_EVERY)).figures().metrics().get(Metric.P99).value()
                    / baselineP99Us - 1;
            double scale = effect <= 0 ? 4 : Math.max(0.25, Math.min(4, share / effect));
            spikeNs = Math.max(1000, Math.round(spikeNs * scale));
        }
        System.out.printf(Locale.ROOT, "gate-power: +%.0f%% p99: %d ns spike on 1 record in %d%n", share * 100, spikeNs, SPIKE_EVERY);
        return spikeNs;
    }

    private static Scenario parse(Path dir, String yaml) throws IOException {
        String name = yaml.substring("name: ".length(), yaml.indexOf('\n'));
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> parsed = ScenarioFileParser.parse(Files.writeString(dir.resolve(name + ".yaml"), yaml), errors);
        if (!errors.isEmpty()) {
            throw new IllegalStateException("gate-power's own scenario is invalid: " + errors);
        }
        return parsed.get(0);
    }

    /** One scenario run, with or without an injected cost; quiet apart from one line. */
    private record Runner(ProcessBroker broker) {

        PowerTally.Run run(Scenario scenario, InjectedCost injection) {
            try (GateTopics topics = new GateTopics(broker)) {
                String topic = topics.create(scenario.name(), 1, (short) 1, Map.of());
                PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
                ProduceResult result = new ProduceWorkload(broker, quiet, NanoClock.SYSTEM, null, injection)
                        .run(scenario.produce(), topic);
                JsonNode json = ResultFile.toJson(result);
                PowerTally.Run run = new PowerTally.Run(scenario, json, injection, result);
                System.out.printf(Locale.ROOT, "  %s injected %s: %.0f records/s, p99 %.0f µs, %.0f ns CPU and %.0f B allocated per record%n",
                        scenario.name(), injection, run.value(Metric.THROUGHPUT), run.value(Metric.P99), run.value(Metric.CPU_PER_RECORD),
                        run.value(Metric.ALLOC_PER_RECORD));
                return run;
            }
        }
    }
}
