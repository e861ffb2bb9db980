package dev.kafkaperfgate.internal.broker;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a broker's stop action exactly once: on {@link #close()}, or from a JVM shutdown hook if
 * the JVM ends first (Ctrl-C, Surefire's fork timeout), so that a broker the gate started never
 * outlives the run.
 */
public final class StopOnce implements AutoCloseable {

    private final Runnable stop;
    private final AtomicBoolean done = new AtomicBoolean();
    private final Thread hook;

    public StopOnce(String name, Runnable stop) {
        this.stop = stop;
        this.hook = new Thread(this::stopOnce, name + "-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public void close() {
        stopOnce();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shutdownInProgress) {
            // the hook is running or about to; it finds the work done
        }
    }

    private void stopOnce() {
        if (done.compareAndSet(false, true)) {
            stop.run();
        }
    }
}
