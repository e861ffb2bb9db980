package dev.kafkaperfgate.internal.trogdor;

/**
 * Trogdor could not run the scenario: the coordinator or an agent did not start or answer, or
 * a task was lost. The machine's fault, not the change's: the scenario is an error of the run
 * (not judged), never a failure of the code under test.
 */
public final class TrogdorUnavailableException extends RuntimeException {

    public TrogdorUnavailableException(String message) {
        super(message);
    }

    public TrogdorUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
