package dev.kafkaperfgate.internal.broker.container;

import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.process.ProcessNode;
import org.testcontainers.kafka.KafkaContainer;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * A broker container's JMX: Java's remote connector on one port that is the same inside the
 * container and on the host. RMI hands its clients the address it listens on, so the random port
 * Docker usually maps would break it. The port is bound to the host's loopback only, never to
 * its other interfaces, and it takes a password made for this container, read-only: every local
 * user reaches the loopback, the sides' users included, and JMX without a password lets a client
 * run diagnostic commands in the broker (docs/security.md).
 */
final class ContainerJmx {

    /** Inside the container: written as its own user before the broker starts, readable by that user alone (Java requires it). */
    private static final String PASSWORD_FILE = "/tmp/kpg-jmx.password";
    private static final String ACCESS_FILE = "/tmp/kpg-jmx.access";
    private static final String ROLE = "kpgMonitor";

    /** Where the gate reads one broker's JMX: its loopback port, and the password this container's connector takes. */
    record Endpoint(int port, String password) {
    }

    private ContainerJmx() {
    }

    /**
     * Opens the broker's JMX on a free port: {@code KAFKA_JMX_OPTS} (which apache/kafka's
     * {@code kafka-run-class.sh} and the gate's own image both read) and a loopback binding.
     *
     * @return the port, on the host's 127.0.0.1, and its password
     */
    static Endpoint open(KafkaContainer container) {
        int port;
        try {
            port = ProcessNode.freePort();
        } catch (IOException e) {
            throw new BrokerUnavailableException("no free port on this host for a broker's JMX: " + e.getMessage(), e);
        }
        String password = newPassword();
        container.withEnv("KAFKA_JMX_OPTS", String.join(" ", "-Dcom.sun.management.jmxremote",
                "-Dcom.sun.management.jmxremote.authenticate=true", "-Dcom.sun.management.jmxremote.ssl=false",
                "-Dcom.sun.management.jmxremote.password.file=" + PASSWORD_FILE,
                "-Dcom.sun.management.jmxremote.access.file=" + ACCESS_FILE,
                "-Dcom.sun.management.jmxremote.local.only=false", "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port, "-Djava.rmi.server.hostname=127.0.0.1"));
        // In the environment, not on a command line: /proc/<pid>/environ is its user's alone, cmdline is everyone's,
        // and only Docker's own users can inspect a container.
        container.withEnv("KPG_JMX_PASSWORD", password);
        container.withCreateContainerCmdModifier(cmd -> {
            String[] command = cmd.getCmd();
            if (command == null || command.length == 0) {
                throw new BrokerUnavailableException("container broker: the image's command is not known, so its JMX password "
                        + "cannot be written before it starts");
            }
            // The files are written as the container's user (Java reads them as it), then the command runs as it was.
            List<String> wrapped = new ArrayList<>(List.of("sh", "-c", "(umask 077 && printf '" + ROLE + " %s\\n' \"$KPG_JMX_PASSWORD\" > "
                    + PASSWORD_FILE + " && printf '" + ROLE + " readonly\\n' > " + ACCESS_FILE + ") && exec \"$@\"", "sh"));
            wrapped.addAll(Arrays.asList(command));
            cmd.withCmd(wrapped);
            ExposedPort exposed = ExposedPort.tcp(port);
            List<ExposedPort> ports = new ArrayList<>(cmd.getExposedPorts() == null ? List.of() : Arrays.asList(cmd.getExposedPorts()));
            ports.add(exposed);
            cmd.withExposedPorts(ports);
            HostConfig host = cmd.getHostConfig();
            Ports bindings = host.getPortBindings() == null ? new Ports() : host.getPortBindings();
            bindings.bind(exposed, Ports.Binding.bindIpAndPort("127.0.0.1", port));
            host.withPortBindings(bindings);
        });
        return new Endpoint(port, password);
    }

    /** The brokers' JMX on these loopback ports, every one or none ({@link BrokerJmx#connectAll}). */
    static Optional<BrokerJmx> connect(List<Endpoint> endpoints) {
        return BrokerJmx.connectAll(endpoints.stream().map(endpoint -> "127.0.0.1:" + endpoint.port()).toList(),
                endpoints.stream().map(endpoint -> new String[] {ROLE, endpoint.password()}).toList());
    }

    /** 24 random bytes, URL-safe Base64: no character a shell or the password file's format would read apart. */
    private static String newPassword() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
