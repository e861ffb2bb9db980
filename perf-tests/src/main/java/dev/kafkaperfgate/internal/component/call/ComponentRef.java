package dev.kafkaperfgate.internal.component.call;

import java.util.Objects;

/**
 * One of the team's components as a scenario names it: the client setting, Kafka's key verbatim,
 * and the class. One interceptor of {@code interceptor.classes} is one component.
 *
 * @param role      {@code key.serializer}, {@code value.serializer}, {@code partitioner.class},
 *                  {@code interceptor.classes}, {@code key.deserializer} or {@code value.deserializer}
 * @param className fully qualified
 */
public record ComponentRef(String role, String className) {

    public ComponentRef {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(className, "className");
    }

    /** How verdicts name it: {@code value.serializer com.acme.OrderSerializer}. */
    public String label() {
        return role + " " + className;
    }
}
