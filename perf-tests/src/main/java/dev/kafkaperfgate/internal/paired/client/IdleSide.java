package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.SideCpu;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;
import dev.kafkaperfgate.internal.paired.workers.WorkerPair;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the side whose turn it is not does while the other measures: its processes' CPU time over
 * each of the other's windows (or trials), kept per side, and a measurement refused when a side
 * used more than {@link #IDLE_CPU_MAX} of a CPU while idle, and more than
 * {@link #IDLE_CPU_RATIO} times the other side's share.
 *
 * <p>Why: the workers share a CPU, and any process can read another's {@code /proc/<pid>/stat}, so
 * a head can see when the base's windows run and burn CPU (its own, or the broker's through its
 * clients) just then: the base reads slower and the head's change looks smaller. An idle producer
 * or consumer wakes a few times a second and costs almost nothing; a side that works while it
 * should idle is not measured fairly, so its scenario is not judged, and the side is named. The
 * idle JVM's JIT compiler threads, which finish the compiles its own window started, are counted
 * apart ({@link #IDLE_JIT_MAX}): they are told by the thread ids the JVM named before its side's
 * code ran ({@code WorkerLaunch}), which that code cannot take.
 *
 * <pre>{@code
 * IdleSide idle = new IdleSide(workers);
 * idle.begin(Side.BASE);   ... the base's window ...   Optional<IdleSide.Spent> head = idle.end();
 * idle.check(scenario);    // after the windows: throws naming a side that worked while idle
 * }</pre>
 */
final class IdleSide {

    /**
     * The idle side may use this share of a CPU over the other's windows, whatever the other did.
     * Measured here (AMD EPYC): an idle worker after its settle windows used 0.4-1.8% of a CPU,
     * its JIT threads included; a hostile head's shell loops 33%; a burning thread 80%.
     */
    static final double IDLE_CPU_MAX = 0.10;

    /** Above {@link #IDLE_CPU_MAX}, a side is refused only past this many times the other side's share: an honest pair idles alike. */
    static final double IDLE_CPU_RATIO = 3;

    /**
     * And only past this much CPU in all: a short measurement (the act test's 2 blocks, 4 s of
     * windows a side) can hold one JIT burst of 200-400 ms, 5-10% of it; a burning thread over the
     * default 24 blocks uses tens of seconds.
     */
    static final java.time.Duration IDLE_CPU_MIN = java.time.Duration.ofSeconds(1);

    /**
     * The idle side's JIT compiler threads (named by {@code WorkerLaunch} before its code ran) may
     * use this share of a CPU over the other's windows: an honest JVM finishes the compiles its last
     * window started (measured: 0.1-0.8 s after an unsettled window of 2 s, 12-18% of a CPU over a
     * short scenario's windows). Counted apart from the side's work, as the JIT's time is not the
     * side's code's; but its code can make the JIT compile, so the JIT's share is bounded too.
     */
    static final double IDLE_JIT_MAX = 0.50;

    private final WorkerPair workers;
    /** Per idle side: its work (CPU outside its JIT threads) over the other's windows, those windows' wall time, windows it could not be read in, and its JIT's CPU (milliseconds). */
    private final Map<Side, long[]> spent = new EnumMap<>(Side.class);
    private Side measuring;
    private OptionalLong before = OptionalLong.empty();
    private OptionalLong jitBefore = OptionalLong.empty();
    private long startNanos;

    /** What the idle side used over one window: its work, and its JIT's compiling, milliseconds. */
    record Spent(long workMillis, long jitMillis) {
    }

    IdleSide(WorkerPair workers) {
        this.workers = workers;
        for (Side side : Side.values()) {
            spent.put(side, new long[4]);
        }
    }

    /** Just before {@code measuring}'s window: reads the other side's CPU. */
    void begin(Side measuring) {
        this.measuring = measuring;
        SideCpu idle = workers.of(measuring.other()).cpu();
        jitBefore = idle.jitMillis();
        before = idle.millis();
        startNanos = System.nanoTime();
    }

    /** Just after the window: what the idle side used over it; empty where it cannot be read. */
    Optional<Spent> end() {
        long wallMillis = (System.nanoTime() - startNanos) / 1_000_000;
        Side idle = measuring.other();
        SideCpu cpu = workers.of(idle).cpu();
        OptionalLong after = cpu.millis();
        OptionalLong jitAfter = cpu.jitMillis();
        if (before.isEmpty() || after.isEmpty() || jitBefore.isEmpty() || jitAfter.isEmpty()) {
            spent.get(idle)[2]++;
            return Optional.empty();
        }
        long jit = Math.max(0, jitAfter.getAsLong() - jitBefore.getAsLong());
        long work = Math.max(0, after.getAsLong() - before.getAsLong() - jit);
        long[] sum = spent.get(idle);
        sum[0] += work;
        sum[1] += wallMillis;
        sum[3] += jit;
        return Optional.of(new Spent(work, jit));
    }

    /**
     * @throws WorkerException naming the side, when a side's CPU while idle was refused by
     *                         {@link #refusal} (the base's too: then the runner, not the pull
     *                         request, is at fault); naming none when
     *                         a side of its own user could not be read (without users, where both
     *                         sides are the gate's user anyway, an unread window is left out)
     */
    void check(String scenario) {
        for (Side side : Side.values()) {
            // A side of its own user (CI) whose CPU cannot be read is not known to have idled: fail closed.
            if (spent.get(side)[2] > 0 && workers.of(side).cpu().perUser()) {
                throw new WorkerException(null, String.format(Locale.ROOT, "%s: the %s's processes could not be read in /proc in %d "
                        + "of the %s's windows, so whether it idled is unknown and this scenario is not judged", scenario, side.key(),
                        spent.get(side)[2], side.other().key()), null);
            }
        }
        for (Side side : Side.values()) {
            long[] own = spent.get(side);
            long[] other = spent.get(side.other());
            refusal(side, own[0], own[1], other[0], other[1]).or(() -> jitRefusal(side, own[3], own[1])).ifPresent(message -> {
                throw new WorkerException(side, scenario + ": " + message, null);
            });
        }
    }

    /**
     * The refusal of a side whose JIT compiled for {@code jitMillis} over {@code wallMillis} of the
     * other's windows, if more than {@link #IDLE_JIT_MAX} of a CPU and at least {@link #IDLE_CPU_MIN}.
     */
    static Optional<String> jitRefusal(Side side, long jitMillis, long wallMillis) {
        if (wallMillis <= 0 || jitMillis < IDLE_CPU_MIN.toMillis() || jitMillis / (double) wallMillis <= IDLE_JIT_MAX) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the %s's JIT compiled for %.0f%% of a CPU while the %s measured (%d ms in %d ms of "
                        + "its windows; it may use %.0f%%): its JVM had not settled, or its code kept it compiling, so this scenario is not "
                        + "judged (more settle windows: -D%s)", side.key(), 100.0 * jitMillis / wallMillis, side.other().key(), jitMillis,
                wallMillis, IDLE_JIT_MAX * 100, dev.kafkaperfgate.internal.settings.GateProperties.PAIRED_SETTLE));
    }

    /**
     * The refusal of a side that used {@code cpuMillis} over {@code wallMillis} of the other's
     * windows, if too much: more than {@link #IDLE_CPU_MAX} of a CPU, and more than
     * {@link #IDLE_CPU_RATIO} times what the other side used while it idled, and at
     * least {@link #IDLE_CPU_MIN} in all. An honest pair idles alike (both JITs
     * finishing their compiles, both GCs), so only a side that works unlike the other is refused;
     * and one JIT burst in a short measurement (200 ms in 4 windows under act) is no pattern.
     */
    static Optional<String> refusal(Side side, long cpuMillis, long wallMillis, long otherCpuMillis, long otherWallMillis) {
        if (wallMillis <= 0) {
            return Optional.empty();
        }
        double share = cpuMillis / (double) wallMillis;
        double otherShare = otherWallMillis <= 0 ? 0 : otherCpuMillis / (double) otherWallMillis;
        if (cpuMillis < IDLE_CPU_MIN.toMillis() || share <= IDLE_CPU_MAX
                || share <= IDLE_CPU_RATIO * otherShare) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the %s's processes used %.0f%% of a CPU while the %s measured (%d ms "
                        + "of CPU in %d ms of its windows), the %s's %.1f%% while the %s measured (a side may use %.0f%% of a CPU, or %.0f "
                        + "times the other's share if more): a side must idle while the other measures, so this scenario is not judged", side.key(), 100 * share,
                side.other().key(), cpuMillis, wallMillis, side.other().key(), 100 * otherShare, side.key(),
                IDLE_CPU_MAX * 100, IDLE_CPU_RATIO));
    }
}
