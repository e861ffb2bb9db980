package dev.kafkaperfgate.internal.workload;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.Map;

/**
 * The producer interceptor of an {@link InjectedCost}: passes every record through unchanged,
 * busy-spins for the configured time on every n-th and allocates the configured bytes on each.
 * Kafka calls {@code onSend} inside {@code send()} on the sending thread, just before the
 * serializers, so the cost lands where a slow serializer or wrapper of the team's costs its time,
 * whatever serializer the scenario uses. Spinning rather than sleeping holds the CPU, as slow code
 * does; the allocation is published to a field so the JIT cannot remove it.
 */
public final class InjectedCostInterceptor implements ProducerInterceptor<Object, Object> {

    /** Producer config keys the harness sets; not Kafka's own, so the producer ignores them. */
    static final String BURN_NS = "kafka-perf-gate.inject.burn.ns";
    static final String EVERY = "kafka-perf-gate.inject.burn.every";
    static final String ALLOC_BYTES = "kafka-perf-gate.inject.alloc.bytes";

    /** Where each allocation is published, so escape analysis cannot drop it. */
    static volatile byte[] sink;

    private long burnNs;
    private int every = 1;
    private int allocBytes;
    private long records;

    @Override
    public void configure(Map<String, ?> configs) {
        burnNs = Long.parseLong(String.valueOf(configs.get(BURN_NS)));
        every = Integer.parseInt(String.valueOf(configs.get(EVERY)));
        allocBytes = Integer.parseInt(String.valueOf(configs.get(ALLOC_BYTES)));
    }

    @Override
    public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
        if (allocBytes > 0) {
            sink = new byte[allocBytes];
        }
        if (burnNs > 0 && ++records % every == 0) {
            long end = System.nanoTime() + burnNs;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
        return record;
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
    }

    @Override
    public void close() {
    }
}
