package dev.kafkaperfgate.internal.paired;

/**
 * The base cannot be measured on this runner (no gate, an older gate, or scenario files that do
 * not parse); nothing was measured. The caller says so in one line and falls back to stored
 * baselines.
 */
public final class PairedUnavailableException extends RuntimeException {

    PairedUnavailableException(String message) {
        super(message);
    }

    PairedUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
