package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.environment.CpuSet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How the broker is chosen and started: the broker's part of the run's {@link GateSettings}.
 *
 * @param mode                    which broker (see {@link BrokerMode})
 * @param image                   container image, compatible with apache/kafka
 * @param startupTimeout          bound on start-up until the broker answers
 * @param cpus                    CPUs the broker is pinned to, {@code null} for none
 * @param jvmFlags                heap and GC flags of the broker JVM
 * @param classpathFile           the broker runtime's classpath file, {@code null} if not configured
 * @param externalBootstrapServers bootstrap.servers of an external cluster, {@code null} otherwise
 * @param externalClientProperties the external cluster's client properties file, {@code null} for none
 * @param requireContainer        fail rather than skip container tests when Docker is unusable
 * @param brokers                 brokers to start, 1 to {@link Defaults#MAX_CLUSTER_BROKERS}: a scenario's
 *                                {@code cluster: {brokers: N}} sets it (see {@link #withBrokers})
 * @param externalJmx             the external cluster's brokers' JMX, {@code host:port} or {@code service:jmx:...}
 *                                each; empty when not given (its broker side is then not read)
 */
public record BrokerSettings(BrokerMode mode, String image, Duration startupTimeout, CpuSet cpus, String jvmFlags,
                             Path classpathFile, String externalBootstrapServers, Path externalClientProperties,
                             boolean requireContainer, int brokers, List<String> externalJmx) {

    public BrokerSettings {
        externalJmx = List.copyOf(externalJmx);
        if (brokers < 1 || brokers > Defaults.MAX_CLUSTER_BROKERS) {
            throw new IllegalArgumentException("a cluster has 1 to " + Defaults.MAX_CLUSTER_BROKERS + " brokers, got " + brokers);
        }
    }

    /** The broker settings of this JVM's {@code -Dperf.*} properties (tests and tools). */
    public static BrokerSettings fromSystemProperties() {
        return from(GateSettings.fromSystemProperties());
    }

    public static BrokerSettings from(GateSettings settings) {
        String classpath = settings.brokerClasspathFile();
        String clientProperties = settings.externalClientProperties();
        return new BrokerSettings(settings.brokerMode(), settings.brokerImage(), settings.brokerStartupTimeout(),
                CpuSet.parseOrNull(settings.brokerCpus()), settings.brokerJvmFlags(),
                classpath == null ? null : Path.of(classpath), settings.externalBootstrapServers(),
                clientProperties == null ? null : Path.of(clientProperties), settings.requireContainer(), 1,
                jmxAddresses(settings.externalJmx()));
    }

    public BrokerSettings withMode(BrokerMode newMode) {
        return new BrokerSettings(newMode, image, startupTimeout, cpus, jvmFlags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }

    public BrokerSettings withExternal(String bootstrapServers, Path clientProperties) {
        return new BrokerSettings(BrokerMode.EXTERNAL, image, startupTimeout, cpus, jvmFlags, classpathFile,
                bootstrapServers, clientProperties, requireContainer, brokers, externalJmx);
    }

    /** These settings for a cluster of {@code count} brokers (a scenario's {@code cluster: {brokers: N}}). */
    public BrokerSettings withBrokers(int count) {
        return new BrokerSettings(mode, image, startupTimeout, cpus, jvmFlags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, count, externalJmx);
    }

    public BrokerSettings withImage(String newImage) {
        return new BrokerSettings(mode, newImage, startupTimeout, cpus, jvmFlags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }

    public BrokerSettings withJvmFlags(String flags) {
        return new BrokerSettings(mode, image, startupTimeout, cpus, flags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }

    public BrokerSettings withStartupTimeout(Duration timeout) {
        return new BrokerSettings(mode, image, timeout, cpus, jvmFlags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }

    /** {@code host:port} or {@code service:jmx:...} addresses, comma-separated; a malformed one names the property. */
    static List<String> jmxAddresses(String text) {
        if (text == null) {
            return List.of();
        }
        List<String> addresses = java.util.Arrays.stream(text.split(",")).map(String::strip).toList();
        for (String address : addresses) {
            if (!address.startsWith("service:jmx:") && !address.matches("[A-Za-z0-9._-]+:\\d{1,5}")) {
                throw new IllegalArgumentException("-D" + GateProperties.EXTERNAL_JMX + "=" + text + ": each broker's JMX must be "
                        + "host:port or a service:jmx: URL, got '" + address + "'");
            }
        }
        return addresses;
    }
}
