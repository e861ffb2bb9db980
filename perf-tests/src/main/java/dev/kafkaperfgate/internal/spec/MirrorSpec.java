package dev.kafkaperfgate.internal.spec;

import java.util.Map;
import java.util.TreeMap;

/**
 * MirrorMaker 2's own client settings in a {@code workload: mirror} scenario, Kafka's keys
 * verbatim, as a team would write them into its {@code mm2.properties}:
 *
 * <pre>
 * mirror:
 *   producer:            # becomes target.producer.&lt;key&gt;: MM2 writing to the target cluster
 *     compression.type: gzip
 *     batch.size: 262144
 *     linger.ms: 50
 *     max.request.size: 2097152
 *   consumer:            # becomes source.consumer.&lt;key&gt;: MM2 reading the source, across the link
 *     fetch.max.bytes: 52428800
 * </pre>
 *
 * @param producer MM2's producer settings (to the target), checked as producer properties
 * @param consumer MM2's consumer settings (from the source), checked as consumer properties
 */
public record MirrorSpec(Map<String, String> producer, Map<String, String> consumer) {

    /** MirrorMaker 2 with its own defaults. */
    public static final MirrorSpec DEFAULT = new MirrorSpec(Map.of(), Map.of());

    public MirrorSpec {
        producer = Map.copyOf(new TreeMap<>(producer));
        consumer = Map.copyOf(new TreeMap<>(consumer));
    }

    /** This spec with one setting replaced: how a sweep of {@code mirror.producer.<key>} builds its scenarios. */
    public MirrorSpec with(String client, String key, String value) {
        Map<String, String> changedProducer = new TreeMap<>(producer);
        Map<String, String> changedConsumer = new TreeMap<>(consumer);
        switch (client) {
            case "producer" -> changedProducer.put(key, value);
            case "consumer" -> changedConsumer.put(key, value);
            default -> throw new IllegalArgumentException("mirror." + client + " is neither mirror.producer nor mirror.consumer");
        }
        return new MirrorSpec(changedProducer, changedConsumer);
    }
}
