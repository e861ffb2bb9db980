package dev.kafkaperfgate.internal.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Failed sends of a phase: how many, and the first cause. */
public final class SendErrors {

    private final AtomicLong count = new AtomicLong();
    private final AtomicReference<Exception> first = new AtomicReference<>();

    public void record(Exception error) {
        count.incrementAndGet();
        first.compareAndSet(null, error);
    }

    public long count() {
        return count.get();
    }

    public Exception first() {
        return first.get();
    }
}
