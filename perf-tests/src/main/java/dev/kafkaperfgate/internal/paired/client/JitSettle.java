package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.engine.Side;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides how many settle trials each side runs after its warm-up: trials shaped like the measured
 * ones and discarded, the sides alternating, until each side's JVM compiled for at most
 * {@link Defaults#PAIRED_JIT_SETTLED} of a trial's length since its previous reply, or ran the most
 * it may ({@code perf.paired.settle}, {@link Defaults#PAIRED_SETTLE_MAX} by default).
 *
 * <p>Why: a trial's path (a new client on a new topic, then its close) is not the warm-up's one long
 * run. Measured on the 2-core machine, both worker JVMs compiled for 3-9 s in each of a scenario's
 * first trials, on the one CPU they share with the client they measure; the starved client sent
 * 2-3 times more records per request at about 70% of the CPU per record, on both sides alike, until
 * the base's own control called the run INCONCLUSIVE. A worker of an older gate does not report its
 * compiling ({@code jitMillis}): it is not waited for.
 *
 * <pre>{@code
 * JitSettle settle = new JitSettle(Duration.ofSeconds(3), Map.of(Side.BASE, 20_284L, Side.HEAD, 33_574L), 0.10, 6);
 * for (Optional<Side> side = settle.next(); side.isPresent(); side = settle.next()) {
 *     settle.ran(side.get(), jitMillisOfItsReply);   // after one discarded trial on that side
 * }
 * settle.line();   // "settle trials (not measured): base 3, head 4; compiling since the previous reply: base 184 ms, head 158 ms"
 * }</pre>
 */
final class JitSettle {

    private final long boundMillis;
    private final int max;
    /** Each side's compile time so far at its latest reply; -1 when its worker does not say. */
    private final Map<Side, Long> total = new EnumMap<>(Side.class);
    /** Each side's compile time between its latest two replies, once it ran a settle trial. */
    private final Map<Side, Long> latest = new EnumMap<>(Side.class);
    private final Map<Side, Integer> runs = new EnumMap<>(Side.class);
    private Side previous;

    /**
     * @param afterWarmup each side's {@code jitMillis} as its warm-up ended (-1 when unknown)
     * @param share       the settled bound, as a share of {@code trial}
     * @param max         the most settle trials a side runs; 0 runs none
     */
    JitSettle(Duration trial, Map<Side, Long> afterWarmup, double share, int max) {
        this.boundMillis = (long) (trial.toMillis() * share);
        this.max = max;
        for (Side side : Side.values()) {
            total.put(side, afterWarmup.getOrDefault(side, -1L));
            runs.put(side, 0);
        }
    }

    /** The side that runs the next settle trial: the other one than last time when it still needs one; empty when neither does. */
    Optional<Side> next() {
        Side other = previous == Side.BASE ? Side.HEAD : Side.BASE;
        if (!done(other)) {
            return Optional.of(other);
        }
        Side same = other == Side.BASE ? Side.HEAD : Side.BASE;
        return done(same) ? Optional.empty() : Optional.of(same);
    }

    /** Records a settle trial of {@code side}, whose reply said {@code jitMillis} (-1 when it did not). */
    void ran(Side side, long jitMillis) {
        runs.merge(side, 1, Integer::sum);
        latest.put(side, jitMillis < 0 ? -1 : jitMillis - total.get(side));
        total.put(side, jitMillis);
        previous = side;
    }

    int runs(Side side) {
        return runs.get(side);
    }

    /** Settled: its worker does not say, it ran out of settle trials, or it compiled little since its previous reply. */
    boolean done(Side side) {
        if (total.get(side) < 0 || runs.get(side) >= max) {
            return true;
        }
        Long since = latest.get(side);
        return since != null && since <= boundMillis;
    }

    /** Whether a side stopped at the most settle trials while still compiling more than the bound. */
    boolean spent(Side side) {
        Long since = latest.get(side);
        return total.get(side) >= 0 && runs.get(side) >= max && since != null && since > boundMillis;
    }

    /** What the console says once the settle trials are over. */
    String line() {
        StringBuilder line = new StringBuilder("settle trials (not measured): base " + runs(Side.BASE) + ", head " + runs(Side.HEAD)
                + "; compiling since the previous reply:");
        for (Side side : Side.values()) {
            Long since = latest.get(side);
            line.append(' ').append(side.key()).append(' ').append(total.get(side) < 0 ? "unknown (an older gate's worker)"
                    : since == null ? "none run" : since + " ms").append(side == Side.BASE ? "," : "");
        }
        List<String> spent = Arrays.stream(Side.values()).filter(this::spent).map(Side::key).toList();
        if (!spent.isEmpty()) {
            line.append("; still compiling more than ").append(boundMillis).append(" ms after ").append(max).append(": ")
                    .append(String.join(", ", spent)).append(" (measured anyway; the ABBA order and the base's control guard the verdict)");
        }
        return line.toString();
    }
}
