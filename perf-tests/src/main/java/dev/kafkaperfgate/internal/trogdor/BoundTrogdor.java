package dev.kafkaperfgate.internal.trogdor;

import org.apache.kafka.trogdor.agent.Agent;
import org.apache.kafka.trogdor.agent.AgentRestResource;
import org.apache.kafka.trogdor.common.Node;
import org.apache.kafka.trogdor.common.Platform;
import org.apache.kafka.trogdor.common.Scheduler;
import org.apache.kafka.trogdor.coordinator.Coordinator;
import org.apache.kafka.trogdor.coordinator.CoordinatorRestResource;
import org.apache.kafka.trogdor.rest.JsonRestServer;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Starts Trogdor's coordinator or one of its agents as Kafka's own {@code main}s do, except that
 * its REST server listens only on its node's host name from the platform file (localhost, or the
 * address of the network namespace the agent runs in), not on every interface: Trogdor runs what
 * it is asked to ({@code ExternalCommandSpec}) for anyone who can reach it, and Kafka 4.3.1's
 * {@code JsonRestServer} has no bind option. The host is set on its Jetty connector before the
 * server starts; a Trogdor whose server has no such connector (another Kafka version) does not
 * start, rather than listen everywhere.
 *
 * <pre>{@code
 * java -cp <kafka's trogdor and the gate> dev.kafkaperfgate.internal.trogdor.BoundTrogdor agent -c trogdor.conf -n agent-1
 * }</pre>
 */
public final class BoundTrogdor {

    private BoundTrogdor() {
    }

    /** The launcher's arguments: the role, then Kafka's own {@code -c <platform file> -n <node name>}. */
    record Arguments(boolean coordinator, String configFile, String nodeName) {

        static Arguments parse(String... args) {
            List<String> given = List.of(args);
            if (given.size() != 5 || !List.of("agent", "coordinator").contains(given.get(0)) || !given.get(1).equals("-c")
                    || !given.get(3).equals("-n")) {
                throw new IllegalArgumentException("usage: BoundTrogdor agent|coordinator -c <platform file> -n <node name>; given: "
                        + String.join(" ", given));
            }
            return new Arguments(given.get(0).equals("coordinator"), given.get(2), given.get(4));
        }
    }

    public static void main(String[] args) throws Exception {
        Arguments arguments = Arguments.parse(args);
        Platform platform = Platform.Config.parse(arguments.nodeName(), arguments.configFile());
        Node node = platform.curNode();
        if (arguments.coordinator()) {
            JsonRestServer server = bound(new JsonRestServer(Node.Util.getTrogdorCoordinatorPort(node)), node.hostname());
            CoordinatorRestResource resource = new CoordinatorRestResource();
            Coordinator coordinator = new Coordinator(platform, Scheduler.SYSTEM, server, resource,
                    ThreadLocalRandom.current().nextLong(0, Long.MAX_VALUE / 2));
            server.start(resource);
            System.out.println("Started the coordinator, listening on " + node.hostname() + ":" + server.port() + " only.");
            shutdownHook("coordinator-shutdown-hook", () -> {
                try {
                    coordinator.beginShutdown(false);
                    coordinator.waitForShutdown();
                } catch (Exception e) {
                    System.out.println("The coordinator's shutdown failed: " + e);
                }
            });
            coordinator.waitForShutdown();
        } else {
            JsonRestServer server = bound(new JsonRestServer(Node.Util.getTrogdorAgentPort(node)), node.hostname());
            AgentRestResource resource = new AgentRestResource();
            Agent agent = new Agent(platform, Scheduler.SYSTEM, server, resource);
            server.start(resource);
            System.out.println("Started agent " + node.name() + ", listening on " + node.hostname() + ":" + server.port() + " only.");
            shutdownHook("agent-shutdown-hook", () -> {
                try {
                    agent.beginShutdown();
                    agent.waitForShutdown();
                } catch (Exception e) {
                    System.out.println("The agent's shutdown failed: " + e);
                }
            });
            agent.waitForShutdown();
        }
    }

    /** What Kafka's {@code Exit.addShutdownHook} does, without its class (4.4.0 moved it into an internal package). */
    private static void shutdownHook(String name, Runnable hook) {
        Runtime.getRuntime().addShutdownHook(new Thread(hook, name));
    }

    /**
     * Sets {@code host} on the server's Jetty connector, before it starts.
     *
     * @throws IllegalStateException when the server has no connector field with a {@code setHost}
     */
    static JsonRestServer bound(JsonRestServer server, String host) {
        try {
            java.lang.reflect.Field field = JsonRestServer.class.getDeclaredField("connector");
            field.setAccessible(true);
            Object connector = field.get(server);
            connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
            return server;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new IllegalStateException("Trogdor's REST server cannot be bound to " + host + " (kafka's JsonRestServer has no "
                    + "'connector' with setHost in this version): not started, rather than listen on every interface", e);
        }
    }
}
