package dev.kafkaperfgate.internal.paired.workers;

/** A side's worker failed: it answered with an error, exited, or did not answer in time. The message names the side. */
public final class WorkerException extends RuntimeException {

    public WorkerException(String message) {
        super(message);
    }

    WorkerException(String message, Throwable cause) {
        super(message, cause);
    }
}
