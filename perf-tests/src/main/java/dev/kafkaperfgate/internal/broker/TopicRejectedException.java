package dev.kafkaperfgate.internal.broker;

/**
 * The cluster answered a topic creation with an error (a replication factor above its broker
 * count, a topic config it rejects): the scenario's topic is wrong, the broker is fine.
 */
public class TopicRejectedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TopicRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
