package dev.kafkaperfgate.internal.workload;

import java.util.concurrent.locks.LockSupport;

/** Monotonic time, injectable so that pacing and warm-up logic can be tested without waiting. */
public interface NanoClock {

    /** Monotonic nanoseconds, as {@link System#nanoTime()}. */
    long nanoTime();

    /** Returns no earlier than {@code deadlineNanos} on this clock's scale. */
    void sleepUntil(long deadlineNanos);

    NanoClock SYSTEM = new NanoClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepUntil(long deadlineNanos) {
            long remaining;
            while ((remaining = deadlineNanos - System.nanoTime()) > 0) {
                LockSupport.parkNanos(remaining);
            }
        }
    };
}
