package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.GateProperties;

import java.util.Map;

/**
 * A known regression put into the client path on purpose, to prove that the gate catches what it
 * should: the producer burns (an interceptor, {@link CpuBurningInterceptor}, inside {@code send()}) {@code burnNs} of CPU on every
 * {@code every}-th record ({@code -Dperf.inject.burn.ns}, {@code -Dperf.inject.burn.every}).
 * It runs inside {@code send()} on the sending thread, where a slow serializer or interceptor
 * of a real application costs its time. A run with an injection is recorded as such and is
 * never accepted into a baseline.
 *
 * @param burnNs nanoseconds of busy CPU per burning record, 0 for none
 * @param every  burn on one record in this many, at least 1
 */
public record InjectedCost(long burnNs, int every) {

    public static final InjectedCost NONE = new InjectedCost(0, 1);

    public InjectedCost {
        if (burnNs < 0 || every < 1) {
            throw new IllegalArgumentException(GateProperties.INJECT_BURN_NS + " must be >= 0 and "
                    + GateProperties.INJECT_BURN_EVERY + " >= 1, got " + burnNs + " and " + every);
        }
    }

    public static InjectedCost from(Map<?, ?> properties) {
        try {
            return new InjectedCost(Long.parseLong(GateProperties.get(properties, GateProperties.INJECT_BURN_NS, "0")),
                    Integer.parseInt(GateProperties.get(properties, GateProperties.INJECT_BURN_EVERY, "1")));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(GateProperties.INJECT_BURN_NS + " and " + GateProperties.INJECT_BURN_EVERY
                    + " take whole numbers: " + e.getMessage(), e);
        }
    }

    public boolean active() {
        return burnNs > 0;
    }

    @Override
    public String toString() {
        if (!active()) {
            return "none";
        }
        return every == 1 ? burnNs + " ns of CPU per record" : burnNs + " ns of CPU on 1 record in " + every;
    }
}
