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

    public WorkerException(String message) {
        this(null, message, null);
    }

    public WorkerException(Side culprit, String message, Throwable cause) {
        super(message, cause);
        this.culprit = culprit;
    }

    /** The side whose worker failed at its work, empty when no side's code is to blame (a JVM that did not start). */
    public Optional<Side> culprit() {
        return Optional.ofNullable(culprit);
    }
}
