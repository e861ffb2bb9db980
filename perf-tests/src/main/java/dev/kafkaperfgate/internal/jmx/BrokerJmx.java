package dev.kafkaperfgate.internal.jmx;

import com.sun.tools.attach.VirtualMachine;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The broker's side of a trial, read from its own JMX: what it received, how long produce and
 * fetch requests took inside it, how idle its threads were. A process broker is reached through
 * the Attach API (its local management agent, no port to open); a container through the remote
 * connector on a port bound to the host's loopback; an external cluster through the JMX URLs it
 * is given. A cluster reads as one broker: every node's counts summed. {@link #snapshot()} before
 * and after a trial gives that trial's figures ({@link Snapshot#since}).
 *
 * <pre>{@code
 * try (BrokerJmx jmx = BrokerJmx.attach(pid).orElseThrow()) {
 *     BrokerJmx.Snapshot before = jmx.snapshot();
 *     ...                                     // the trial
 *     Map<String, Double> figures = jmx.snapshot().since(before);   // "messages-in": 60000.0, ...
 * }
 * }</pre>
 */
public final class BrokerJmx implements AutoCloseable {

    private static final String TOPICS = "kafka.server:type=BrokerTopicMetrics,name=";
    private static final String REQUESTS = "kafka.network:type=RequestMetrics,name=";
    private static final long CONNECT_TIMEOUT_SECONDS = 15;

    private final List<Node> nodes;

    /** One broker's JMX connection. */
    private record Node(JMXConnector connector, MBeanServerConnection server) {
    }

