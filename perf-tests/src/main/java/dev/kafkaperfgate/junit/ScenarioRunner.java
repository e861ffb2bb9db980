package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.broker.GateTopics;
import dev.kafkaperfgate.broker.KafkaBroker;
import dev.kafkaperfgate.environment.CpuSet;
import dev.kafkaperfgate.result.ResultFile;
import dev.kafkaperfgate.scenario.Scenario;
import dev.kafkaperfgate.workload.NanoClock;
import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.ProduceWorkload;

import java.io.PrintStream;
import java.nio.file.Path;

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
        return run(scenario.produce());
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
