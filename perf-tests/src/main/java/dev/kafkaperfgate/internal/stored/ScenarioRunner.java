package dev.kafkaperfgate.internal.stored;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.result.ResultFile;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.result.SweepSummary;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.trogdor.TrogdorReads;
import dev.kafkaperfgate.internal.trogdor.TrogdorRun;
import dev.kafkaperfgate.internal.trogdor.TrogdorUnavailableException;
import dev.kafkaperfgate.internal.trogdor.TrogdorWorkload;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.Evidence;
import dev.kafkaperfgate.internal.engine.Measurer;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.workload.consume.ConsumeWorkload;
import dev.kafkaperfgate.internal.workload.endtoend.EndToEndWorkload;
import dev.kafkaperfgate.internal.workload.mirror.MirrorWorkload;
import dev.kafkaperfgate.internal.link.SlowLink;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.workload.BrokerSide;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Runs a stored-mode run's scenarios on the run's broker, one at a time: its own topic, the
 * workload, the result file, the verdict against the baseline, and an entry in summary.json. A
 * flagged regression is re-run once on a fresh broker, and only a confirmed one fails: recorded,
 * then thrown as a {@link ScenarioRegressedException} whose message is one line. A scenario that
 * cannot run is recorded and its exception rethrown; {@link StoredMode} goes on to the next.
 *
 * <pre>{@code
 * runner.begin("pr", scenarios, BaselineStore.load(dir, profile, names), GateSettings.of(Map.of()));
 * scenarios.forEach(runner::run);
 * runner.finish();
 * }</pre>
 */
public final class ScenarioRunner {

    private final BrokerPool brokers;
    private final Path resultsDir;
    private final CpuSet clientCpus;
    private final PrintStream console;
    /** What the workloads print to: the console, with a progress line after each trial. */
    private final PrintStream workloadConsole;
    private GateRun gate;
    /** Per sweep, its first scenario to run: the parameter and rate the whole sweep shares. */
    private final Map<String, Scenario> sweepScenarios = new LinkedHashMap<>();
    private final Map<String, List<SweepSummary.Row>> sweepRows = new LinkedHashMap<>();
    /** The run's Trogdor: started at its first trogdor or timed-fault scenario, if it has one. */
    private RunTrogdor trogdor;

    /** @param brokers starts (and warms) the broker each scenario needs: its cluster's size, or a fresh one for a re-run */
    public ScenarioRunner(BrokerPool brokers, Path resultsDir, CpuSet clientCpus, PrintStream console) {
        this.brokers = brokers;
        this.resultsDir = resultsDir;
        this.clientCpus = clientCpus;
        this.console = console;
        this.workloadConsole = new TrialProgress(console, this::trialEnded);
    }

    /**
     * Starts a gate run: measures the machine's ruler and writes the summary's header.
     *
     * @param suite      the suite the scenarios were selected by, for the summary; {@code null} for all
     * @param scenarios  the scenarios the run will run, in order
     * @param baselines  their baselines, already read and checked
     * @param settings the run's settings (policy, injection, provenance, Trogdor, Toxiproxy)
     */
    public void begin(String suite, List<Scenario> scenarios, BaselineStore baselines, GateSettings settings) {
        gate = GateRun.start(suite, scenarios, baselines, brokers.current(), resultsDir, settings, console);
        trogdor = new RunTrogdor(gate.trogdor, gate.scenarios, brokers, console);
    }

    /** The run's frame: its summary, policy and decisions; opened by {@link #begin}. */
    public RunFrame frame() {
        if (gate == null) {
            throw new IllegalStateException("begin() first");
        }
        return gate.frame;
    }

    /**
     * Runs the next scenario after its progress line, then judges it.
     *
     * @return the result file
     * @throws ScenarioRegressedException on a confirmed regression (or a missing baseline when baselines are required)
     */
    public Path run(Scenario scenario) {
        if (gate == null) {
            throw new IllegalStateException("begin() first: the runner needs the run's scenarios and baselines");
        }
        gate.frame.progress().starting(scenario.name());
        RunSummary summary = gate.frame.summary();
        String workload = scenario.workload().key();
        try {
            Decision<Measured> decision = gate.frame.decisions().decide(scenario.name(), new StoredMeasurer(scenario));
            Measured first = decision.first();
            keepSweepRow(scenario, first);
            ScenarioVerdict verdict = decision.verdict();
            gate.trend(scenario, first.json(), first.figures(), verdict, console);
            Path second = decision.flagged() ? decision.second().file() : null;
            if (decision.regressed()) {
                summary.judged(scenario.name(), workload, Outcome.REGRESSION, first.file(), first.figures(), verdict, second,
                        decision.again(), decision.regressionMessage());
                throw new ScenarioRegressedException(decision.regressionMessage());
            }
            if (!decision.flagged() && gate.frame.policy().baselineRequired() && (verdict.has(Verdict.NEW) || verdict.has(Verdict.MISMATCH))) {
                summary.judged(scenario.name(), workload, Outcome.NO_BASELINE, first.file(), first.figures(), verdict, null, null,
                        "no usable baseline and -Dperf.baseline.required=true");
                throw new ScenarioRegressedException(scenario.name() + ": " + oneLine(verdict.metrics()) + " (-Dperf.baseline.required=true)");
            }
            summary.judged(scenario.name(), workload, Outcome.PASSED, first.file(), first.figures(), verdict, second,
                    decision.again(), decision.notConfirmedMessage());
            return first.file();
        } catch (ScenarioRegressedException e) {
            throw e;
        } catch (BrokerUnavailableException | TrogdorUnavailableException e) {
            summary.failed(scenario.name(), workload, Outcome.ERROR, e);
            throw e;
        } catch (RuntimeException e) {
            summary.failed(scenario.name(), workload, Outcome.FAILED, e);
            throw e;
        }
    }

