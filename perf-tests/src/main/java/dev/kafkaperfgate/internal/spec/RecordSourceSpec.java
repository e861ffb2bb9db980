package dev.kafkaperfgate.internal.spec;

import java.util.Map;
import java.util.Objects;

/**
 * A scenario's {@code record.source}: the class of a team's {@link dev.kafkaperfgate.spi.RecordSource}
 * and the settings handed to its {@code configure}.
 *
 * @param className fully qualified, on the test classpath
 * @param config    handed to {@code RecordSource.configure}; may be empty
 */
public record RecordSourceSpec(String className, Map<String, String> config) {

    public RecordSourceSpec {
        Objects.requireNonNull(className, "className");
        config = Map.copyOf(config);
    }
}
