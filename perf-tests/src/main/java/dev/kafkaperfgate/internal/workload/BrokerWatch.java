package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.KafkaBroker;

import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Checks the broker's liveness while a workload runs. A dead broker would otherwise surface only
 * after the clients' own timeouts (delivery.timeout.ms is 2 minutes by default); the watch ends
 * the workload within a second and says why.
 */
public final class BrokerWatch implements AutoCloseable {

    private final ScheduledExecutorService executor;
    private final KafkaBroker broker;
    private volatile String failure;

    private BrokerWatch(KafkaBroker broker, Runnable onFailure) {
        this.broker = broker;
        executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "kpg-broker-watch");
            thread.setDaemon(true);
            return thread;
        });
        long interval = Defaults.BROKER_WATCH_INTERVAL.toMillis();
        executor.scheduleWithFixedDelay(() -> {
            if (failure == null) {
                Optional<String> problem = broker.failure();
                if (problem.isPresent()) {
                    failure = problem.get();
                    onFailure.run();
                }
            }
        }, interval, interval, TimeUnit.MILLISECONDS);
    }

    /** @param onFailure runs once, on the watch's thread, when the broker is found dead */
    public static BrokerWatch start(KafkaBroker broker, Runnable onFailure) {
        return new BrokerWatch(broker, onFailure);
    }

    /** Whether the broker is known to be dead; a volatile read, cheap enough for every send. */
    public boolean isDead() {
        return failure != null;
    }

    /** Why the broker is dead, or empty while it is not known to be. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** The broker's last log lines, where the gate has its log. */
    public Optional<String> brokerLogTail() {
        return broker.logTail();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
