package dev.kafkaperfgate.internal.workload;

/** A client error stopped a scenario (a failed send, records lost); the message names the scenario and the cause. */
public class ScenarioFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ScenarioFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
