package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import java.util.Map;
import java.util.Optional;

/**
 * A Kafka broker the workloads can talk to: a container, a separate JVM on this host, or an
 * existing cluster. Narrow on purpose: workloads need an address, the connection settings, a
 * description for the result file, and to know when the broker has died under them.
 *
 * <pre>{@code
 * try (KafkaBroker broker = BrokerSelector.start(BrokerSettings.fromSystemProperties(), System.out)) {
 *     Map<String, Object> config = new HashMap<>(broker.connectionProperties());
 *     config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
 *     ...
 * }
 * }</pre>
 */
public interface KafkaBroker extends AutoCloseable {

    /** The {@code bootstrap.servers} value clients use, always reachable from this host. */
    String bootstrapServers();

    /**
     * Settings every client of this broker needs besides bootstrap.servers: for an external
     * cluster its security settings, which may hold credentials and must never be printed or
     * stored. Empty for the brokers the gate starts itself.
     */
    Map<String, Object> connectionProperties();

    /** What runs, for result files and the console; holds no credentials. */
    BrokerInfo info();

    /**
     * Empty while the broker is alive; otherwise why it is not (exit code, last log lines).
     * Cheap enough to call every few hundred milliseconds.
     */
    Optional<String> failure();

    /**
     * The last lines of the broker's own log, for an error message when the broker answers
     * strangely (sends that time out while it is alive); empty where the gate has no log of it.
     */
    default Optional<String> logTail() {
        return Optional.empty();
    }

    /** The nodes a fault may stop and start, where the gate started the cluster itself; empty otherwise. */
    default java.util.Optional<BrokerNodes> nodes() {
        return java.util.Optional.empty();
    }

    /**
     * Where a slow link attaches: each node's link listener, behind the port it advertises.
     * Only the process broker has one (the gate writes its listeners); empty for the others.
     */
    default java.util.Optional<LinkPorts> linkPorts() {
        return java.util.Optional.empty();
    }

    /**
     * The broker's own JMX, read before and after each trial: the broker's side of the run. Empty
     * where this gate cannot reach it (containers and external brokers, for now).
     */
    default Optional<BrokerJmx> jmx() {
        return Optional.empty();
    }

    /** Stops what this broker started, and only that. Idempotent. */
    @Override
    void close();
}
