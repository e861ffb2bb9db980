package dev.kafkaperfgate.internal.settings.machine;

import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where the gate's own processes run and how it reaches what it did not start: CPU lists, the
 * broker's JVM flags, files, JMX and Trogdor addresses. Each parsed once from its key, with the key
 * named in its error, when the settings are made (issue 73): nothing downstream parses their text.
 *
 * @param brokerCpus               the broker's CPUs ({@code perf.broker.cpus}); empty: unpinned
 * @param clientCpus               the clients' CPUs ({@code perf.client.cpus}); empty: unpinned
 * @param brokerJvmFlags           the broker JVM's heap and GC flags
 * @param brokerClasspathFile      the file listing the broker runtime's jars; empty: the gate's packed list
 * @param externalClientProperties an external cluster's client properties file
 * @param externalJmx              an external cluster's brokers' JMX, each {@code host:port} or a {@code service:jmx:} URL
 * @param toxiproxyServer          a slow link's Toxiproxy server binary; empty: found or built by the gate
 * @param trogdorCoordinator       an existing Trogdor coordinator; empty: one started here
 * @param trogdorAgents            that coordinator's agents' node names; empty when the gate starts its own
 */
public record MachineSettings(Optional<CpuSet> brokerCpus, Optional<CpuSet> clientCpus, JvmFlags brokerJvmFlags,
                              Optional<Path> brokerClasspathFile, Optional<Path> externalClientProperties, List<String> externalJmx,
                              Optional<Path> toxiproxyServer, Optional<URI> trogdorCoordinator, List<String> trogdorAgents) {

    public MachineSettings {
        externalJmx = List.copyOf(externalJmx);
        trogdorAgents = List.copyOf(trogdorAgents);
    }

    /**
     * @param values each key's text as given, {@code null} when unset ({@code GateSettings} reads the keys)
     * @throws IllegalArgumentException naming the first key whose value cannot be taken
     */
    public static MachineSettings parse(UnaryOperator<String> values) {
        return new MachineSettings(cpus(values, GateProperties.BROKER_CPUS), cpus(values, GateProperties.CLIENT_CPUS),
                JvmFlags.of(java.util.Objects.requireNonNullElse(values.apply(GateProperties.BROKER_JVM_FLAGS), Defaults.BROKER_JVM_FLAGS)),
                path(values, GateProperties.BROKER_CLASSPATH_FILE), path(values, GateProperties.EXTERNAL_CLIENT_PROPERTIES),
                jmx(values.apply(GateProperties.EXTERNAL_JMX)), path(values, GateProperties.TOXIPROXY_SERVER),
                coordinator(values), agents(values));
    }

    private static Optional<CpuSet> cpus(UnaryOperator<String> values, String key) {
        try {
            return Optional.ofNullable(CpuSet.parseOrNull(values.apply(key)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + key + ": " + e.getMessage(), e);
        }
    }

    private static Optional<Path> path(UnaryOperator<String> values, String key) {
        String text = values.apply(key);
        try {
            return text == null ? Optional.empty() : Optional.of(Path.of(text));
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("-D" + key + "=" + text + ": not a path: " + e.getMessage(), e);
        }
    }

    /** {@code host:port} or {@code service:jmx:...} addresses, comma-separated; a malformed one names the key. */
    private static List<String> jmx(String text) {
        if (text == null) {
            return List.of();
        }
        List<String> addresses = Arrays.stream(text.split(",")).map(String::strip).toList();
        for (String address : addresses) {
            if (!address.startsWith("service:jmx:") && !address.matches("[A-Za-z0-9._-]+:\\d{1,5}")) {
                throw new IllegalArgumentException("-D" + GateProperties.EXTERNAL_JMX + "=" + text + ": each broker's JMX must be "
                        + "host:port or a service:jmx: URL, got '" + address + "'");
            }
        }
        return addresses;
    }

    private static Optional<URI> coordinator(UnaryOperator<String> values) {
        String url = values.apply(GateProperties.TROGDOR_COORDINATOR);
        if (url == null) {
            if (values.apply(GateProperties.TROGDOR_AGENTS) != null) {
                throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_AGENTS + " names agents of a coordinator: set -D"
                        + GateProperties.TROGDOR_COORDINATOR + " too, or neither to start Trogdor on this machine");
            }
            return Optional.empty();
        }
        URI coordinator;
        try {
            coordinator = new URI(url);
        } catch (URISyntaxException e) {
            coordinator = null;
        }
        if (coordinator == null || !("http".equals(coordinator.getScheme()) || "https".equals(coordinator.getScheme()))
                || coordinator.getHost() == null) {
            throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_COORDINATOR + "=" + url
                    + ": must be the coordinator's address, e.g. http://trogdor-coordinator:8889");
        }
        return Optional.of(coordinator);
    }

    private static List<String> agents(UnaryOperator<String> values) {
        String names = values.apply(GateProperties.TROGDOR_AGENTS);
        if (names == null) {
            if (values.apply(GateProperties.TROGDOR_COORDINATOR) != null) {
                throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_COORDINATOR + " needs -D" + GateProperties.TROGDOR_AGENTS
                        + ": the agents' node names in its configuration, e.g. agent-1,agent-2");
            }
            return List.of();
        }
        List<String> agents = Arrays.stream(names.split(",")).map(String::strip).toList();
        if (agents.stream().anyMatch(name -> !name.matches("[A-Za-z0-9._-]+"))) {
            throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_AGENTS + "=" + names
                    + ": must be node names separated by commas, e.g. agent-1,agent-2");
        }
        return agents;
    }
}
