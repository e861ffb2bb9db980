package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.settings.Defaults;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;

/**
 * An existing cluster, possibly shared: the gate only connects. Its client properties (SASL,
 * SSL) may hold credentials; they reach the clients and nothing else: no log line, message or
 * result file carries a value from that file.
 */
public final class ExternalBroker implements KafkaBroker {

    private final String bootstrapServers;
    private final Map<String, Object> connectionProperties;
    private final BrokerInfo info;
    private final java.util.List<String> jmxAddresses;
    private BrokerJmx jmx;
    private boolean jmxTried;

    private ExternalBroker(String bootstrapServers, Map<String, Object> connectionProperties, BrokerInfo info,
                           java.util.List<String> jmxAddresses) {
        this.bootstrapServers = bootstrapServers;
        this.connectionProperties = Map.copyOf(connectionProperties);
        this.info = info;
        this.jmxAddresses = java.util.List.copyOf(jmxAddresses);
    }

    /**
     * Reads the client properties, checks them, and returns once the cluster answers.
     *
     * @throws BrokerUnavailableException when the settings are incomplete or invalid, or the
     *                                    cluster does not answer within {@link Defaults#EXTERNAL_CONNECT_TIMEOUT}
     */
    public static ExternalBroker connect(BrokerSettings settings, String reason) {
        Map<String, Object> properties = settings.externalClientProperties() == null
                ? new HashMap<>() : readClientProperties(settings.externalClientProperties());
        Object fromFile = properties.remove(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG);
        String bootstrap = settings.externalBootstrapServers() != null ? settings.externalBootstrapServers()
                : fromFile == null ? null : fromFile.toString();
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new BrokerUnavailableException("external broker: no bootstrap servers. Set -Dperf.external.bootstrap.servers="
                    + "host:port[,host:port] (or bootstrap.servers in the client properties file).");
        }
        String where = settings.externalClientProperties() == null ? "" : " and the settings in " + settings.externalClientProperties();
        int brokers;
        try {
            brokers = ClusterProbe.awaitAnswer(bootstrap, properties, Defaults.EXTERNAL_CONNECT_TIMEOUT, Optional::empty);
        } catch (TimeoutException e) {
            throw new BrokerUnavailableException("external cluster at " + bootstrap + " did not answer within "
                    + Defaults.EXTERNAL_CONNECT_TIMEOUT.toSeconds() + " s (" + e.getMessage() + "). Check "
                    + "-Dperf.external.bootstrap.servers" + where + ".");
        } catch (RuntimeException e) {
            throw new BrokerUnavailableException("external cluster at " + bootstrap + " refused the client settings ("
                    + e.getClass().getSimpleName() + "). Check" + where.replaceFirst(" and", "") + ".", e);
        }
        return new ExternalBroker(bootstrap, properties,
                new BrokerInfo("external", null, null, null, null, reason + "; bootstrap " + bootstrap, brokers), settings.externalJmx());
    }

    /**
     * A broker another process started and watches: how a paired-mode worker reaches the
     * coordinator's broker. No probe here; the coordinator already waited for it.
     *
     * @param bootstrapServers host:port of the broker
     * @param description      what it is, for result files
     */
    public static ExternalBroker startedElsewhere(String bootstrapServers, String description) {
        return new ExternalBroker(bootstrapServers, Map.of(), new BrokerInfo("external", null, null, null, null, description, 0),
                java.util.List.of());
    }

    /** The file's properties, all of them settings Kafka's clients define, else an error naming the rest. */
    static Map<String, Object> readClientProperties(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new BrokerUnavailableException("external broker: cannot read client properties " + file + ": " + e.getMessage(), e);
        }
        Set<String> known = new HashSet<>(AdminClientConfig.configNames());
        known.addAll(ProducerConfig.configNames());
        known.addAll(ConsumerConfig.configNames());
        TreeSet<String> unknown = new TreeSet<>(properties.stringPropertyNames());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            // Names only: a value in this file may be a secret.
            throw new BrokerUnavailableException("external broker: " + file + " has keys that no Kafka client defines: "
                    + String.join(", ", unknown) + ". Use Kafka's own client config keys (e.g. security.protocol, sasl.jaas.config).");
        }
        Map<String, Object> map = new HashMap<>();
        properties.stringPropertyNames().forEach(name -> map.put(name, properties.getProperty(name)));
        return map;
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public Map<String, Object> connectionProperties() {
        return connectionProperties;
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    /** A cluster the gate did not start cannot be watched for death; the clients' own timeouts bound every wait. */
    @Override
    public Optional<String> failure() {
        return Optional.empty();
    }

    /**
     * The brokers' JMX at {@code perf.external.jmx}, connected on first use; empty without that
     * setting, or when a broker does not answer there (the figures are then missing, and say so).
     */
    @Override
    public synchronized Optional<BrokerJmx> jmx() {
        if (!jmxTried && !jmxAddresses.isEmpty()) {
            jmxTried = true;
            jmx = BrokerJmx.connectAll(jmxAddresses).orElse(null);
            if (jmx == null) {
                // A setting the team gave that does not work is said, once; the run goes on without the broker's side.
                System.err.println("[kafka-perf-gate] -D" + dev.kafkaperfgate.internal.settings.GateProperties.EXTERNAL_JMX + ": not every broker's JMX "
                        + "answered at " + String.join(", ", jmxAddresses) + " (a remote connector, host:port of its RMI registry "
                        + "or a service:jmx: URL); the broker's side of the trials is not read");
            }
        }
        return Optional.ofNullable(jmx);
    }

    /** Nothing to stop: the cluster is not the gate's; only the JMX connections the gate opened close. */
    @Override
    public synchronized void close() {
        if (jmx != null) {
            jmx.close();
            jmx = null;
        }
    }

    @Override
    public String toString() {
        return "ExternalBroker[" + bootstrapServers + ", " + connectionProperties.size() + " client settings (values hidden)]";
    }
}
