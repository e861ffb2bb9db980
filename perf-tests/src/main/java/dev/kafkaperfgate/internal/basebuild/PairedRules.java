package dev.kafkaperfgate.internal.basebuild;

import dev.kafkaperfgate.internal.paired.PairedUnavailableException;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The rules of a paired run that cannot go as planned, in one place: what stands in when the base
 * cannot be measured, and when the run is refused. Used by {@code scripts/gate.sh --base} (whose
 * deciding JVM holds the gate's classes only) and by {@code PerfGateSuite}'s paired mode (which
 * runs in the head's own build, with the head's classes loaded) alike.
 */
public final class PairedRules {

    /** What a run whose base cannot be measured does instead. */
    public enum Fallback {
        /** Stored baselines judge, in this JVM: it holds the head's classes already (the suite in the head's own build). */
        STORED_HERE,
        /**
         * The head is measured alone, in a JVM of the head's user, against stored baselines: the pull
         * request adopts the gate, so nothing exists to judge it against, and it may pass saying so.
         */
        HEAD_ALONE,
        /** NOT JUDGED: the stand-in would run the head's code where the gate decides. */
        REFUSED
    }

    private PairedRules() {
    }

    /**
     * What stands in for a base that cannot be measured.
     *
     * @param why           why not: {@link PairedUnavailableException#baseWithoutGate()} marks an adoption
     * @param headInThisJvm whether this JVM holds the head's classes (the suite's paired mode), or only the gate's
     */
    public static Fallback whenBaseCannotBeMeasured(PairedUnavailableException why, boolean headInThisJvm) {
        if (headInThisJvm) {
            return Fallback.STORED_HERE;
        }
        return why.baseWithoutGate() ? Fallback.HEAD_ALONE : Fallback.REFUSED;
    }

    /** The refusal's one line for a base that cannot be measured where the head's code would have to run in the deciding JVM. */
    public static String refusal(PairedUnavailableException why) {
        return why.getMessage() + "; the head is not judged against stored baselines instead: its code would run where the gate"
                + " decides (fix the base's build, or run the gate without --base)";
    }

    /**
     * The settings of the stored run that stands in: the reason in the headline and, for an
     * adoption, a run with nothing to judge allowed to pass (a {@code perf.allow.unjudged} given
     * wins).
     */
    public static GateSettings storedInstead(GateSettings settings, PairedUnavailableException why) {
        return settings.storedInstead(why.getMessage(), why.baseWithoutGate());
    }

    /** A refusal when a trusted file changed between two fingerprints; {@code when} says during what. */
    static Optional<PairedRefusedException> changed(TrustedFiles before, TrustedFiles after, boolean beforeMeasuring) {
        Optional<Path> changed = before.firstChangeIn(after);
        return changed.map(file -> new PairedRefusedException(beforeMeasuring
                ? "the head's build changed " + file + ", which the base or the gate runs on; nothing was measured"
                : file + ", which the base or the gate runs on, changed during the run"));
    }
}
