package dev.kafkaperfgate.workload;

import org.apache.kafka.common.serialization.Serializer;

import java.util.Map;

/**
 * The value serializer of an {@link InjectedCost}: passes the bytes through, and busy-spins for
 * the configured time on every n-th record. Spinning rather than sleeping holds the CPU, as a
 * slow serializer does.
 */
public final class CpuBurningSerializer implements Serializer<byte[]> {

    /** Producer config keys the harness sets; not Kafka's own, so the producer ignores them. */
    static final String BURN_NS = "kafka-perf-gate.inject.burn.ns";
    static final String EVERY = "kafka-perf-gate.inject.burn.every";

    private long burnNs;
    private int every = 1;
    private long records;

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        burnNs = Long.parseLong(String.valueOf(configs.get(BURN_NS)));
        every = Integer.parseInt(String.valueOf(configs.get(EVERY)));
    }

    @Override
    public byte[] serialize(String topic, byte[] data) {
        if (++records % every == 0) {
            long end = System.nanoTime() + burnNs;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        }
        return data;
    }
}
