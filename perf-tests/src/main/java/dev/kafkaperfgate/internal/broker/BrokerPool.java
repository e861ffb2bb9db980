package dev.kafkaperfgate.internal.broker;

import java.io.PrintStream;
import java.util.function.IntFunction;

/**
 * The broker the next scenario needs. A run starts with a single broker; a scenario with
 * {@code cluster: {brokers: N}} gets a cluster of N, started (and warmed) when it is reached and
 * kept for the scenarios after it of the same size; the broker it replaces is stopped first, so
 * only one runs at a time. An external cluster is never replaced: it must have as many brokers as
 * the scenario asks for.
 *
 * <pre>{@code
 * try (BrokerPool pool = new BrokerPool(count -> BrokerSelector.start(settings.withBrokers(count), console), console)) {
 *     KafkaBroker broker = pool.forBrokers(scenario.produce().brokers());
 *     ...
 * }
 * }</pre>
 */
public final class BrokerPool implements AutoCloseable {

    private final IntFunction<KafkaBroker> start;
    private final PrintStream console;
    private KafkaBroker current;

    /** @param start starts (and warms) a broker, or a cluster of the given size; it stops what it started when it fails */
    public BrokerPool(IntFunction<KafkaBroker> start, PrintStream console) {
        this.start = start;
        this.console = console;
    }

    /** A pool that begins with {@code running}, already started and warmed. */
    public BrokerPool(KafkaBroker running, IntFunction<KafkaBroker> start, PrintStream console) {
        this(start, console);
        this.current = running;
    }

    /** The running broker, started as a single one on first use. */
    public KafkaBroker current() {
        if (current == null) {
            current = start.apply(1);
        }
        return current;
    }

    /**
     * A broker of {@code brokers} brokers: the running one when it has that size (or is external
     * and has at least as many), else a new one.
     *
     * @throws BrokerUnavailableException when an external cluster has fewer brokers than asked for
     */
    public KafkaBroker forBrokers(int brokers) {
        KafkaBroker running = current();
        BrokerInfo info = running.info();
        if ("external".equals(info.mode())) {
            if (info.brokers() > 0 && info.brokers() < brokers) {
                throw new BrokerUnavailableException("the scenario asks for a cluster of " + brokers + " brokers, but the external "
                        + "cluster registered " + info.brokers() + "; run it against a larger cluster or another broker mode");
            }
            return running;
        }
        if (info.brokers() == brokers) {
            return running;
        }
        console.println("[kafka-perf-gate] broker: stopping the " + describe(info.brokers()) + " to start a " + describe(brokers));
        replace(brokers);
        return current;
    }

    /** Stops the running broker and starts a new one of the same size: a confirmation re-run's fresh broker. */
    public KafkaBroker restart() {
        int brokers = current == null ? 1 : Math.max(1, current.info().brokers());
        replace(brokers);
        return current;
    }

    @Override
    public void close() {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    private void replace(int brokers) {
        close();
        current = start.apply(brokers);
    }

    private static String describe(int brokers) {
        return brokers == 1 ? "single broker" : "cluster of " + brokers;
    }
}
