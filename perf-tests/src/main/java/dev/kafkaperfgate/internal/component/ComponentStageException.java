package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;
import java.util.Optional;

/**
 * The component stage could not measure: a side's JVM failed, timed out, or gave no figures. The
 * message names the side; {@link #culprit} says it as a type.
 */
public final class ComponentStageException extends RuntimeException {

    private final transient Side culprit;

    ComponentStageException(String message) {
        this(null, message, null);
    }

    ComponentStageException(String message, Throwable cause) {
        this(null, message, cause);
    }

    ComponentStageException(Side culprit, String message, Throwable cause) {
        super(message, cause);
        this.culprit = culprit;
    }

    /** The side whose code or JVM failed, empty when neither side's is to blame (the duel's own harness, a lock). */
    public Optional<Side> culprit() {
        return Optional.ofNullable(culprit);
    }
}
