package dev.kafkaperfgate.junit;

import dev.kafkaperfgate.broker.BrokerUnavailableException;
import dev.kafkaperfgate.broker.GateTopics;
import dev.kafkaperfgate.broker.KafkaBroker;
import dev.kafkaperfgate.broker.TopicRejectedException;
import dev.kafkaperfgate.environment.CpuSet;
import dev.kafkaperfgate.result.ResultFile;
import dev.kafkaperfgate.result.RunRecord;
import dev.kafkaperfgate.result.SweepSummary;
import dev.kafkaperfgate.scenario.Scenario;
import dev.kafkaperfgate.workload.ConsumeWorkload;
import dev.kafkaperfgate.workload.EndToEndWorkload;
import dev.kafkaperfgate.workload.NanoClock;
import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.ProduceWorkload;
import dev.kafkaperfgate.workload.ScenarioFailedException;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs scenarios on the suite's broker, one at a time: its own topic, the workload, the result
 * file, and an entry in the run record. A scenario that fails is recorded and its exception
 * rethrown, so JUnit reports it while the next scenario still runs. Handed to perf suites by
 * {@link PerfGateExtension}.
 */
public final class ScenarioRunner {

    private final KafkaBroker broker;
    private final Path resultsDir;
    private final CpuSet clientCpus;
    private final PrintStream console;
    private long suiteStartNanos;
    private RunRecord run;
    /** Per sweep, its first scenario to run: the parameter and rate the whole sweep shares. */
    private final Map<String, Scenario> sweepScenarios = new LinkedHashMap<>();
    private final Map<String, List<SweepSummary.Row>> sweepRows = new LinkedHashMap<>();

    ScenarioRunner(KafkaBroker broker, Path resultsDir, CpuSet clientCpus, PrintStream console) {
        this.broker = broker;
        this.resultsDir = resultsDir;
        this.clientCpus = clientCpus;
        this.console = console;
    }

    /**
     * Runs scenario {@code index} of {@code count}, after a progress line with the time so far and
     * an estimate of the time left (the mean of the scenarios run so far, times those left).
     *
     * @param suite the suite the scenarios were selected by, for the run record; {@code null} for all
     * @return the result file
     */
    public Path run(Scenario scenario, int index, int count, String suite) {
        long now = System.nanoTime();
        if (run == null) {
            suiteStartNanos = now;
            run = new RunRecord(resultsDir, suite, count);
        }
        long elapsed = now - suiteStartNanos;
        String eta = index == 1 ? "" : ", about " + minutes(elapsed / (index - 1) * (count - index + 1)) + " left";
        console.printf("[kafka-perf-gate] scenario %d of %d: %s (%s elapsed%s)%n", index, count, scenario.name(),
                minutes(elapsed), eta);
        String workload = scenario.workload().key();
        try {
            Path file = runWorkload(scenario);
            run.passed(scenario.name(), workload, file);
            return file;
        } catch (BrokerUnavailableException e) {
            run.failed(scenario.name(), workload, RunRecord.Outcome.ERROR, e);
            throw e;
        } catch (RuntimeException e) {
            run.failed(scenario.name(), workload, RunRecord.Outcome.FAILED, e);
            throw e;
        }
    }

    private Path runWorkload(Scenario scenario) {
        broker.failure().ifPresent(failure -> {
            throw new BrokerUnavailableException("scenario " + scenario.name() + " not started: the broker is dead: " + failure);
        });
        ProduceScenario produce = scenario.produce();
        try (GateTopics topics = new GateTopics(broker)) {
            String topic = createTopic(topics, scenario);
            Path file = switch (scenario.workload()) {
                case PRODUCE -> record(scenario, new ProduceWorkload(broker, console, NanoClock.SYSTEM, clientCpus).run(produce, topic));
                case END_TO_END -> record(scenario, new EndToEndWorkload(broker, console, NanoClock.SYSTEM, clientCpus)
                        .run(produce, scenario.consumer(), topic));
                case CONSUME -> ResultFile.write(new ConsumeWorkload(broker, console, NanoClock.SYSTEM, clientCpus)
                        .run(produce, scenario.consumer(), topic), resultsDir);
            };
            console.println("[kafka-perf-gate] result: " + file);
            return file;
        }
    }

    private static String createTopic(GateTopics topics, Scenario scenario) {
        ProduceScenario produce = scenario.produce();
        try {
            return topics.create(scenario.name(), produce.partitions(), produce.replicationFactor(), produce.topicConfigs());
        } catch (TopicRejectedException e) {
            throw new ScenarioFailedException("scenario " + scenario.name() + " (" + scenario.file().getFileName() + "): "
                    + e.getMessage(), e);
        }
    }

    /** Writes the result file and keeps a swept scenario's row for its sweep's summary. */
    private Path record(Scenario scenario, ProduceResult result) {
        if (scenario.sweptValue() != null) {
            sweepScenarios.putIfAbsent(scenario.group(), scenario);
            sweepRows.computeIfAbsent(scenario.group(), group -> new ArrayList<>()).add(SweepSummary.row(scenario, result));
        }
        return ResultFile.write(result, resultsDir);
    }

    /**
     * Prints and writes a summary of every sweep of which at least two values ran, then closes
     * the run record and says whether the run is complete.
     *
     * @return the sweep summaries written
     */
    public List<SweepSummary> finish() {
        List<SweepSummary> summaries = new ArrayList<>();
        sweepRows.forEach((group, rows) -> {
            if (rows.size() >= 2) {
                Scenario first = sweepScenarios.get(group);
                SweepSummary summary = new SweepSummary(group, first.sweptParameter(), first.produce().isRateLimited(), rows);
                console.print(summary.table());
                console.println("[kafka-perf-gate] result: " + summary.write(resultsDir));
                summaries.add(summary);
            }
        });
        if (run != null) {
            if (run.finish()) {
                console.println("[kafka-perf-gate] run complete: every selected scenario ran; record: " + resultsDir.resolve("run.json"));
            } else {
                console.println("[kafka-perf-gate] run INCOMPLETE: " + String.join("; ", run.problems())
                        + "; record: " + resultsDir.resolve("run.json"));
            }
        }
        return summaries;
    }

    private static String minutes(long nanos) {
        long seconds = nanos / 1_000_000_000L;
        return seconds / 60 + "m" + String.format("%02d", seconds % 60) + "s";
    }

    public KafkaBroker broker() {
        return broker;
    }
}
