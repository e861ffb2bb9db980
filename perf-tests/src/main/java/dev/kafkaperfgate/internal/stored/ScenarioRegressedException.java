package dev.kafkaperfgate.internal.stored;

/**
 * A scenario's confirmed regression (or a missing baseline where one is required), after
 * summary.json recorded it: the run goes on to the next scenario, and the run's decision says FAIL.
 */
public final class ScenarioRegressedException extends RuntimeException {

    public ScenarioRegressedException(String message) {
        super(message, null, false, false);
    }
}