    private BrokerJmx(List<Node> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    /**
     * Attaches to the broker JVM {@code pid} and starts its local management agent.
     *
     * @return empty when the JVM refuses (attach disabled, another user's process): the broker's
     *         figures are then missing from the results, which say so, and nothing else changes
     */
    public static Optional<BrokerJmx> attach(long pid) {
        return attachAll(List.of(pid));
    }

    /**
     * Every node of a process cluster, attached: a snapshot sums their counts (a produce request
     * is counted by the partition leader that served it), so the cluster reads as one broker.
     *
     * @return empty unless every node attached: a sum that misses a node would be a wrong figure
     */
    public static Optional<BrokerJmx> attachAll(List<Long> pids) {
        List<String> addresses = new ArrayList<>();
        for (long pid : pids) {
            try {
                VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
                try {
                    addresses.add(vm.startLocalManagementAgent());
                } finally {
                    vm.detach();
                }
            } catch (Exception | LinkageError e) {
                return Optional.empty();
            }
        }
        return connectAll(addresses);
    }

    /**
     * The brokers' remote JMX connectors, by {@code service:jmx:...} URL or {@code host:port}
     * (a container's, an external cluster's).
     *
     * @return empty unless every one connects (see {@link #attachAll})
     */
    public static Optional<BrokerJmx> connectAll(List<String> addresses) {
        return connectAll(addresses, java.util.Collections.nCopies(addresses.size(), null));
    }

    /**
     * The same, each connector with its user and password ({@code null}: none).
     *
     * @param credentials one per address: {@code {user, password}} or {@code null}
     */
    public static Optional<BrokerJmx> connectAll(List<String> addresses, List<String[]> credentials) {
        if (credentials.size() != addresses.size()) {
            throw new IllegalArgumentException(addresses.size() + " JMX addresses, " + credentials.size() + " credentials");
        }
        List<Node> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < addresses.size(); i++) {
                String address = addresses.get(i);
                String url = address.startsWith("service:jmx:") ? address : "service:jmx:rmi:///jndi/rmi://" + address + "/jmxrmi";
                JMXServiceURL service = new JMXServiceURL(url);
                Map<String, Object> environment = credentials.get(i) == null ? Map.of()
                        : Map.of(JMXConnector.CREDENTIALS, credentials.get(i));
                // Bounded: a port that accepts and never answers must not hold the run.
                JMXConnector connector = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return JMXConnectorFactory.connect(service, environment);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }).get(CONNECT_TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                nodes.add(new Node(connector, connector.getMBeanServerConnection()));
            }
            return nodes.isEmpty() ? Optional.empty() : Optional.of(new BrokerJmx(nodes));
        } catch (IOException | RuntimeException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            new BrokerJmx(nodes).close();
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            new BrokerJmx(nodes).close();
            return Optional.empty();
        }
    }

    /** How many brokers this reads. */
    public int brokers() {
        return nodes.size();
    }

    /**
     * Every broker's counters now. A counter whose bean does not exist yet (a request type not
     * served yet) reads 0; any other bean the broker does not have (another Kafka version names it
     * otherwise) reads NaN, and its figures are left out. A node that does not answer (a fault
     * stopped it) is left out of this snapshot, and of the figures {@link Snapshot#since} gives.
     *
     * @throws IllegalStateException when no broker answers over JMX
     */
    public Snapshot snapshot() {
        List<Map<String, Double>> values = new ArrayList<>();
        IllegalStateException last = null;
        for (Node node : nodes) {
            try {
                values.add(snapshot(node.server()));
            } catch (IllegalStateException | java.lang.reflect.UndeclaredThrowableException e) {
                values.add(null);
                last = e instanceof IllegalStateException state ? state : new IllegalStateException(e.getMessage(), e);
            }
        }
        if (values.stream().allMatch(java.util.Objects::isNull)) {
            throw last;
        }
        return new Snapshot(values, System.nanoTime());
    }

    /**
     * The requests that change a broker's, a topic's or a client's settings, by Kafka's request
     * names: none of them is the gate's while a side measures (it creates topics and deletes records).
     */
    public static final List<String> SETTINGS_REQUESTS = List.of("AlterConfigs", "IncrementalAlterConfigs", "AlterClientQuotas",
            "CreatePartitions", "AlterPartitionReassignments", "ElectLeaders", "AlterReplicaLogDirs",
            "AlterUserScramCredentials", "CreateAcls", "DeleteAcls");

    /**
     * Per request name of {@link #SETTINGS_REQUESTS}, how many every broker has served so far (one
     * query for all request beans, then the matching ones read).
     *
     * @throws IllegalStateException when a broker does not answer over JMX
     */
    public Map<String, Double> settingsRequests() {
        Map<String, Double> counts = new java.util.TreeMap<>();
        for (Node node : nodes) {
            try {
                for (ObjectName bean : node.server().queryNames(new ObjectName(REQUESTS + "RequestsPerSec,*"), null)) {
                    String request = bean.getKeyProperty("request");
                    if (SETTINGS_REQUESTS.contains(request) && node.server().getAttribute(bean, "Count") instanceof Number count) {
                        counts.merge(request, count.doubleValue(), Double::sum);
                    }
                }
            } catch (IOException | javax.management.JMException e) {
                throw new IllegalStateException("the broker no longer answers over JMX: " + e.getMessage(), e);
            }
        }
        return counts;
    }

    private static Map<String, Double> snapshot(MBeanServerConnection server) {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            values.put("messages-in", count(server, TOPICS + "MessagesInPerSec", "Count"));
            values.put("bytes-in", count(server, TOPICS + "BytesInPerSec", "Count"));
            values.put("bytes-out", count(server, TOPICS + "BytesOutPerSec", "Count"));
            for (String request : new String[] {"Produce", "Fetch"}) {
                String key = request.toLowerCase(java.util.Locale.ROOT);
                // Counted per request version: one bean each.
                values.put(key + "-requests", count(server, REQUESTS + "RequestsPerSec,request=" + request + ",*", "Count"));
                for (String time : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs"}) {
                    double count = count(server, REQUESTS + time + ",request=" + request, "Count");
                    values.put(key + "-" + time + "-count", count);
                    values.put(key + "-" + time + "-sum", count == 0 ? 0 : count * number(server, REQUESTS + time + ",request=" + request, "Mean"));
                }
            }
            values.put("handler-idle-ns", number(server, "kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", "Count"));
            values.put("network-processor-idle", number(server, "kafka.network:type=SocketServer,name=NetworkProcessorAvgIdlePercent", "Value"));
            values.put("under-replicated-partitions", number(server, "kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", "Value"));
            values.put("isr-shrinks", count(server, "kafka.server:type=ReplicaManager,name=IsrShrinksPerSec", "Count"));
            values.put("isr-expands", count(server, "kafka.server:type=ReplicaManager,name=IsrExpandsPerSec", "Count"));
            values.put("process-cpu-ns", number(server, "java.lang:type=OperatingSystem", "ProcessCpuTime"));
        } catch (IOException e) {
            throw new IllegalStateException("the broker no longer answers over JMX: " + e.getMessage(), e);
        }
        return values;
    }

    /** A counter: 0 while its bean does not exist, for the broker makes it on the first request of its kind. */
    private static double count(MBeanServerConnection server, String bean, String attribute) throws IOException {
        double value = number(server, bean, attribute);
        return Double.isNaN(value) ? 0 : value;
    }

    /** One bean's attribute; for a pattern ({@code ...,*}), the sum over the beans it matches (one per request version). */
    private static double number(MBeanServerConnection server, String bean, String attribute) throws IOException {
        try {
            ObjectName name = new ObjectName(bean);
            java.util.Set<ObjectName> names = name.isPattern() ? server.queryNames(name, null) : java.util.Set.of(name);
            double sum = 0;
            for (ObjectName each : names) {
                Object value = server.getAttribute(each, attribute);
                if (!(value instanceof Number number)) {
                    return Double.NaN;
                }
                sum += number.doubleValue();
            }
            return names.isEmpty() ? Double.NaN : sum;
        } catch (javax.management.InstanceNotFoundException notThere) {
            return Double.NaN;
        } catch (javax.management.JMException e) {
            throw new IOException(bean + "." + attribute + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        for (Node node : nodes) {
            try {
                node.connector().close();
            } catch (IOException e) {
                // The broker is gone already: nothing left to close.
            }
        }
    }

    /**
     * The brokers' counters at one moment, one map per node; {@code null} for a node that did not answer.
     */
    public record Snapshot(List<Map<String, Double>> nodes, long nanoTime) {

        public Snapshot {
            nodes = java.util.Collections.unmodifiableList(new ArrayList<>(nodes));
        }

        /**
         * What the brokers did between {@code before} and this snapshot, by names an operator knows
         * from the broker's beans: counts received, requests served, their mean time inside the
         * broker, how idle its request handlers and network threads were. A cluster's counts are its
         * nodes' summed (each record is counted by its partition's leader), its idle figures their
         * mean. A node read at only one end is left out, and {@code brokers-not-read} counts it.
         */
        public Map<String, Double> since(Snapshot before) {
            List<Map<String, Double>> perNode = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i) != null && i < before.nodes.size() && before.nodes.get(i) != null) {
                    perNode.add(node(before.nodes.get(i), nodes.get(i), nanoTime - before.nanoTime));
                }
            }
            Map<String, Double> figures = new LinkedHashMap<>();
            for (Map<String, Double> node : perNode) {
                node.forEach((name, value) -> figures.merge(name, value, Double::sum));
            }
            // Mean times: every node's request time summed over every node's request count.
            for (String request : new String[] {"produce", "fetch"}) {
                for (String time : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs"}) {
                    double count = figures.getOrDefault(request + "-" + time + "-count", 0.0);
                    double sum = figures.getOrDefault(request + "-" + time + "-sum", Double.NaN);
                    figures.remove(request + "-" + time + "-count");
                    figures.remove(request + "-" + time + "-sum");
                    figures.put(request + "-" + time + "-mean", count > 0 ? sum / count : Double.NaN);
                }
            }
            for (String mean : List.of("request-handler-idle-percent", "network-processor-idle-percent")) {
                figures.computeIfPresent(mean, (name, sum) -> sum / perNode.size());
            }
            if (perNode.size() < nodes.size()) {
                figures.put("brokers-not-read", (double) (nodes.size() - perNode.size()));
            }
            // A figure whose bean this broker lacks is left out rather than shown as 0.
            figures.values().removeIf(value -> !Double.isFinite(value));
            return figures;
        }

        /** One node's figures between two of its readings; times as sums and counts, for the cluster's mean. */
        private static Map<String, Double> node(Map<String, Double> before, Map<String, Double> after, long elapsedNanos) {
            Map<String, Double> figures = new LinkedHashMap<>();
            java.util.function.ToDoubleFunction<String> delta = name -> after.get(name) - before.get(name);
            for (String count : List.of("messages-in", "bytes-in", "bytes-out", "produce-requests", "fetch-requests", "isr-shrinks",
                    "isr-expands")) {
                figures.put(count, delta.applyAsDouble(count));
            }
            for (String request : new String[] {"produce", "fetch"}) {
                for (String time : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs"}) {
                    figures.put(request + "-" + time + "-count", delta.applyAsDouble(request + "-" + time + "-count"));
                    figures.put(request + "-" + time + "-sum", delta.applyAsDouble(request + "-" + time + "-sum"));
                }
            }
            // Kafka marks the pool's meter with each handler's idle nanoseconds over the thread count.
            figures.put("request-handler-idle-percent", elapsedNanos > 0
                    ? Math.min(100, delta.applyAsDouble("handler-idle-ns") / elapsedNanos * 100) : Double.NaN);
            figures.put("network-processor-idle-percent", after.get("network-processor-idle") * 100);
            figures.put("under-replicated-partitions", after.get("under-replicated-partitions"));
            // The broker JVM's own CPU, every thread: what the trial cost the broker side.
            figures.put("process-cpu-ms", delta.applyAsDouble("process-cpu-ns") / 1e6);
            return figures;
        }
    }
}
