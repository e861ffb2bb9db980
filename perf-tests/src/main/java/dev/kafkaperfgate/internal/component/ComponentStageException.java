package dev.kafkaperfgate.internal.component;

/** The component stage could not measure: a side's JVM failed, timed out, or gave no figures. The message names the side. */
public final class ComponentStageException extends RuntimeException {

    ComponentStageException(String message) {
        super(message);
    }

    ComponentStageException(String message, Throwable cause) {
        super(message, cause);
    }
}
