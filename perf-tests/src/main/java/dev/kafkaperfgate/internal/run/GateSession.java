package dev.kafkaperfgate.internal.run;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.DeletedBaselines;
import dev.kafkaperfgate.internal.baseline.Profile;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.environment.CpuSet;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One gate run, in the order it must happen: {@link #prepare} reads and checks the scenario
 * files and their baselines (nothing starts when one is bad), {@link #start} pins the client and
 * starts and warms the broker, {@link #run} measures and judges one scenario, {@link #finish}
 * writes the sweeps and summary.json and returns the decision. The JUnit suite and
 * {@code PerfGate.run} are both thin adapters over it.
 *
 * <pre>{@code
 * try (GateSession session = GateSession.prepare(GateSettings.of(Map.of("perf.suite", "pr")), System.out)) {
 *     session.start();
 *     session.scenarios().forEach(session::run);
 *     GateResult result = session.finish();
 * }
 * }</pre>
 */
public final class GateSession implements AutoCloseable {

    private static volatile boolean clientPinned;

    private final GateSettings settings;
    private final PrintStream console;
    private final String suite;
    private final List<Scenario> scenarios;
    private final BaselineStore baselines;
    private ScenarioRunner runner;

    private GateSession(GateSettings settings, PrintStream console, String suite, List<Scenario> scenarios,
                        BaselineStore baselines) {
        this.settings = settings;
        this.console = console;
        this.suite = suite;
        this.scenarios = List.copyOf(scenarios);
        this.baselines = baselines;
    }

    /**
     * @param settings the run's settings; {@code perf.suite} {@code all} or unset selects every scenario
     * @throws IllegalArgumentException when no scenario matches
     * @throws dev.kafkaperfgate.internal.scenario.ScenarioValidationException listing every problem of the scenario files
     * @throws dev.kafkaperfgate.internal.baseline.BaselineException listing every problem of the baseline files
     */
    public static GateSession prepare(GateSettings settings, PrintStream console) {
        ScenarioCatalog catalog = ScenarioCatalog.load(settings.scenariosDir());
        String suite = settings.suite();
        List<Scenario> selected = catalog.select(suite, settings.scenarioPatterns());
        BaselineStore baselines = BaselineStore.load(settings.baselinesDir(), Profile.resolve(settings),
                selected.stream().map(Scenario::name).toList());
        String baselinesRef = settings.baselinesRef();
        if (baselinesRef != null) {
            DeletedBaselines.check(baselines, selected.stream().map(Scenario::name).toList(), baselinesRef);
        }
        return new GateSession(settings, console, suite, selected, baselines);
    }

    /** The selected scenarios, in run order. */
    public List<Scenario> scenarios() {
        return scenarios;
    }

    /** Pins the client (if asked), starts and warms the broker, measures the ruler and opens summary.json. */
    public void start() {
        BrokerSettings brokerSettings = BrokerSettings.from(settings);
        CpuSet clientCpus = CpuSet.parseOrNull(settings.clientCpus());
        if (clientCpus != null && !clientPinned) {
            ProcessPinning.pinThisProcess(clientCpus);
            clientPinned = true;
            console.println("[kafka-perf-gate] client pinned to CPUs " + clientCpus);
        }
        Path results = settings.resultsDir();
        Duration brokerWarmup = settings.brokerWarmup().orElse(Defaults.BROKER_WARMUP);
        BrokerPool brokers = new BrokerPool((count, link) -> startWarm(link ? BrokerSelector.forLink(brokerSettings.withBrokers(count))
                : brokerSettings.withBrokers(count), brokerWarmup, link), brokerSettings, console);
        runner = new ScenarioRunner(brokers, results, clientCpus, console);
        runner.begin(suite, scenarios, baselines, settings);
    }

    private KafkaBroker startWarm(BrokerSettings brokerSettings, Duration warmup, boolean link) {
        KafkaBroker broker = link ? BrokerSelector.startForLink(brokerSettings, console) : BrokerSelector.start(brokerSettings, console);
        try {
            BrokerWarmup.run(broker, warmup, console);
            return broker;
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /**
     * Measures and judges one scenario.
     *
     * @throws ScenarioRegressedException on a confirmed regression (one line)
     * @throws RuntimeException                    when the scenario could not run; summary.json records it either way
     */
    public Path run(Scenario scenario) {
        if (runner == null) {
            throw new IllegalStateException("start() first");
        }
        return runner.run(scenario);
    }

    /** Writes the sweep summaries, summary.json and the report; returns the decision. */
    public GateResult finish() {
        if (runner == null) {
            throw new IllegalStateException("start() first");
        }
        runner.finish();
        return runner.result();
    }

    /** Stops the broker this session started. */
    @Override
    public void close() {
        if (runner != null) {
            runner.close();
        }
    }
}
