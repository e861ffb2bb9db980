package dev.kafkaperfgate.internal.history;

/** A nightly history file that cannot be read as one: the message names the file and line. */
public final class HistoryException extends RuntimeException {

    public HistoryException(String message) {
        super(message);
    }
}
