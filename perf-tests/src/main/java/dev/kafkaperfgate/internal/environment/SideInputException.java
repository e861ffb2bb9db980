package dev.kafkaperfgate.internal.environment;

/**
 * A side's own scenario or client config files cannot be read or are invalid: a committed link the
 * side's user cannot follow, a malformed YAML file, a {@code producer.config} that is not
 * properties. The pull request's input, not the machine's failure: not judged, exit 2
 * ({@code INVALID_INPUT}), with the side and the file named. Exit 3 would say "retry, the machine
 * failed", and a retry cannot mend a file.
 */
public final class SideInputException extends RuntimeException {

    public SideInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
