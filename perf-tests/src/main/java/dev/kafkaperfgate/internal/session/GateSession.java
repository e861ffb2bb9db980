package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.basebuild.BaseBuild;
import dev.kafkaperfgate.internal.basebuild.PairedRefusedException;
import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.frame.RunMode;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A gate run, from its settings to its result, one path for every mode. With
 * {@code perf.base.ref} the base (and, from scripts/gate.sh, the head) is built first
 * ({@link BaseBuild}); the mode is chosen once, before anything is measured ({@link ModeChoice}:
 * paired, stored, the head alone, or refused). Whichever mode measures, the run goes through the
 * same steps ({@link #measure}): start, each scenario in order, finish.
 *
 * <pre>{@code
 * GateResult result = GateSession.run(PerfGateOptions.fromSystemProperties().settings(), System.out);
 * }</pre>
 */
public final class GateSession {

    private GateSession() {
    }

    /**
     * A run with no wiring of scripts/gate.sh's: the suite's, a team's code's.
     *
     * @see #run(GateSettings, GateWiring, PrintStream)
     */
    public static GateResult run(GateSettings settings, PrintStream console) {
        return run(settings, GateWiring.NONE, console);
    }

    /**
     * @param wiring what scripts/gate.sh --base tells the deciding JVM: whom each side runs as, whether the head is built here
     * @throws PairedRefusedException when a paired run is refused (a base that cannot be measured, a head that reached the judge's files)
     * @throws RuntimeException       when the settings, the files or the infrastructure do not allow a judged run
     */
    public static GateResult run(GateSettings given, GateWiring wiring, PrintStream console) {
        GateSettings settings = inModule(given, wiring);
        ResultsFolder results = ResultsFolder.open(settings.resultsDir());
        GateResult result;
        try {
            result = runIn(settings.withResultsDir(results.work()), wiring, console);
        } catch (RuntimeException | Error e) {
            try {
                // Logs of a run that stopped are worth keeping; an empty folder would only push the last results aside.
                results.publishIfAny(console).ifPresent(published ->
                        console.println("[kafka-perf-gate] results (of a run that did not end): " + published));
            } catch (RuntimeException publishing) {
                e.addSuppressed(publishing);
            }
            throw e;
        }
        Path published = results.publish(console);
        console.println("[kafka-perf-gate] results: " + published + " (summary.json, report.html)");
        return new GateResult(result.outcome(), result.exitCode(), result.headline(), result.judged(), published.resolve("summary.json"),
                result.scenarios());
    }

    /**
     * The settings whose relative paths name files of the module, made absolute against it when
     * scripts/gate.sh named it ({@code --module}: the deciding JVM's working folder is the gate's).
     * The scenarios' folder stays relative: each side reads it from its own tree ({@link BaseBuild}).
     */
    private static GateSettings inModule(GateSettings settings, GateWiring wiring) {
        return wiring.module() == null ? settings : settings.resolvedAgainst(wiring.module());
    }

    /**
     * A run that writes into {@code settings.resultsDir()}, the run's own folder: its mode chosen
     * once, before anything is measured ({@link ModeChoice}), then run.
     */
    private static GateResult runIn(GateSettings settings, GateWiring wiring, PrintStream console) {
        if (!BaseBuild.requested(settings)) {
            return ModeChoice.here(settings, wiring, console).run();
        }
        // -Dperf.base.ref: the base (and, from scripts/gate.sh, the head) is checked out and built here, then removed.
        try (BaseBuild base = BaseBuild.prepare(settings, wiring, wiring.moduleOrHere(), console)) {
            GateResult result = ModeChoice.withBase(settings, base, wiring, console).run();
            base.checkAfterRun(result);
            return result;
        }
    }

    /** Every mode's steps: start (the run's frame; stored mode's broker), each scenario in order, finish (summary.json, the report). */
    public static GateResult measure(RunMode mode) {
        try (mode) {
            mode.start();
            List<String> scenarios = mode.scenarios();
            for (int index = 0; index < scenarios.size(); index++) {
                mode.run(index);
            }
            return mode.finish();
        }
    }
}
