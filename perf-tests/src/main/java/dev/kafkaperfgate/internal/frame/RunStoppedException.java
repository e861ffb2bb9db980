package dev.kafkaperfgate.internal.frame;

/**
 * The run cannot go on (its broker did not start, say): not one scenario's end, which a mode
 * records and goes past, but the run's. Thrown through a mode's {@link RunMode#run}; the entry
 * point reports it as the infrastructure's failure (exit 3).
 */
public final class RunStoppedException extends RuntimeException {

    public RunStoppedException(String message, Throwable cause) {
        super(message, cause);
    }
}
