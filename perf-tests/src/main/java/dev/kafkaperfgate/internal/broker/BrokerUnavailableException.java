package dev.kafkaperfgate.internal.broker;

/**
 * The broker could not be started, reached, or kept alive. An infrastructure problem, not a
 * performance verdict: JUnit reports it as an error, never as a test failure. The message says
 * what went wrong, where, and what to do.
 */
public class BrokerUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public BrokerUnavailableException(String message) {
        super(message);
    }

    public BrokerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
