package dev.kafkaperfgate.internal.broker;

import com.sun.tools.attach.VirtualMachine;

import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The broker's side of a trial, read from its own JMX: what it received, how long produce and
 * fetch requests took inside it, how idle its threads were. A process broker is reached through
 * the Attach API (its local management agent, no port to open); {@link #snapshot()} before and
 * after a trial gives that trial's figures ({@link Snapshot#since}).
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

    private final JMXConnector connector;
    private final MBeanServerConnection server;

    private BrokerJmx(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
    }

    /**
     * Attaches to the broker JVM {@code pid} and starts its local management agent.
     *
     * @return empty when the JVM refuses (attach disabled, another user's process): the broker's
     *         figures are then missing from the results, which say so, and nothing else changes
     */
    public static Optional<BrokerJmx> attach(long pid) {
        try {
            VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
            String address;
            try {
                address = vm.startLocalManagementAgent();
            } finally {
                vm.detach();
            }
            return Optional.of(new BrokerJmx(JMXConnectorFactory.connect(new JMXServiceURL(address))));
        } catch (Exception | LinkageError e) {
            return Optional.empty();
        }
    }

    /**
     * The broker's counters now. A counter whose bean does not exist yet (a request type not served
     * yet) reads 0; any other bean the broker does not have (another Kafka version names it otherwise)
     * reads NaN, and its figures are left out.
     *
     * @throws IllegalStateException when the broker no longer answers over JMX
     */
    public Snapshot snapshot() {
        Map<String, Double> values = new LinkedHashMap<>();
        try {
            values.put("messages-in", count(TOPICS + "MessagesInPerSec", "Count"));
            values.put("bytes-in", count(TOPICS + "BytesInPerSec", "Count"));
            values.put("bytes-out", count(TOPICS + "BytesOutPerSec", "Count"));
            for (String request : new String[] {"Produce", "Fetch"}) {
                String key = request.toLowerCase(java.util.Locale.ROOT);
                // Counted per request version: one bean each.
                values.put(key + "-requests", count(REQUESTS + "RequestsPerSec,request=" + request + ",*", "Count"));
                for (String time : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs"}) {
                    double count = count(REQUESTS + time + ",request=" + request, "Count");
                    values.put(key + "-" + time + "-count", count);
                    values.put(key + "-" + time + "-sum", count == 0 ? 0 : count * number(REQUESTS + time + ",request=" + request, "Mean"));
                }
            }
            values.put("handler-idle-ns", number("kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent", "Count"));
            values.put("network-processor-idle", number("kafka.network:type=SocketServer,name=NetworkProcessorAvgIdlePercent", "Value"));
            values.put("under-replicated-partitions", number("kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions", "Value"));
        } catch (IOException e) {
            throw new IllegalStateException("the broker no longer answers over JMX: " + e.getMessage(), e);
        }
        return new Snapshot(values, System.nanoTime());
    }

    /** A counter: 0 while its bean does not exist, for the broker makes it on the first request of its kind. */
    private double count(String bean, String attribute) throws IOException {
        double value = number(bean, attribute);
        return Double.isNaN(value) ? 0 : value;
    }

    /** One bean's attribute; for a pattern ({@code ...,*}), the sum over the beans it matches (one per request version). */
    private double number(String bean, String attribute) throws IOException {
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
        try {
            connector.close();
        } catch (IOException e) {
            // The broker is gone already: nothing left to close.
        }
    }

    /** The broker's counters at one moment. */
    public record Snapshot(Map<String, Double> values, long nanoTime) {

        public Snapshot {
            values = Map.copyOf(values);
        }

        /**
         * What the broker did between {@code before} and this snapshot, by names an operator knows
         * from the broker's beans: counts received, requests served, their mean time inside the
         * broker, and how idle its request handlers and network threads were.
         */
        public Map<String, Double> since(Snapshot before) {
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put("messages-in", delta(before, "messages-in"));
            figures.put("bytes-in", delta(before, "bytes-in"));
            figures.put("bytes-out", delta(before, "bytes-out"));
            for (String request : new String[] {"produce", "fetch"}) {
                figures.put(request + "-requests", delta(before, request + "-requests"));
                for (String time : new String[] {"TotalTimeMs", "RequestQueueTimeMs", "LocalTimeMs"}) {
                    double count = delta(before, request + "-" + time + "-count");
                    figures.put(request + "-" + time + "-mean", count > 0 ? delta(before, request + "-" + time + "-sum") / count : Double.NaN);
                }
            }
            long elapsed = nanoTime - before.nanoTime;
            // Kafka marks the pool's meter with each handler's idle nanoseconds over the thread count.
            figures.put("request-handler-idle-percent", elapsed > 0 ? Math.min(100, delta(before, "handler-idle-ns") / elapsed * 100) : Double.NaN);
            figures.put("network-processor-idle-percent", values.get("network-processor-idle") * 100);
            figures.put("under-replicated-partitions", values.get("under-replicated-partitions"));
            // A figure whose bean this broker lacks is left out rather than shown as 0.
            figures.values().removeIf(value -> !Double.isFinite(value));
            return figures;
        }

        private double delta(Snapshot before, String name) {
            return values.get(name) - before.values.get(name);
        }
    }
}
