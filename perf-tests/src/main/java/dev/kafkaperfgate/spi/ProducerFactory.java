package dev.kafkaperfgate.spi;

import org.apache.kafka.clients.producer.Producer;

import java.util.Map;

/**
 * Builds the producer a scenario sends through, so that a team's wrapper around
 * {@code KafkaProducer} (headers, tracing, metrics, retries) is measured as it runs in
 * production. Named in a scenario file as {@code producer.factory: com.example.TracedProducers}.
 *
 * <p>The contract the harness relies on is Kafka's own: {@link Producer#send(org.apache.kafka.clients.producer.ProducerRecord,
 * org.apache.kafka.clients.producer.Callback) send(record, callback)} returns promptly and calls the
 * callback exactly once per record, when the broker acknowledged it or it failed. The harness
 * measures send → callback around the wrapper, so everything the wrapper adds is in the figures.
 * {@link Producer#metrics()} should be the wrapped producer's, so that wire bytes and requests
 * per record can be read. An implementation needs a public no-argument constructor.
 *
 * <pre>{@code
 * public final class TracedProducers implements ProducerFactory<String, Order> {
 *     public Producer<String, Order> create(Map<String, Object> config) {
 *         return new TracingProducer<>(new KafkaProducer<>(config), "orders-service");
 *     }
 * }
 * }</pre>
 *
 * <p>Implement {@link #wrap} too, and paired mode's component stage measures the wrapper alone,
 * around a producer that never touches the network, base build against head build: a wrapper
 * that got slower is then seen by name, not diluted in the whole client's cost.
 *
 * @param <K> the key type
 * @param <V> the value type
 */
public interface ProducerFactory<K, V> {

    /**
     * @param config the scenario's producer settings with the harness's connection settings, as
     *               {@code new KafkaProducer<>(config)} takes them; pass them on unchanged
     */
    Producer<K, V> create(Map<String, Object> config);

    /**
     * The team's wrapper around {@code delegate}, the same wrapper {@link #create} puts around its
     * {@code KafkaProducer}. Optional: the default returns {@code null}, and such a factory is
     * measured with the whole client only.
     *
     * <pre>{@code
     * public Producer<String, Order> create(Map<String, Object> config) {
     *     return wrap(new KafkaProducer<>(config));
     * }
     * public Producer<String, Order> wrap(Producer<String, Order> delegate) {
     *     return new TracingProducer<>(delegate, "orders-service");
     * }
     * }</pre>
     *
     * @param delegate the producer to wrap; the component stage passes one that completes every send at once
     * @return the wrapper, or {@code null} when the factory cannot wrap a given producer
     */
    default Producer<K, V> wrap(Producer<K, V> delegate) {
        return null;
    }
}
