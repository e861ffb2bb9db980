package dev.kafkaperfgate;

/**
 * The one exception {@link PerfGate#run} throws: the run could not be judged, and why. Nothing was
 * decided, so a caller treats it as NOT JUDGED, never as a pass: the command line exits 2 for bad
 * settings or input, and 3 when the infrastructure failed.
 *
 * <pre>{@code
 * try {
 *     GateResult result = PerfGate.run(options);
 * } catch (PerfGateException e) {
 *     switch (e.kind()) {
 *         case INVALID_SETTINGS, INVALID_INPUT -> ...   // fix the setting or file the message names
 *         case INFRASTRUCTURE -> ...                   // the broker or Docker; not a performance verdict
 *         case REFUSED -> ...                          // the pull request reached for its judge: NOT JUDGED
 *     }
 * }
 * }</pre>
 */
public final class PerfGateException extends RuntimeException {

    /** What kind of problem stopped the run. */
    public enum Kind {
        /**
         * A {@code perf.*} setting the gate does not know, or a value it cannot take, or a selection that matches no scenario;
         * nothing started. Only such a setting: an unforeseen error of the gate's own is {@link #INFRASTRUCTURE}.
         */
        INVALID_SETTINGS,
        /**
         * Scenario or baseline files that are malformed or inconsistent, every problem with its file and field; nothing started.
         * In a paired run, also a side's own scenario or config files that its worker cannot read, with the side named: the
         * pull request's input, never the infrastructure's.
         */
        INVALID_INPUT,
        /** The broker, Docker, a worker JVM or the machine failed: a broker that cannot start or died mid-run. */
        INFRASTRUCTURE,
        /**
         * A paired run refused: the head's build or code changed a file the base or the gate runs on,
         * or the base cannot be measured and the only stand-in would run the head's code where the gate decides.
         */
        REFUSED
    }

    private final Kind kind;

    public PerfGateException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** What stopped the run. */
    public Kind kind() {
        return kind;
    }

    /** The command line's exit code for it: 2 (not judged: fix a setting or a file; refused), or 3 (the infrastructure failed). */
    public int exitCode() {
        return kind == Kind.INFRASTRUCTURE ? 3 : 2;
    }
}
