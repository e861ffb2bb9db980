package dev.kafkaperfgate.internal.broker;

/**
 * The nodes of a cluster the gate started itself, for a scenario's {@code fault}: stop one in the
 * middle of a trial, start it again later. An external cluster has none (the gate never stops a
 * team's brokers).
 *
 * <p>A node stopped here is not a failure: {@link KafkaBroker#failure()} stays empty for it until
 * it is started again, so the workload's broker watch keeps running.
 */
public interface BrokerNodes {

    /**
     * Stops node {@code nodeId}: a clean shutdown (SIGTERM; the broker hands its partitions over
     * first), or with {@code kill} a crash (SIGKILL). Returns once its process is gone, within
     * {@link dev.kafkaperfgate.internal.settings.Defaults#BROKER_STOP_TIMEOUT} (a clean stop that takes longer is
     * finished with SIGKILL).
     *
     * @param nodeId 1 to the cluster's size
     * @throws IllegalArgumentException when no such node runs
     */
    void stop(int nodeId, boolean kill);

    /**
     * Starts a stopped node again on its own data directory and ports. Returns once its process
     * runs; waiting for it to rejoin the topic's in-sync replicas is the caller's.
     *
     * @throws BrokerUnavailableException when it cannot start
     */
    void start(int nodeId);

    /**
     * Node {@code nodeId}'s JVM as a process of this machine: its pid, and how {@code jcmd} names it
     * (its main class and arguments, a path unique to this run), for a fault that finds the process
     * by that name, as Trogdor's {@code ProcessStopFault} does. Empty where the node's JVM is not a
     * process this machine's {@code jcmd} lists (a container's) or is not running.
     */
    default java.util.Optional<LocalJvm> localJvm(int nodeId) {
        return java.util.Optional.empty();
    }

    /**
     * Node {@code nodeId}'s own network namespace on this machine, for a fault that cuts the node
     * off from its peers with firewall rules inside it (Trogdor's {@code NetworkPartitionFault}),
     * never touching this machine's own network. Empty where the node shares this machine's
     * namespace (a process cluster) or is not running.
     */
    default java.util.Optional<NetworkNamespace> networkNamespace(int nodeId) {
        return java.util.Optional.empty();
    }

    /**
     * A node's network namespace.
     *
     * @param pid     a process in it (the container's first), for {@code nsenter --target pid --net}
     * @param address the node's address inside it, as its peers reach it
     */
    record NetworkNamespace(long pid, String address) {
    }

    /**
     * A node's JVM on this machine.
     *
     * @param pid  its process id
     * @param name a string in its {@code jcmd} line that no other JVM's line holds
     */
    record LocalJvm(long pid, String name) {
    }
}