    /** Stored mode's way to measure: the head alone on this machine's broker, judged against the baseline file. */
    private final class StoredMeasurer implements Measurer<Measured> {

        private final Scenario scenario;

        StoredMeasurer(Scenario scenario) {
            this.scenario = scenario;
        }

        @Override
        public Measured measure(boolean confirmation) {
            return ScenarioRunner.this.measure(scenario, scenario.name() + (confirmation ? ".confirmation.json" : ".json"));
        }

        @Override
        public Evidence evidence(Measured measured) {
            return gate.evidence(scenario, measured.json(), measured.figures());
        }

        @Override
        public void freshen() {
            brokers.restart();
        }

        @Override
        public String confirmationWay() {
            return "a re-run on a fresh broker";
        }
    }

    private record Measured(Path file, ObjectNode json, RunFigures figures, ProduceResult produceResult) {
    }

    private Measured measure(Scenario scenario, String fileName) {
        ProduceScenario produce = scenario.produce();
        boolean mirror = scenario.workload() == WorkloadKind.MIRROR;
        KafkaBroker broker = brokers.forScenario(produce.brokers(), produce.network() != null);
        broker.failure().ifPresent(failure -> {
            throw new BrokerUnavailableException("scenario " + scenario.name() + " not started: the broker is dead: " + failure);
        });
        try (GateTopics topics = new GateTopics(broker)) {
            String topic = ScenarioTopics.create(topics, scenario);
            Measured measured;
            if (mirror) {
                // The link of a mirror scenario joins the source and MirrorMaker 2: the workload sets it up.
                try (KafkaBroker target = brokers.startAnother(produce.brokers())) {
                    measured = produced(new MirrorWorkload(broker, target, brokers.kafkaClasspath(), workloadConsole, NanoClock.SYSTEM, clientCpus,
                            gate.frame.injection()).withToxiproxy(gate.toxiproxy).run(produce, scenario.consumer(), topic), fileName);
                }
            } else if (scenario.trogdor() != null) {
                measured = onTrogdor(scenario, broker, topic, agent -> scenario.workload() == WorkloadKind.END_TO_END
                        ? ScenarioTopics.create(topics, scenario, agent) : topic, fileName);
            } else if (produce.network() != null) {
                try (SlowLink link = SlowLink.open(broker, produce.network(), "clients-brokers", gate.toxiproxy, console)) {
                    measured = run(scenario, link.broker(broker), topic, fileName);
                }
            } else {
                measured = run(scenario, broker, topic, fileName);
            }
            console.println("[kafka-perf-gate] result: " + measured.file().getFileName());
            return measured;
        }
    }

    /** After each trial: a progress line, once the run has begun. */
    private void trialEnded(int trial, int trials) {
        if (gate != null) {
            gate.frame.progress().trialEnded(trial, trials);
        }
    }

    /** The scenario's workload on {@code broker}: the broker itself, or the broker behind a slow link. */
    private Measured run(Scenario scenario, KafkaBroker broker, String topic, String fileName) {
        ProduceScenario produce = scenario.produce();
        return switch (scenario.workload()) {
            case PRODUCE -> {
                try (RunTrogdor.FaultCarrier carrier = trogdor.faultCarrier(scenario, broker)) {
                    yield produced(new ProduceWorkload(broker, workloadConsole, NanoClock.SYSTEM, clientCpus, gate.frame.injection())
                            .withTimedFault(carrier.fault()).run(produce, topic), fileName);
                }
            }
            case END_TO_END -> produced(new EndToEndWorkload(broker, workloadConsole, NanoClock.SYSTEM, clientCpus, gate.frame.injection())
                    .run(produce, scenario.consumer(), topic), fileName);
            case CONSUME -> consumed(new ConsumeWorkload(broker, workloadConsole, NanoClock.SYSTEM, clientCpus, gate.frame.injection())
                    .run(produce, scenario.consumer(), topic), fileName);
            case MIRROR -> throw new IllegalStateException("a mirror scenario runs with its target cluster (see measure)");
        };
    }

