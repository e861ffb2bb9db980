package dev.kafkaperfgate.internal.workload;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.Map;

/**
 * The producer interceptor of an {@link InjectedCost}: passes every record through unchanged and
 * busy-spins for the configured time on every n-th. Kafka calls {@code onSend} inside
 * {@code send()} on the sending thread, just before the serializers, so the burn lands where a
 * slow serializer or wrapper of the team's costs its time, whatever serializer the scenario
 * uses. Spinning rather than sleeping holds the CPU, as slow code does.
 */
public final class CpuBurningInterceptor implements ProducerInterceptor<Object, Object> {

    /** Producer config keys the harness sets; not Kafka's own, so the producer ignores them. */
    static final String BURN_NS = "kafka-perf-gate.inject.burn.ns";
    static final String EVERY = "kafka-perf-gate.inject.burn.every";

    private long burnNs;
    private int every = 1;
    private long records;

    @Override
    public void configure(Map<String, ?> configs) {
        burnNs = Long.parseLong(String.valueOf(configs.get(BURN_NS)));
        every = Integer.parseInt(String.valueOf(configs.get(EVERY)));
    }

    @Override
    public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
        if (++records % every == 0) {
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
