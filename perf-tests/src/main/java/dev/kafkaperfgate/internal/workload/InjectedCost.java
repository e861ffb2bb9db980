package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;

/**
 * A known regression put into the client path on purpose, to prove that the gate catches what it
 * should: a producer interceptor ({@link InjectedCostInterceptor}) burns {@code burnNs} of CPU on
 * every {@code every}-th record and allocates {@code allocBytes} on every record
 * ({@code -Dperf.inject.burn.ns}, {@code -Dperf.inject.burn.every}, {@code -Dperf.inject.alloc.bytes}).
 * It runs inside {@code send()} on the sending thread, where a slow serializer or wrapper of a
 * real application costs its time. A run with an injection is recorded as such and is never
 * accepted into a baseline.
 *
 * @param burnNs     nanoseconds of busy CPU per burning record, 0 for none
 * @param every      burn on one record in this many, at least 1
 * @param allocBytes bytes allocated (and dropped) per record, 0 for none
 */
public record InjectedCost(long burnNs, int every, int allocBytes) {

    public static final InjectedCost NONE = new InjectedCost(0, 1, 0);

    public InjectedCost {
        if (burnNs < 0 || every < 1 || allocBytes < 0) {
            throw new IllegalArgumentException(GateProperties.INJECT_BURN_NS + " and " + GateProperties.INJECT_ALLOC_BYTES
                    + " must be >= 0 and " + GateProperties.INJECT_BURN_EVERY + " >= 1, got " + burnNs + ", " + allocBytes
                    + " and " + every);
        }
    }

    /** CPU only, as the first injections were. */
    public InjectedCost(long burnNs, int every) {
        this(burnNs, every, 0);
    }

    public static InjectedCost from(GateSettings settings) {
        return new InjectedCost(settings.injectBurnNs(), settings.injectBurnEvery(), settings.injectAllocBytes());
    }

    /** The size a power bench scales, in the injection's own unit: bytes per record when it allocates, else ns of burn. */
    public long magnitude() {
        return allocBytes > 0 ? allocBytes : burnNs;
    }

    /** This injection at another {@link #magnitude()}, in the same unit, with everything else kept. */
    public InjectedCost withMagnitude(long magnitude) {
        return allocBytes > 0 ? new InjectedCost(burnNs, every, Math.toIntExact(magnitude)) : new InjectedCost(magnitude, every, allocBytes);
    }

    public boolean active() {
        return burnNs > 0 || allocBytes > 0;
    }

    @Override
    public String toString() {
        if (!active()) {
            return "none";
        }
        String cpu = burnNs == 0 ? "" : every == 1 ? burnNs + " ns of CPU per record" : burnNs + " ns of CPU on 1 record in " + every;
        String alloc = allocBytes == 0 ? "" : allocBytes + " B allocated per record";
        return cpu.isEmpty() ? alloc : alloc.isEmpty() ? cpu : cpu + ", " + alloc;
    }
}
