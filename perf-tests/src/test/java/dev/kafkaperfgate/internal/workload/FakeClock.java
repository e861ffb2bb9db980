package dev.kafkaperfgate.internal.workload;

/** A clock that moves only when told to, or when someone sleeps on it. */
final class FakeClock implements NanoClock {

    private long now;

    FakeClock(long startNanos) {
        this.now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        now = Math.max(now, deadlineNanos);
    }

    void advance(long nanos) {
        now += nanos;
    }
}
