package dev.kafkaperfgate.internal.broker.container;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.process.ProcessNode;
import org.testcontainers.kafka.KafkaContainer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A broker container's JMX: Java's remote connector on one port that is the same inside the
 * container and on the host. RMI hands its clients the address it listens on, so the random port
 * Docker usually maps would break it. The port is bound to the host's loopback only, never to
 * its other interfaces: the connector has no password (docs/security.md).
 */
final class ContainerJmx {

    private ContainerJmx() {
    }

    /**
     * Opens the broker's JMX on a free port: {@code KAFKA_JMX_OPTS} (which apache/kafka's
     * {@code kafka-run-class.sh} and the gate's own image both read) and a loopback binding.
     *
     * @return the port, on the host's 127.0.0.1
     */
    static int open(KafkaContainer container) {
        int port;
        try {
            port = ProcessNode.freePort();
        } catch (IOException e) {
            throw new BrokerUnavailableException("no free port on this host for a broker's JMX: " + e.getMessage(), e);
        }
        container.withEnv("KAFKA_JMX_OPTS", String.join(" ", "-Dcom.sun.management.jmxremote",
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.local.only=false", "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, "-Djava.rmi.server.hostname=127.0.0.1"));
        container.withCreateContainerCmdModifier(cmd -> {
            ExposedPort exposed = ExposedPort.tcp(port);
            List<ExposedPort> ports = new ArrayList<>(cmd.getExposedPorts() == null ? List.of() : Arrays.asList(cmd.getExposedPorts()));
            ports.add(exposed);
            cmd.withExposedPorts(ports);
            HostConfig host = cmd.getHostConfig();
            Ports bindings = host.getPortBindings() == null ? new Ports() : host.getPortBindings();
            bindings.bind(exposed, Ports.Binding.bindIpAndPort("127.0.0.1", port));
            host.withPortBindings(bindings);
        });
        return port;
    }

    /** The brokers' JMX on these loopback ports, every one or none ({@link BrokerJmx#connectAll}). */
    static Optional<BrokerJmx> connect(List<Integer> ports) {
        return BrokerJmx.connectAll(ports.stream().map(port -> "127.0.0.1:" + port).toList());
    }
}