    /**
     * A trogdor scenario: its producer on the agents (end-to-end: each with a reader of its own
     * topic; consume: the topic pre-loaded here, then every agent reading all of it), their figures
     * added up, the result file with each agent's.
     */
    private Measured onTrogdor(Scenario scenario, KafkaBroker broker, String topic, UnaryOperator<String> agentTopic, String fileName) {
        TrogdorWorkload trogdorWorkload = new TrogdorWorkload(trogdor.agents(), broker, console);
        int agents = scenario.trogdor().agents();
        // The broker's own count of what it received, where the gate can read its JMX: the agents' figures, checked.
        BrokerSide brokerSide = BrokerSide.of(broker);
        ObjectNode json;
        ObjectNode block;
        List<String> lines;
        RunFigures figures;
        ProduceResult produced = null;
        if (scenario.workload() == WorkloadKind.CONSUME) {
            // The gate writes the records every agent reads, with the scenario's producer, unmeasured.
            long start = System.nanoTime();
            long preloaded = new ConsumeWorkload(broker, workloadConsole, NanoClock.SYSTEM, clientCpus, gate.frame.injection())
                    .preload(scenario.produce(), topic);
            long preloadNanos = System.nanoTime() - start;
            console.printf("[%s] pre-load: %d records in %.1f s (not measured)%n", scenario.name(), preloaded, preloadNanos / 1e9);
            brokerSide.begin();
            TrogdorReads reads = trogdorWorkload.consume(scenario.produce(), scenario.consumer(), agents, topic, preloaded, preloadNanos);
            json = ResultFile.toJson(reads.result());
            block = reads.toJson();
            lines = reads.lines();
            figures = RunFigures.of(reads.result());
        } else {
            brokerSide.begin();
            TrogdorRun run = trogdorWorkload.run(scenario.produce(), scenario.workload(), scenario.consumer(), agents, topic, agentTopic);
            json = ResultFile.toJson(run.result());
            block = run.toJson();
            lines = run.lines();
            figures = RunFigures.of(run.result());
            produced = run.result();
        }
        Map<String, Double> received = brokerSide.end();
        lines.forEach(line -> console.println("[" + scenario.name() + "] trogdor: " + line));
        if (!received.isEmpty()) {
            received.forEach(block.putObject("brokerSide")::put);
        }
        ResultFile.onTrogdor(json, agents, block);
        return new Measured(ResultFile.write(json, resultsDir, fileName), json, figures, produced);
    }

    private Measured produced(ProduceResult result, String fileName) {
        ObjectNode json = ResultFile.toJson(result);
        return new Measured(ResultFile.write(json, resultsDir, fileName), json, RunFigures.of(result), result);
    }

    private Measured consumed(ConsumeResult result, String fileName) {
        ObjectNode json = ResultFile.toJson(result);
        return new Measured(ResultFile.write(json, resultsDir, fileName), json, RunFigures.of(result), null);
    }

    /** Keeps a swept scenario's first run for its sweep's summary. */
    private void keepSweepRow(Scenario scenario, Measured measured) {
        if (scenario.sweptValue() != null && measured.produceResult() != null) {
            sweepScenarios.putIfAbsent(scenario.group(), scenario);
            sweepRows.computeIfAbsent(scenario.group(), group -> new ArrayList<>()).add(SweepSummary.row(scenario, measured.produceResult()));
        }
    }

    private static String oneLine(List<MetricVerdict> metrics) {
        return metrics.stream().map(MetricVerdict::line).collect(Collectors.joining("; "));
    }

    /**
     * Prints and writes a summary of every sweep of which at least two values ran, stops the run's
     * Trogdor, then finishes the frame: summary.json, the headline and the report.
     *
     * @return the run's decision
     */
    public GateResult finish() {
        if (gate == null) {
            throw new IllegalStateException("begin() first");
        }
        closeTrogdor();
        sweepRows.forEach((group, rows) -> {
            if (rows.size() >= 2) {
                Scenario first = sweepScenarios.get(group);
                SweepSummary sweep = new SweepSummary(group, first.sweptParameter(), first.produce().isRateLimited(), rows);
                console.print(sweep.table());
                console.println("[kafka-perf-gate] result: " + sweep.write(resultsDir).getFileName());
            }
        });
        return gate.frame.finish();
    }

    /** Stops what this runner started: Trogdor's coordinator and agents (if the run did not reach {@link #finish()}), then the brokers. */
    public void close() {
        try {
            closeTrogdor();
        } finally {
            brokers.close();
        }
    }

    /** The run's scenarios are over: its Trogdor's processes go (an existing coordinator is left as it was). */
    private void closeTrogdor() {
        if (trogdor != null) {
            trogdor.close();
        }
    }
}
