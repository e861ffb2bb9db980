package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.settings.InvalidSettingException;
import dev.kafkaperfgate.internal.baseline.BaselineException;
import dev.kafkaperfgate.internal.environment.SideInputException;
import dev.kafkaperfgate.internal.environment.SideRefusedException;
import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.kafka.KafkaClients;
import dev.kafkaperfgate.internal.session.GateSession;
import dev.kafkaperfgate.internal.scenario.ScenarioValidationException;

import java.io.PrintStream;

/**
 * The gate's one entry point: runs the selected scenarios on a real broker, judges each against
 * its baseline, writes the results, summary.json and report.html, and returns the decision. The
 * JUnit suite ({@link dev.kafkaperfgate.junit.PerfGateSuite}) runs the same steps with one JUnit
 * test per scenario; this is the form for code and the command line.
 *
 * <pre>{@code
 * GateResult result = PerfGate.run(PerfGateOptions.fromSystemProperties());
 * System.exit(result.exitCode());
 * }</pre>
 */
public final class PerfGate {

    private PerfGate() {
    }

    /** Runs the gate, printing its progress and verdict lines to standard output. */
    public static GateResult run(PerfGateOptions options) {
        return run(options, System.out);
    }

    /**
     * Runs the gate, printing to {@code console}.
     *
     * @throws PerfGateException when the run could not be judged: an unknown setting or a selection that
     *                           matches nothing ({@link PerfGateException.Kind#INVALID_SETTINGS}), bad scenario or
     *                           baseline files, every problem listed, or a paired side's own files that it cannot read, with
     *                           the side named ({@link PerfGateException.Kind#INVALID_INPUT}),
     *                           a broker or worker that cannot start or died
     *                           ({@link PerfGateException.Kind#INFRASTRUCTURE}), or a paired run refused because the
     *                           head reached the files its judge runs on ({@link PerfGateException.Kind#REFUSED}).
     *                           It is the only exception thrown.
     */
    public static GateResult run(PerfGateOptions options, PrintStream console) {
        return run(options, GateWiring.NONE, console);
    }

    private static GateResult run(PerfGateOptions options, GateWiring wiring, PrintStream console) {
        // This JVM runs the team's clients in stored mode and in the suite: a release older than the gate supports
        // is named here, in one line, not met as a linkage error minutes in. (Paired workers check their own.)
        KafkaClients.unsupported(KafkaClients.version()).ifPresent(why -> {
            throw new PerfGateException(PerfGateException.Kind.INVALID_INPUT, "this JVM's " + why, null);
        });
        try {
            return GateSession.run(options.settings(), wiring, console);
        } catch (RuntimeException e) {
            throw classify(e);
        }
    }

    /**
     * Who is to blame for a run that could not be judged, chosen here alone (issue 73): the user's
     * setting, the files (the team's, or a paired side's own), the pull request reaching for its
     * judge, or the machine. An exception of no known class is the gate's or the machine's failure,
     * never the user's setting: a stray {@link IllegalArgumentException} is not INVALID_SETTINGS.
     */
    static PerfGateException classify(RuntimeException e) {
        if (e instanceof PerfGateException known) {
            return known;
        }
        PerfGateException.Kind kind;
        if (e instanceof SideRefusedException) {
            kind = PerfGateException.Kind.REFUSED;
        } else if (e instanceof ScenarioValidationException || e instanceof BaselineException || e instanceof SideInputException) {
            kind = PerfGateException.Kind.INVALID_INPUT;
        } else if (e instanceof InvalidSettingException) {
            kind = PerfGateException.Kind.INVALID_SETTINGS;
        } else {
            // A broker, Docker or worker problem, or one the gate did not foresee: never a verdict.
            kind = PerfGateException.Kind.INFRASTRUCTURE;
        }
        return new PerfGateException(kind, e.getMessage(), e);
    }

    /**
     * {@code java -Dperf.suite=pr -cp <test classpath> dev.kafkaperfgate.PerfGate}: exits 0 on a pass,
     * 1 on a confirmed regression, 2 on a run not judged (incomplete, or bad settings or files), 3 when
     * the infrastructure failed (the broker, Docker, a worker JVM). Settings are {@code -Dperf.*}
     * system properties; the arguments are scripts/gate.sh's wiring ({@link GateWiring}: each side's
     * user, its private work folder), which no team sets.
     */
    public static void main(String[] args) {
        PerfGateOptions options;
        GateWiring wiring;
        try {
            wiring = GateWiring.parse(java.util.List.of(args));
            options = PerfGateOptions.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            System.err.println("[kafka-perf-gate] could not run (" + PerfGateException.Kind.INVALID_SETTINGS + "): " + e.getMessage());
            System.exit(2);
            return;
        }
        try {
            GateResult result = run(options, wiring, System.out);
            System.out.println("[kafka-perf-gate] " + result.headline());
            System.exit(result.exitCode());
        } catch (PerfGateException e) {
            System.err.println(e.kind() == PerfGateException.Kind.REFUSED ? "[kafka-perf-gate] NOT JUDGED: " + e.getMessage()
                    : "[kafka-perf-gate] could not run (" + e.kind() + "): " + e.getMessage());
            System.exit(e.exitCode());
        }
    }
}
