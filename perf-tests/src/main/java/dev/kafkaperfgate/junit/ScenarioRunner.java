package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.broker.GateTopics;
import dev.kafkaperfgate.broker.KafkaBroker;
import dev.kafkaperfgate.environment.CpuSet;
import dev.kafkaperfgate.result.ResultFile;
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

    ScenarioRunner(KafkaBroker broker, Path resultsDir, CpuSet clientCpus, PrintStream console) {
        this.broker = broker;
        this.resultsDir = resultsDir;
        this.clientCpus = clientCpus;
        this.console = console;
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

    public KafkaBroker broker() {
        return broker;
    }
}
