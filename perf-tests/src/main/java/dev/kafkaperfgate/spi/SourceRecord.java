package dev.kafkaperfgate.spi;

/**
 * One record a {@link RecordSource} makes: the key and value handed to the producer, before
 * serialization.
 *
 * @param key   may be {@code null} (the partitioner then spreads records as Kafka does)
 * @param value may be {@code null} only if the value serializer accepts it
 */
public record SourceRecord<K, V>(K key, V value) {
}
