package dev.kafkaperfgate.internal.settings;

/**
 * A setting the gate cannot take, with its key named: an unknown {@code perf.*} key, a value out of
 * its form or range, a selection that matches no scenario, a file a setting names that cannot be
 * read. The one error {@code PerfGate} reports as {@code INVALID_SETTINGS} (exit 2): any other
 * unforeseen {@link IllegalArgumentException} is the gate's own failure, not the user's setting.
 */
public final class InvalidSettingException extends IllegalArgumentException {

    public InvalidSettingException(String message) {
        super(message);
    }

    public InvalidSettingException(String message, Throwable cause) {
        super(message, cause);
    }
}
