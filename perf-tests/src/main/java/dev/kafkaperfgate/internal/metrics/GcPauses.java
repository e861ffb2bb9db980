package dev.kafkaperfgate.internal.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * This JVM's garbage collections so far, as its collectors account them: a stall every thread of
 * the JVM shares, which moves a window's p99 without any change in the team's code. Taken before
 * and after a paired window, the difference is the window's GC pauses.
 *
 * <p>What it counts: each collector's collection time, the stop-the-world pauses of G1's young and
 * full collections on Java 17. It misses G1's remark and cleanup pauses (Java 20 counts them in a
 * bean of their own) and safepoints for anything else (HotSpot exposes those only through an
 * internal bean): a floor of the JVM's stalls, not all of them.
 *
 * @param millis      collection time, milliseconds
 * @param collections collections
 */
public record GcPauses(long millis, long collections) {

    private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();

    /** Now, summed over every collector (a collector that does not account, -1, adds nothing). */
    public static GcPauses now() {
        long millis = 0;
        long collections = 0;
        for (GarbageCollectorMXBean collector : COLLECTORS) {
            millis += Math.max(0, collector.getCollectionTime());
            collections += Math.max(0, collector.getCollectionCount());
        }
        return new GcPauses(millis, collections);
    }

    /** What happened between {@code earlier} and this. */
    public GcPauses since(GcPauses earlier) {
        return new GcPauses(millis - earlier.millis, collections - earlier.collections);
    }
}
