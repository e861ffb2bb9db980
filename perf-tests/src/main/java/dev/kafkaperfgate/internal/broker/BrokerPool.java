package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
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

    /** Starts (and warms) a broker or cluster; it stops what it started when it fails. */
    @FunctionalInterface
    public interface Starter {
        /**
         * @param brokers the cluster's size
         * @param link    whether the scenario reaches it across a slow link: the cluster needs link listeners
         */
        KafkaBroker start(int brokers, boolean link);
    }

    private final Starter start;
    private final BrokerSettings settings;
    private final PrintStream console;
    private KafkaBroker current;
    /** The running broker was started for a slow link, in process mode where another mode was asked for. */
    private boolean currentForLink;

    /** @param start starts (and warms) a broker, or a cluster of the given size; it stops what it started when it fails */
    public BrokerPool(IntFunction<KafkaBroker> start, PrintStream console) {
        this((brokers, link) -> start.apply(brokers), null, console);
    }

    /** A pool that begins with {@code running}, already started and warmed. */
    public BrokerPool(KafkaBroker running, IntFunction<KafkaBroker> start, PrintStream console) {
        this(start, console);
        this.current = running;
    }

    /**
     * @param start    starts (and warms) a broker of a size, with or without link listeners
     * @param settings the brokers' settings (where the Kafka runtime's jars are); {@code null} for the packed defaults
     */
    public BrokerPool(Starter start, BrokerSettings settings, PrintStream console) {
        this.start = start;
        this.settings = settings;
        this.console = console;
    }

    /** The running broker, if one has started: nothing is started here. */
    public java.util.Optional<KafkaBroker> running() {
        return java.util.Optional.ofNullable(current);
    }

    /**
     * Why the broker {@link #forBrokers forBrokers(brokers)} would hand out is dead: the running one,
     * when it would be reused and has died; empty when it is alive, or when a new one would start.
     */
    public java.util.Optional<String> deadFor(int brokers) {
        if (current == null) {
            return java.util.Optional.empty();
        }
        BrokerInfo info = current.info();
        boolean reused = "external".equals(info.mode()) || info.brokers() == brokers;
        return reused ? current.failure() : java.util.Optional.empty();
    }

    /** The running broker, started as a single one on first use. */
    public KafkaBroker current() {
        if (current == null) {
            current = start.start(1, false);
        }
        return current;
    }

    /**
     * A broker of {@code brokers} brokers that a slow link can be put in front of when
     * {@code link}: the running one when it has that size and, if asked, link listeners; else a new one.
     */
    public KafkaBroker forScenario(int brokers, boolean link) {
        if (!link) {
            if (currentForLink && settings != null && settings.mode() != BrokerMode.PROCESS) {
                // Back to the mode the run asked for: the scenarios after a link's are judged against its baselines.
                replace(brokers);
            }
            return forBrokers(brokers);
        }
        if (current != null && "external".equals(current.info().mode())) {
            throw new BrokerUnavailableException("a scenario with a network block needs a cluster the gate starts (Toxiproxy sits "
                    + "in front of its link listeners); an external cluster's network is its own");
        }
        if (current != null && current.info().brokers() == brokers && current.linkPorts().isPresent()) {
            return current;
        }
        if (current != null) {
            console.println("[kafka-perf-gate] broker: stopping the " + current.info().mode() + " " + describe(current.info().brokers())
                    + " to start a process " + describe(brokers) + ", whose link listeners the slow link can sit in front of");
        }
        close();
        current = start.start(brokers, true);
        currentForLink = true;
        return current;
    }

    /**
     * A second cluster of {@code brokers}, besides the running one, for the caller to stop: a
     * mirror scenario's target.
     */
    public KafkaBroker startAnother(int brokers) {
        if (current != null && "external".equals(current.info().mode())) {
            throw new BrokerUnavailableException("a mirror scenario starts its target cluster; against an external source it has "
                    + "none to start: run it with another broker mode");
        }
        console.println("[kafka-perf-gate] broker: starting a second " + describe(brokers) + " (the mirror's target)");
        return start.start(brokers, false);
    }

    /** The Kafka runtime's jars the brokers run from: MirrorMaker 2 runs from them too. */
    public String kafkaClasspath() {
        return BrokerClasspath.read(settings == null ? null : settings.classpathFile());
    }

    /**
     * A broker of {@code brokers} brokers: the running one when it has that size (or is external
     * and has at least as many), else a new one.
     *
     * @throws BrokerUnavailableException when an external cluster has fewer brokers than asked for
     */
    public KafkaBroker forBrokers(int brokers) {
        if (current == null) {
            current = start.start(brokers, false);   // the first broker is the size its first scenario needs
        }
        KafkaBroker running = current;
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
        boolean link = currentForLink;
        close();
        current = start.start(brokers, link);
        currentForLink = link;
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
        current = start.start(brokers, false);
        currentForLink = false;
    }

    private static String describe(int brokers) {
        return brokers == 1 ? "single broker" : "cluster of " + brokers;
    }
}
