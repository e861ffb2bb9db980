package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.LogTail;
import dev.kafkaperfgate.internal.broker.OwnedProcess;
import dev.kafkaperfgate.internal.broker.StopOnce;
import dev.kafkaperfgate.internal.broker.process.ProcessNode;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Trogdor a run's trogdor scenarios go through: a coordinator and its agents' names. Either
 * one that exists ({@code perf.trogdor.coordinator} and {@code perf.trogdor.agents}: a real
 * cluster's load machines), or one this class starts on this machine, as {@code trogdor.sh}
 * would: a coordinator and N agents, each its own JVM on Kafka's Trogdor jars and the gate's,
 * on free ports of localhost, or one agent inside each broker container's network namespace
 * (for a partition: Trogdor's iptables rules then apply there, never to this machine's network),
 * stopped by pid on {@link #close()} (and by a watchdog when the gate's JVM dies). Each listens
 * on its own host name only ({@link BoundTrogdor}): Trogdor runs commands for whoever reaches it.
 */
public final class TrogdorAgents implements AutoCloseable {

    static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String AGENT_FLAGS = "-Xms256m -Xmx1g -XX:+UseG1GC";
    private static final String COORDINATOR_FLAGS = "-Xms64m -Xmx256m";
    private static final int LOG_TAIL_LINES = 20;
    /** An agent's port inside a broker container's network namespace: a namespace of its own, so no other process holds it. */
    static final int NAMESPACE_AGENT_PORT = 18888;

    /**
     * An agent to start: its node name, where the coordinator reaches it, and what its command
     * line starts with ({@code nsenter ...} to run it inside a network namespace).
     */
    private record AgentNode(String name, String hostname, int port, List<String> prefix) {
    }

    private final TrogdorCoordinator coordinator;
    private final List<String> agents;
    private final List<Process> processes;
    private final List<Process> watchdogs;
    private final Path dir;
    private final StopOnce stopOnce;

    private TrogdorAgents(TrogdorCoordinator coordinator, List<String> agents, List<Process> processes, List<Process> watchdogs,
                          Path dir) {
        this.coordinator = coordinator;
        this.agents = List.copyOf(agents);
        this.processes = processes;
        this.watchdogs = watchdogs;
        this.dir = dir;
        this.stopOnce = new StopOnce("kpg-trogdor", this::stop);
    }

    /**
     * A coordinator that runs elsewhere, with the agents it knows by these names.
     *
     * @throws TrogdorUnavailableException when it does not answer
     */
    public static TrogdorAgents existing(URI coordinator, List<String> agents) {
        TrogdorCoordinator client = new TrogdorCoordinator(coordinator);
        if (!client.answers()) {
            throw new TrogdorUnavailableException("Trogdor's coordinator " + coordinator + " (perf.trogdor.coordinator) does not answer "
                    + "GET /coordinator/status");
        }
        return new TrogdorAgents(client, agents, List.of(), List.of(), null);
    }

    /**
     * Starts a coordinator and {@code count} agents on this machine and waits until each answers.
     *
     * @param classpath the agents' and coordinator's classpath: the gate's jars and the team's, then Kafka's Trogdor jars
     * @throws TrogdorUnavailableException when one does not start within {@link #START_TIMEOUT}, with its log's last lines
     */
    public static TrogdorAgents startLocal(int count, String classpath, PrintStream console) {
        List<AgentNode> agents = new ArrayList<>();
        try {
            for (int agent = 1; agent <= count; agent++) {
                agents.add(new AgentNode("agent-" + agent, "localhost", ProcessNode.freePort(), List.of()));
            }
        } catch (IOException e) {
            throw new TrogdorUnavailableException("Trogdor could not start on this machine: " + e.getMessage(), e);
        }
        return start(agents, classpath, console, "on this machine");
    }

    /**
     * Starts a coordinator on this machine and one agent inside each network namespace, named
     * {@code broker-1}, {@code broker-2}, ... in order, reached at the namespace's address: the
     * agents of a partition, whose iptables rules Trogdor then runs inside each node's namespace.
     * Each agent is a JVM of this machine entered into the namespace with {@code nsenter}.
     *
     * @throws TrogdorUnavailableException as {@link #startLocal}
     */
    public static TrogdorAgents startInNamespaces(List<BrokerNodes.NetworkNamespace> namespaces, String classpath, PrintStream console) {
        List<AgentNode> agents = new ArrayList<>();
        for (int i = 0; i < namespaces.size(); i++) {
            BrokerNodes.NetworkNamespace namespace = namespaces.get(i);
            agents.add(new AgentNode("broker-" + (i + 1), namespace.address(), NAMESPACE_AGENT_PORT,
                    List.of("nsenter", "--target", Long.toString(namespace.pid()), "--net", "--")));
        }
        return start(agents, classpath, console, "in the brokers' network namespaces");
    }

    private static TrogdorAgents start(List<AgentNode> agentNodes, String classpath, PrintStream console, String where) {
        List<Process> processes = new ArrayList<>();
        List<Process> watchdogs = new ArrayList<>();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("kpg-trogdor-");
            int coordinatorPort = ProcessNode.freePort();
            ObjectMapper json = new ObjectMapper();
            ObjectNode config = json.createObjectNode();
            config.put("platform", "org.apache.kafka.trogdor.basic.BasicPlatform");
            ObjectNode nodes = config.putObject("nodes");
            nodes.putObject("coordinator").put("hostname", "localhost").put("trogdor.coordinator.port", coordinatorPort);
            for (AgentNode agent : agentNodes) {
                nodes.putObject(agent.name()).put("hostname", agent.hostname()).put("trogdor.agent.port", agent.port());
            }
            Path file = dir.resolve("trogdor.conf");
            Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(config), StandardCharsets.UTF_8);
            start(dir, "coordinator", "coordinator", COORDINATOR_FLAGS, classpath, file, List.of(), processes, watchdogs);
            for (AgentNode agent : agentNodes) {
                start(dir, agent.name(), "agent", AGENT_FLAGS, classpath, file, agent.prefix(), processes, watchdogs);
            }
            List<String> agents = agentNodes.stream().map(AgentNode::name).toList();
            TrogdorAgents started = new TrogdorAgents(new TrogdorCoordinator(URI.create("http://localhost:" + coordinatorPort)), agents,
                    processes, watchdogs, dir);
            long start = System.nanoTime();
            started.awaitUp(agentNodes.stream().map(agent -> URI.create("http://" + agent.hostname() + ":" + agent.port()
                    + "/agent/status")).toList());
            console.printf("[kafka-perf-gate] trogdor: a coordinator and %d agent%s %s (%s), up in %.1f s; "
                            + "their logs in %s until the run ends%n",
                    agents.size(), agents.size() == 1 ? "" : "s", where, String.join(", ", agents), (System.nanoTime() - start) / 1e9, dir);
            return started;
        } catch (IOException e) {
            new TrogdorAgents(null, List.of(), processes, watchdogs, dir).close();
            throw new TrogdorUnavailableException("Trogdor could not start on this machine: " + e.getMessage(), e);
        }
    }

    /**
     * {@link BoundTrogdor}'s name, as a string: it uses Trogdor's API, which a team's JVM (this
     * one) does not have, so this JVM never loads it; only Trogdor's own JVMs run it.
     */
    static final String LAUNCHER = "dev.kafkaperfgate.internal.trogdor.BoundTrogdor";

    /** Starts one Trogdor node, {@code role} agent or coordinator, through {@link BoundTrogdor}: listening on its host name only. */
    private static void start(Path dir, String node, String role, String flags, String classpath, Path config, List<String> prefix,
                              List<Process> processes, List<Process> watchdogs) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(ThisJvm.javaExecutable());
        command.addAll(List.of(flags.split("\\s+")));
        command.addAll(List.of("-cp", classpath, LAUNCHER, role, "-c", config.toString(), "-n", node));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(node + ".log").toFile());
        // ProcessStopFault finds JVMs with jcmd: this JDK's first on the agent's PATH.
        Path bin = ThisJvm.javaBin();
        builder.environment().merge("PATH", bin.toString(), (path, jdk) -> jdk + java.io.File.pathSeparator + path);
        Process process = builder.start();
        processes.add(process);
        watchdogs.add(OwnedProcess.watchdog("kpg-trogdor-watchdog", process.pid(), null));
    }

    private void awaitUp(List<URI> agentProbes) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        List<URI> probes = new ArrayList<>();
        probes.add(coordinator.base().resolve("/coordinator/status"));
        probes.addAll(agentProbes);
        for (int i = 0; i < probes.size(); i++) {
            String node = i == 0 ? "coordinator" : agents.get(i - 1);
            while (!answers(http, probes.get(i))) {
                failure().ifPresent(problem -> {
                    close();
                    throw new TrogdorUnavailableException(problem);
                });
                if (System.nanoTime() > deadline) {
                    String tail = LogTail.of(dir.resolve(node + ".log"), LOG_TAIL_LINES);
                    close();
                    throw new TrogdorUnavailableException("Trogdor's " + node + " did not answer within " + START_TIMEOUT.toSeconds()
                            + " s. Last lines of its log:\n" + tail);
                }
                sleep(250);
            }
        }
    }

    private static boolean answers(HttpClient http, URI probe) {
        try {
            return http.send(HttpRequest.newBuilder(probe).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrogdorUnavailableException("interrupted while Trogdor started", e);
        }
    }

    public TrogdorCoordinator coordinator() {
        return coordinator;
    }

    /** The agents' node names, as the coordinator knows them. */
    public List<String> agents() {
        return agents;
    }

    /** Empty while every process this class started runs (always, for an existing coordinator). */
    public java.util.Optional<String> failure() {
        List<String> nodes = new ArrayList<>(List.of("coordinator"));
        nodes.addAll(agents);
        for (int i = 0; i < processes.size(); i++) {
            Process process = processes.get(i);
            if (!process.isAlive()) {
                Path log = dir.resolve(nodes.get(i) + ".log");
                return java.util.Optional.of("Trogdor's " + nodes.get(i) + " (pid " + process.pid() + ") exited with code "
                        + process.exitValue() + ". Last lines of its log " + log + ":\n" + LogTail.of(log, LOG_TAIL_LINES));
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private void stop() {
        processes.forEach(process -> OwnedProcess.stop(process, Defaults.BROKER_STOP_TIMEOUT));
        watchdogs.forEach(Process::destroyForcibly);
        if (dir != null) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                System.err.println("[kafka-perf-gate] could not remove Trogdor's directory " + dir + ": " + e.getMessage());
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrogdorUnavailableException("interrupted while Trogdor started", e);
        }
    }
}
