package dev.kafkaperfgate.internal.settings;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where the broker comes from; chosen with {@code -Dperf.broker}. */
public enum BrokerMode {
    /** container when a Docker engine answers and the image is present or pullable, else process. */
    AUTO,
    /** org.testcontainers.kafka.KafkaContainer; what users get on GitHub-hosted runners. */
    CONTAINER,
    /** the broker jars in a separate JVM on this host, KRaft combined mode. */
    PROCESS,
    /** an existing cluster: bootstrap servers plus a client properties file. */
    EXTERNAL;

    public static BrokerMode parse(String value) {
        String normalized = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (BrokerMode mode : values()) {
            if (mode.label().equals(normalized)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown broker mode '" + value + "' in -Dperf.broker: use one of "
                + Arrays.stream(values()).map(BrokerMode::label).collect(Collectors.joining("|")));
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
