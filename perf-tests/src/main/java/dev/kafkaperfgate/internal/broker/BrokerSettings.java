package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.settings.machine.MachineSettings;
import dev.kafkaperfgate.internal.settings.CpuSet;

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
public record BrokerSettings(BrokerMode mode, String image, Duration startupTimeout, CpuSet cpus, JvmFlags jvmFlags,
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
        MachineSettings machine = settings.machine();
        return new BrokerSettings(settings.brokerMode(), settings.brokerImage(), settings.brokerStartupTimeout(),
                machine.brokerCpus().orElse(null), machine.brokerJvmFlags(), machine.brokerClasspathFile().orElse(null),
                settings.externalBootstrapServers(), machine.externalClientProperties().orElse(null), settings.requireContainer(), 1,
                machine.externalJmx());
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

    public BrokerSettings withJvmFlags(JvmFlags flags) {
        return new BrokerSettings(mode, image, startupTimeout, cpus, flags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }

    public BrokerSettings withStartupTimeout(Duration timeout) {
        return new BrokerSettings(mode, image, timeout, cpus, jvmFlags, classpathFile,
                externalBootstrapServers, externalClientProperties, requireContainer, brokers, externalJmx);
    }
}
