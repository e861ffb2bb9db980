package dev.kafkaperfgate.internal.scenario;

import java.nio.file.Path;

/**
 * One problem in a scenario file, located the way compilers report: {@code file:line: field: message}.
 *
 * @param file    the scenario file
 * @param line    1-based line of the offending key or value
 * @param field   dotted path of the field, e.g. {@code producer.linger.ms}
 * @param message what is wrong and, where it helps, what is allowed
 */
public record ValidationError(Path file, int line, String field, String message) {

    @Override
    public String toString() {
        return file + ":" + line + ": " + field + ": " + message;
    }
}
