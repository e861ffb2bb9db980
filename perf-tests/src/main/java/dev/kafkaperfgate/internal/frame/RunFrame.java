package dev.kafkaperfgate.internal.frame;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.report.HtmlReport;
import dev.kafkaperfgate.internal.result.RunSummary;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.produce.BrokerWarmup;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * What one run sets up once its broker is up, and finishes once its scenarios are over, written
 * once for every mode: the policy sized by the run's comparisons, this machine's fingerprint and
 * ruler and their drift from the baselines', summary.json with the run's provenance, environment
 * and module, the run's decisions (the only way a scenario is decided), the progress lines, and at
 * the end the headline and the HTML report.
 */
public final class RunFrame {

    /** The fingerprint's broker while none has started. */
    private static final BrokerInfo NOT_STARTED = new BrokerInfo("not started", null, null, null, null, "no scenario has needed a broker yet", 0);

    private final Opening opening;
    private final PrintStream console;
    private final GatePolicy policy;
    private final InjectedCost injection;
    /** This machine's, with the broker's mode; taken again on the run's first broker when the run opened without one. */
    private Fingerprint fingerprint;
    /** Measured on the run's first broker: {@code null} while none has started. */
    private Ruler ruler;
    private Drift drift;
    private final RunSummary summary;
    private final RunDecisions decisions;
    private final RunProgress progress;

    /**
     * What a mode tells the frame as it opens.
     *
     * @param suite          the suite the scenarios were selected by, for the summary
     * @param scenarios      how many scenarios the run measures
     * @param comparisons    how many metric comparisons the run can make: the policy's α is shared among them
     * @param broker         the broker the ruler and the fingerprint are taken on; {@code null} when the mode starts its
     *                       broker only once a scenario needs one (paired mode), and tells the frame ({@link #brokerStarted})
     * @param profile        the baselines' profile
     * @param machineClass   this machine's class
     * @param baselineRulers the rulers of the runs the baselines were made from, to measure drift against (none in paired mode)
     * @param failFast       whether confirmations that cannot change the run's decision are skipped once it has failed
     * @param resultsDir     where the result files, summary.json and the report go
     * @param baselinesDir   the baselines folder the report links the trend charts from
     */
    public record Opening(String suite, int scenarios, int comparisons, KafkaBroker broker, String profile, String machineClass,
                          List<Ruler> baselineRulers, boolean failFast, Path resultsDir, Path baselinesDir) {
    }

    private RunFrame(Opening opening, PrintStream console, GatePolicy policy, InjectedCost injection, RunSummary summary,
                     RunDecisions decisions, RunProgress progress) {
        this.opening = opening;
        this.console = console;
        this.policy = policy;
        this.injection = injection;
        this.summary = summary;
        this.decisions = decisions;
        this.progress = progress;
    }

    /**
     * Measures the ruler on the opening's broker, when it has one, and writes the summary's header.
     * Without one, the header says no broker has started, until {@link #brokerStarted}.
     */
    public static RunFrame open(GateSettings settings, Opening opening, PrintStream console) {
        GatePolicy policy = policy(opening.comparisons(), settings);
        InjectedCost injection = InjectedCost.from(settings);
        RunSummary summary = new RunSummary(opening.resultsDir(), opening.suite(), opening.scenarios(), RunSummary.Provenance.of(settings));
        RunFrame frame = new RunFrame(opening, console, policy, injection, summary, new RunDecisions(policy, console, opening.failFast()),
                new RunProgress(console, opening.scenarios()));
        if (opening.broker() != null) {
            frame.brokerStarted(opening.broker());
        } else {
            frame.fingerprint = Fingerprint.current(NOT_STARTED);
            summary.environment(opening.profile(), opening.machineClass(), frame.fingerprint, null, null, policy, injection);
        }
        summary.module(settings.runModule());
        return frame;
    }

    /**
     * The run's first broker is up: the fingerprint and the ruler are taken on it, and the drift
     * from the baselines' rulers, once; a later broker (a cluster, a confirmation's fresh one)
     * changes nothing. A run whose scenarios needed no broker (nothing they reach changed, or the
     * component stage alone judged them) never starts one, and its summary has no ruler. In paired
     * mode the ruler is informational (both sides share the broker): it is taken on whichever
     * broker the first measured scenario needs, a cluster's included.
     */
    public synchronized void brokerStarted(KafkaBroker broker) {
        if (ruler != null) {
            return;
        }
        // All or nothing: a ruler that cannot be measured leaves the frame as it was, to be taken on the next broker.
        Fingerprint measuredOn = Fingerprint.current(broker.info());
        Ruler measured = Ruler.measure(broker);
        Drift since = Drift.between(measured, opening.baselineRulers(), Defaults.DRIFT_BOUND);
        summary.environment(opening.profile(), opening.machineClass(), measuredOn, measured, since, policy, injection);
        fingerprint = measuredOn;
        ruler = measured;
        drift = since;
    }

    /**
     * The policy a run of {@code comparisons} metric comparisons judges at (α split over them, the
     * false-alarm rate and baseline rules of {@code settings}): made here alone, for a gate run's
     * frame and for the power tools, which measure as a gate run would.
     */
    public static GatePolicy policy(int comparisons, GateSettings settings) {
        return GatePolicy.forSuite(Math.max(1, comparisons), settings);
    }

    /**
     * Starts a broker and warms it before anything is measured on it; a broker whose warm-up fails
     * is stopped.
     */
    public static KafkaBroker startWarm(Supplier<KafkaBroker> start, Duration warmup, PrintStream console) {
        KafkaBroker broker = start.get();
        try {
            BrokerWarmup.run(broker, warmup, console);
            return broker;
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
    }

    /** Names the mode in summary.json, and the prefix of the run's headline. */
    public void mode(ObjectNode block, String headlinePrefix) {
        summary.mode(block, headlinePrefix);
    }

    /** Closes summary.json, prints the headline and writes the report; returns the run's decision. */
    public GateResult finish() {
        Path results = opening.resultsDir();
        summary.finish();
        GateResult result = summary.result();
        // The folder is the run's own until GateSession publishes it, which names where it went.
        console.println("[kafka-perf-gate] " + result.headline());
        HtmlReport.write(results, opening.baselinesDir());
        return result;
    }

    public GatePolicy policy() {
        return policy;
    }

    /** The cost injected into the head, when the run was asked to inject one ({@link InjectedCost#NONE} otherwise). */
    public InjectedCost injection() {
        return injection;
    }

    public synchronized Fingerprint fingerprint() {
        return fingerprint;
    }

    /** The ruler of the run's first broker; {@code null} while none has started. */
    public synchronized Ruler ruler() {
        return ruler;
    }

    /** The drift from the baselines' rulers; {@code null} while no broker has started. */
    public synchronized Drift drift() {
        return drift;
    }

    public RunSummary summary() {
        return summary;
    }

    /** The only way the run's scenarios are decided; it holds the run's fail-fast rule. */
    public RunDecisions decisions() {
        return decisions;
    }

    public RunProgress progress() {
        return progress;
    }

    public Path resultsDir() {
        return opening.resultsDir();
    }
}
