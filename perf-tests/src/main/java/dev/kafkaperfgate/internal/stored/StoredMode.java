package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.BaselineStore;
import dev.kafkaperfgate.internal.baseline.DeletedBaselines;
import dev.kafkaperfgate.internal.baseline.Profile;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.frame.RunMode;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * Stored mode: the head alone on this machine's broker, each scenario judged against its baseline
 * file. {@link #prepare} reads and checks the scenario files and their baselines (nothing starts
 * when one is bad); {@link #start} pins the client, starts and warms the broker and opens the
 * run's frame; each scenario is then measured and judged by the {@link ScenarioRunner}.
 */
public final class StoredMode implements RunMode {

    private static volatile boolean clientPinned;

    private final GateSettings settings;
    private final PrintStream console;
    private final String suite;
    private final List<Scenario> scenarios;
    private final BaselineStore baselines;
    private ScenarioRunner runner;

    private StoredMode(GateSettings settings, PrintStream console, String suite, List<Scenario> scenarios, BaselineStore baselines) {
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
    public static StoredMode prepare(GateSettings settings, PrintStream console) {
        ScenarioCatalog catalog = ScenarioCatalog.load(settings.scenariosDir());
        String suite = settings.suite();
        List<Scenario> selected = catalog.select(suite, settings.scenarioPatterns());
        List<String> names = selected.stream().map(Scenario::name).toList();
        BaselineStore baselines = BaselineStore.load(settings.baselinesDir(), Profile.resolve(settings), names);
        String baselinesRef = settings.baselinesRef();
        if (baselinesRef != null) {
            DeletedBaselines.check(baselines, names, baselinesRef);
        }
        return new StoredMode(settings, console, suite, selected, baselines);
    }

    @Override
    public List<String> scenarios() {
        return scenarios.stream().map(Scenario::name).toList();
    }

    /** Pins the client (if asked), starts and warms the broker, and opens the run's frame on it. */
    @Override
    public RunFrame start() {
        if (settings.fallbackReason() != null) {
            console.println("[kafka-perf-gate] paired mode unavailable: " + settings.fallbackReason()
                    + "; judging against stored baselines instead");
        }
        BrokerSettings brokerSettings = BrokerSettings.from(settings);
        CpuSet clientCpus = settings.machine().clientCpus().orElse(null);
        if (clientCpus != null && !clientPinned) {
            ProcessPinning.pinThisProcess(clientCpus);
            clientPinned = true;
            console.println("[kafka-perf-gate] client pinned to CPUs " + clientCpus);
        }
        Duration warmup = settings.brokerWarmup().orElse(Defaults.BROKER_WARMUP);
        BrokerPool brokers = new BrokerPool((count, link) -> RunFrame.startWarm(() -> link
                ? BrokerSelector.startForLink(BrokerSelector.forLink(brokerSettings.withBrokers(count)), console)
                : BrokerSelector.start(brokerSettings.withBrokers(count), console), warmup, console), brokerSettings, console);
        runner = new ScenarioRunner(brokers, settings.resultsDir(), clientCpus, console);
        runner.begin(suite, scenarios, baselines, settings);
        return runner.frame();
    }

    /**
     * Measures and judges one scenario. A confirmed regression, or a scenario that could not run,
     * is recorded in summary.json by the runner and printed; the next scenario still runs.
     */
    @Override
    public void run(int index) {
        Scenario scenario = scenarios.get(index);
        try {
            runner.run(scenario);
        } catch (RuntimeException e) {
            console.println("[kafka-perf-gate] " + scenario.name() + ": " + e.getMessage());
        }
    }

    /** Writes the sweep summaries, summary.json and the report; returns the decision. */
    @Override
    public GateResult finish() {
        return runner.finish();
    }

    /** Stops the broker (and Trogdor) this mode started. */
    @Override
    public void close() {
        if (runner != null) {
            runner.close();
        }
    }
}
