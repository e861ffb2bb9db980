package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.broker.GateTopics;
import dev.kafkaperfgate.broker.KafkaBroker;
import dev.kafkaperfgate.environment.CpuSet;
import dev.kafkaperfgate.result.ResultFile;
import dev.kafkaperfgate.result.SweepSummary;
import dev.kafkaperfgate.scenario.Scenario;
import dev.kafkaperfgate.workload.NanoClock;
import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.ProduceWorkload;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs one scenario end to end on the suite's broker: its own topic, the workload, the result
 * file. Handed to perf suites by {@link PerfGateExtension}.
 */
public final class ScenarioRunner {

    private final KafkaBroker broker;
    private final Path resultsDir;
    private final CpuSet clientCpus;
    private final PrintStream console;
    private long suiteStartNanos;
    private final Map<String, List<SweepSummary.Row>> sweeps = new LinkedHashMap<>();
    private final Map<String, String> sweptParameters = new LinkedHashMap<>();
    private final Set<String> rateLimitedSweeps = new HashSet<>();

    ScenarioRunner(KafkaBroker broker, Path resultsDir, CpuSet clientCpus, PrintStream console) {
        this.broker = broker;
        this.resultsDir = resultsDir;
        this.clientCpus = clientCpus;
        this.console = console;
    }

    /**
     * Runs scenario {@code index} of {@code count}, after a progress line with the time so far and
     * an estimate of the time left (the mean of the scenarios run so far, times those left).
     */
    public ProduceResult run(Scenario scenario, int index, int count) {
        long now = System.nanoTime();
        if (suiteStartNanos == 0) {
            suiteStartNanos = now;
        }
        long elapsed = now - suiteStartNanos;
        String eta = index == 1 ? "" : ", about " + minutes(elapsed / (index - 1) * (count - index + 1)) + " left";
        console.printf("[kafka-perf-gate] scenario %d of %d: %s (%s elapsed%s)%n", index, count, scenario.name(),
                minutes(elapsed), eta);
        ProduceResult result = run(scenario.produce());
        if (scenario.sweptValue() != null) {
            sweeps.computeIfAbsent(scenario.group(), group -> new ArrayList<>()).add(SweepSummary.row(scenario, result));
            sweptParameters.put(scenario.group(), scenario.sweptParameter());
            if (scenario.produce().isRateLimited()) {
                rateLimitedSweeps.add(scenario.group());
            }
        }
        return result;
    }

    /**
     * Prints and writes a summary of every sweep of which at least two values ran, and returns
     * them; a sweep of which only one value ran has nothing to compare.
     */
    public List<SweepSummary> summarizeSweeps() {
        List<SweepSummary> summaries = new ArrayList<>();
        sweeps.forEach((group, rows) -> {
            if (rows.size() >= 2) {
                SweepSummary summary = new SweepSummary(group, sweptParameters.get(group), rateLimitedSweeps.contains(group), rows);
                console.print(summary.table());
                console.println("[kafka-perf-gate] result: " + summary.write(resultsDir));
                summaries.add(summary);
            }
        });
        return summaries;
    }

    /** Runs {@code scenario} and writes {@code <results dir>/<name>.json}; returns the result. */
    public ProduceResult run(ProduceScenario scenario) {
        try (GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create(scenario.name(), scenario.partitions(), scenario.replicationFactor(),
                    scenario.topicConfigs());
            ProduceResult result = new ProduceWorkload(broker, console, NanoClock.SYSTEM, clientCpus).run(scenario, topic);
            console.println("[kafka-perf-gate] result: " + ResultFile.write(result, resultsDir));
            return result;
        }
    }

    private static String minutes(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        return seconds / 60 + "m" + String.format("%02d", seconds % 60) + "s";
    }

    public KafkaBroker broker() {
        return broker;
    }
}
