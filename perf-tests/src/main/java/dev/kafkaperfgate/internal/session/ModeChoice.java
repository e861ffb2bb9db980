package dev.kafkaperfgate.internal.session;

import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.basebuild.BaseBuild;
import dev.kafkaperfgate.internal.basebuild.PairedRefusedException;
import dev.kafkaperfgate.internal.basebuild.PairedRules;
import dev.kafkaperfgate.internal.environment.GateWiring;
import dev.kafkaperfgate.internal.frame.RunMode;
import dev.kafkaperfgate.internal.paired.PairedMode;
import dev.kafkaperfgate.internal.paired.PairedSides;
import dev.kafkaperfgate.internal.paired.PairedUnavailableException;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.stored.StoredMode;

import java.io.PrintStream;

/**
 * How a run measures, decided once and before anything is measured: paired (the base and the head
 * side by side), stored (against baselines), the head alone (a pull request that adopts the gate),
 * or refused. Only opening paired mode can find that the base cannot be measured (it has no gate,
 * it does not build, its scenarios cannot be read); what stands in then is {@link PairedRules}'
 * and is chosen here, never after a measurement has begun: a base that fails later is the run's
 * failure, not a reason to judge another way.
 */
final class ModeChoice {

    /** The chosen mode, ready to run. */
    sealed interface Chosen permits Measure, HeadAlone {
        GateResult run();
    }

    /** A mode measured in this JVM through the session's steps ({@link GateSession#measure}). */
    record Measure(RunMode mode) implements Chosen {
        @Override
        public GateResult run() {
            return GateSession.measure(mode);
        }
    }

    /** The head measured alone as its own user, against stored baselines ({@link PairedRules.Fallback#HEAD_ALONE}). */
    record HeadAlone(BaseBuild base, GateSettings stored) implements Chosen {
        @Override
        public GateResult run() {
            return base.headAlone(stored);
        }
    }

    private ModeChoice() {
    }

    /**
     * A run whose sides are built already: paired when the settings name the base's classpath,
     * stored otherwise.
     *
     * @throws PairedRefusedException when the base cannot be measured and nothing may stand in
     */
    static Chosen here(GateSettings settings, GateWiring wiring, PrintStream console) {
        if (!PairedMode.requested(settings)) {
            return new Measure(StoredMode.prepare(settings, console));
        }
        try {
            return new Measure(PairedMode.open(settings, PairedSides.named(settings), wiring.users(), console));
        } catch (PairedUnavailableException e) {
            // The head is this JVM's own code unless a file names its classpath; only then can stored mode here measure it.
            return instead(settings, e, settings.paired().headClasspathFile() == null, null, console);
        }
    }

    /**
     * A run whose base (and, from scripts/gate.sh, head) {@code base} checked out and built: paired
     * on the sides it built, unless the base cannot be measured.
     *
     * @throws PairedRefusedException when the base cannot be measured and nothing may stand in
     */
    static Chosen withBase(GateSettings settings, BaseBuild base, GateWiring wiring, PrintStream console) {
        try {
            if (base.unavailable().isPresent()) {
                throw base.unavailable().get();
            }
            // The run's commit, unless given, is the head's; the sides go to the paired run as they are.
            GateSettings run = settings.withRunCommitUnlessGiven(base.headCommit());
            return new Measure(PairedMode.open(run, base.sides(), wiring.users(), console));
        } catch (PairedUnavailableException e) {
            return instead(settings.withoutBase(), e, base.headInThisJvm(), base, console);
        }
    }

    /** What stands in for a base that cannot be measured: {@link PairedRules#whenBaseCannotBeMeasured}, applied. */
    private static Chosen instead(GateSettings settings, PairedUnavailableException why, boolean headInThisJvm, BaseBuild base,
                                  PrintStream console) {
        GateSettings stored = PairedRules.storedInstead(settings, why);
        PairedRules.Fallback fallback = PairedRules.whenBaseCannotBeMeasured(why, headInThisJvm);
        if (fallback == PairedRules.Fallback.STORED_HERE) {
            return new Measure(StoredMode.prepare(stored, console));
        }
        if (fallback == PairedRules.Fallback.HEAD_ALONE && base != null) {
            console.println("[kafka-perf-gate] paired mode unavailable: " + why.getMessage()
                    + "; the head is measured alone and nothing is judged");
            return new HeadAlone(base, stored);
        }
        // Refused, or the head alone with no head built here to run: its code would run where the gate decides.
        throw new PairedRefusedException(PairedRules.refusal(why));
    }
}
