package dev.kafkaperfgate.internal.paired.workers;

import dev.kafkaperfgate.internal.engine.Side;
import java.util.Optional;

/**
 * A side's worker failed: it answered with an error, exited, or did not answer in time. The
 * message names the side; {@link #culprit} says it as a type: a head that cannot run its scenario
 * is the pull request's failure, anything else the infrastructure's.
 */
public final class WorkerException extends RuntimeException {

    private final transient Side culprit;
    private final boolean answered;

    public WorkerException(String message) {
        this(null, message, null);
    }

    public WorkerException(Side culprit, String message, Throwable cause) {
        this(culprit, message, cause, false);
    }

    private WorkerException(Side culprit, String message, Throwable cause, boolean answered) {
        super(message, cause);
        this.culprit = culprit;
        this.answered = answered;
    }

    /** The side's worker answered with an error of its own: its work failed, its JVM did not. */
    static WorkerException answered(Side side, String message) {
        return new WorkerException(side, message, null, true);
    }

    /**
     * Whether the worker answered with an error (its files or code failed at the command), rather
     * than exiting, timing out or writing what is not a reply. A worker of the head may forge
     * this: it decides only between two ways of not judging (exit 2 or 3), never a pass.
     */
    public boolean answered() {
        return answered;
    }

    /** The side whose worker failed at its work, empty when no side's code is to blame (a JVM that did not start). */
    public Optional<Side> culprit() {
        return Optional.ofNullable(culprit);
    }
}
