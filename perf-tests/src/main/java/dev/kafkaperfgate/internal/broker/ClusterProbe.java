package dev.kafkaperfgate.internal.broker;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.common.Node;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/** Asks a cluster for its metadata until it answers, it is known dead, or the time is up. */
public final class ClusterProbe {

    private static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration PAUSE = Duration.ofMillis(250);

    private ClusterProbe() {
    }

    /**
     * Returns once the cluster at {@code bootstrapServers} answers a describeCluster request.
     *
     * @param deadOrNull reports a broker known to be dead (a process that exited), so the wait ends at once
     * @return the cluster's broker count
     * @throws TimeoutException with the last error's message when {@code timeout} passes first
     * @throws IllegalStateException with {@code deadOrNull}'s reason when the broker is gone
     */
    static int awaitAnswer(String bootstrapServers, Map<String, Object> connectionProperties, Duration timeout,
                           Supplier<Optional<String>> deadOrNull) throws TimeoutException {
        Map<String, Object> config = adminConfig(bootstrapServers, connectionProperties);
        long deadline = System.nanoTime() + timeout.toNanos();
        String lastError = "no answer";
        try (Admin admin = Admin.create(config)) {
            while (System.nanoTime() < deadline) {
                Optional<String> dead = deadOrNull.get();
                if (dead.isPresent()) {
                    throw new IllegalStateException(dead.get());
                }
                // No attempt may outlast the deadline: the bound is the caller's, not the attempt's.
                int attemptMillis = (int) Math.max(50, Math.min(ATTEMPT_TIMEOUT.toMillis(),
                        (deadline - System.nanoTime()) / 1_000_000));
                try {
                    return admin.describeCluster(new DescribeClusterOptions().timeoutMs(attemptMillis))
                            .nodes().get(attemptMillis, TimeUnit.MILLISECONDS).size();
                } catch (ExecutionException e) {
                    lastError = e.getCause() == null ? e.toString() : e.getCause().toString();
                } catch (TimeoutException e) {
                    lastError = "describeCluster timed out";
                }
                sleep(PAUSE);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker at " + bootstrapServers, e);
        }
        throw new TimeoutException(lastError);
    }

    /** A cluster that was not ready in time: which brokers had registered, and why the last attempt failed. */
    public static final class NotReadyException extends Exception {
        private final Set<Integer> registered;

        NotReadyException(String message, Set<Integer> registered) {
            super(message);
            this.registered = Set.copyOf(registered);
        }

        public Set<Integer> registered() {
            return registered;
        }
    }

    /**
     * Returns once {@code brokers} brokers are registered and the KRaft metadata quorum has a
     * leader: before that, a topic with replication.factor {@code brokers} may be refused, and
     * the first trials would measure an election.
     *
     * @throws NotReadyException     when {@code timeout} passes first, with the brokers that had registered
     * @throws IllegalStateException with {@code deadOrNull}'s reason when a broker is gone
     */
    public static void awaitCluster(String bootstrapServers, Map<String, Object> connectionProperties, int brokers, Duration timeout,
                             Supplier<Optional<String>> deadOrNull) throws NotReadyException {
        Map<String, Object> config = adminConfig(bootstrapServers, connectionProperties);
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<Integer> registered = new TreeSet<>();
        String state = "no answer";
        try (Admin admin = Admin.create(config)) {
            while (System.nanoTime() < deadline) {
                Optional<String> dead = deadOrNull.get();
                if (dead.isPresent()) {
                    throw new IllegalStateException(dead.get());
                }
                int attemptMillis = (int) Math.max(50, Math.min(ATTEMPT_TIMEOUT.toMillis(), (deadline - System.nanoTime()) / 1_000_000));
                try {
                    registered = admin.describeCluster(new DescribeClusterOptions().timeoutMs(attemptMillis)).nodes()
                            .get(attemptMillis, TimeUnit.MILLISECONDS).stream().map(Node::id).collect(Collectors.toCollection(TreeSet::new));
                    int leader = registered.size() < brokers ? -1 : admin.describeMetadataQuorum(
                                    new DescribeMetadataQuorumOptions().timeoutMs(attemptMillis)).quorumInfo()
                            .get(attemptMillis, TimeUnit.MILLISECONDS).leaderId();
                    if (registered.size() >= brokers && leader >= 0) {
                        return;
                    }
                    state = registered.size() + " of " + brokers + " brokers registered " + registered
                            + (registered.size() < brokers ? "" : ", the metadata quorum has no leader");
                } catch (ExecutionException e) {
                    state = registered.size() + " of " + brokers + " brokers registered " + registered + "; last error: "
                            + (e.getCause() == null ? e : e.getCause());
                } catch (TimeoutException e) {
                    state = registered.size() + " of " + brokers + " brokers registered " + registered + "; the last request timed out";
                }
                sleep(PAUSE);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the cluster at " + bootstrapServers, e);
        }
        throw new NotReadyException(state, registered);
    }

    /** Short attempts, so that no single request outlasts the caller's bound. */
    private static Map<String, Object> adminConfig(String bootstrapServers, Map<String, Object> connectionProperties) {
        Map<String, Object> config = new HashMap<>(connectionProperties);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) ATTEMPT_TIMEOUT.toMillis());
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) ATTEMPT_TIMEOUT.toMillis());
        config.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500);
        return config;
    }

    private static void sleep(Duration pause) throws InterruptedException {
        Thread.sleep(pause.toMillis());
    }
}
