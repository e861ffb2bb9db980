package dev.kafkaperfgate.spi;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * Makes the records a scenario sends: a team's own keys and values (its domain objects), which
 * its own {@code key.serializer} and {@code value.serializer} then turn into bytes. Named in a
 * scenario file in place of {@code record.size} or {@code payload.file}:
 *
 * <pre>
 * record.source: {class: com.example.orders.OrderRecords, config: {lines.max: "5"}}
 * producer: {value.serializer: com.example.orders.OrderSerializer, ...}
 * </pre>
 *
 * <p>The harness asks for a fixed pool of records (1024) once, before the warm-up, with a random
 * seeded by the scenario, and cycles through the pool while it measures: making the objects is
 * never on the measured send path, and the same seed gives the same records on every run, so
 * base and head serialize exactly the same objects. An implementation needs a public no-argument
 * constructor.
 *
 * <pre>{@code
 * public final class OrderRecords implements RecordSource<String, Order> {
 *     public SourceRecord<String, Order> create(int index, SplittableRandom random) {
 *         Order order = Order.random(random);
 *         return new SourceRecord<>(order.customerId(), order);
 *     }
 * }
 * }</pre>
 *
 * @param <K> the key type, {@code null} keys allowed
 * @param <V> the value type
 */
public interface RecordSource<K, V> {

    /**
     * Called once before {@link #create}, with the scenario's {@code record.source.config}
     * (empty when the scenario gives none).
     */
    default void configure(Map<String, String> config) {
    }

    /**
     * One record of the pool.
     *
     * @param index  0 to the pool size − 1, in order
     * @param random seeded by the scenario; use it for every random choice, so runs repeat
     */
    SourceRecord<K, V> create(int index, SplittableRandom random);
}
