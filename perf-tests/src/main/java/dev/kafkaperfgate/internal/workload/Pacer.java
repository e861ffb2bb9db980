package dev.kafkaperfgate.internal.workload;

/**
 * The intended send schedule of a phase: record {@code i} is due at {@code start + i / rate}.
 * Sends never go early; when the client falls behind, it sends at once and the lateness stays in
 * the response time (ack minus intended send), which is how coordinated omission is avoided.
 *
 * <pre>{@code
 * Pacer pacer = Pacer.fixedRate(20_000, clock);   // or Pacer.unlimited(clock)
 * for (long i = 0; i < n; i++) {
 *     long intended = pacer.awaitSlot(i);
 *     long actual = clock.nanoTime();
 *     send(..., intended, actual);
 * }
 * }</pre>
 */
public final class Pacer {

    private final NanoClock clock;
    private final double intervalNanos;
    private long startNanos;

    private Pacer(NanoClock clock, double intervalNanos) {
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.startNanos = clock.nanoTime();
    }

    /** @param recordsPerSecond target rate, greater than 0 */
    public static Pacer fixedRate(double recordsPerSecond, NanoClock clock) {
        if (!(recordsPerSecond > 0) || Double.isInfinite(recordsPerSecond)) {
            throw new IllegalArgumentException("target rate must be a positive number of records/s, got " + recordsPerSecond);
        }
        return new Pacer(clock, 1e9 / recordsPerSecond);
    }

    /** No schedule: every record is due as soon as the previous one is handed to the producer. */
    public static Pacer unlimited(NanoClock clock) {
        return new Pacer(clock, 0);
    }

    public boolean isUnlimited() {
        return intervalNanos == 0;
    }

    /** Starts the schedule over at the current time, with record 0 due now. */
    public void restart() {
        startNanos = clock.nanoTime();
    }

    /** Waits until record {@code index} is due and returns the time it was due (nanoseconds). */
    public long awaitSlot(long index) {
        if (isUnlimited()) {
            return clock.nanoTime();
        }
        long due = startNanos + (long) (index * intervalNanos);
        if (due - clock.nanoTime() > 0) {
            clock.sleepUntil(due);
        }
        return due;
    }
}
