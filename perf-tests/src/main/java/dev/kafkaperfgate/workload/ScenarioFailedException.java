package dev.kafkaperfgate.workload;

/** A client error stopped a scenario (a failed send, records lost); the message names the scenario and the cause. */
public class ScenarioFailedException extends RuntimeException {

    public ScenarioFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
