package dev.kafkaperfgate.internal.trogdor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.Defaults;
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
 * on free ports of localhost, stopped by pid on {@link #close()} (and by a watchdog when the
 * gate's JVM dies).
 */
public final class TrogdorAgents implements AutoCloseable {

    static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final String AGENT_FLAGS = "-Xms256m -Xmx1g -XX:+UseG1GC";
    private static final String COORDINATOR_FLAGS = "-Xms64m -Xmx256m";
    private static final int LOG_TAIL_LINES = 20;

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
            List<String> agents = new ArrayList<>();
            List<Integer> agentPorts = new ArrayList<>();
            for (int agent = 1; agent <= count; agent++) {
                String name = "agent-" + agent;
                int port = ProcessNode.freePort();
                nodes.putObject(name).put("hostname", "localhost").put("trogdor.agent.port", port);
                agents.add(name);
                agentPorts.add(port);
            }
            Path file = dir.resolve("trogdor.conf");
            Files.writeString(file, json.writerWithDefaultPrettyPrinter().writeValueAsString(config), StandardCharsets.UTF_8);
            start(dir, "coordinator", "org.apache.kafka.trogdor.coordinator.Coordinator", COORDINATOR_FLAGS, classpath, file,
                    processes, watchdogs);
            for (String agent : agents) {
                start(dir, agent, "org.apache.kafka.trogdor.agent.Agent", AGENT_FLAGS, classpath, file, processes, watchdogs);
            }
            TrogdorAgents started = new TrogdorAgents(new TrogdorCoordinator(URI.create("http://localhost:" + coordinatorPort)), agents,
                    processes, watchdogs, dir);
            long start = System.nanoTime();
            started.awaitUp(agentPorts);
            console.printf("[kafka-perf-gate] trogdor: a coordinator and %d agent%s on this machine (%s), up in %.1f s; "
                            + "their logs in %s until the run ends%n",
                    count, count == 1 ? "" : "s", String.join(", ", agents), (System.nanoTime() - start) / 1e9, dir);
            return started;
        } catch (IOException e) {
            new TrogdorAgents(null, List.of(), processes, watchdogs, dir).close();
            throw new TrogdorUnavailableException("Trogdor could not start on this machine: " + e.getMessage(), e);
        }
    }

    private static void start(Path dir, String node, String mainClass, String flags, String classpath, Path config,
                              List<Process> processes, List<Process> watchdogs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(flags.split("\\s+")));
        command.addAll(List.of("-cp", classpath, mainClass, "-c", config.toString(), "-n", node));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve(node + ".log").toFile());
        // ProcessStopFault finds JVMs with jcmd: this JDK's first on the agent's PATH.
        Path bin = Path.of(System.getProperty("java.home"), "bin");
        builder.environment().merge("PATH", bin.toString(), (path, jdk) -> jdk + java.io.File.pathSeparator + path);
        Process process = builder.start();
        processes.add(process);
        watchdogs.add(OwnedProcess.watchdog("kpg-trogdor-watchdog", process.pid(), null));
    }

    private void awaitUp(List<Integer> agentPorts) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        List<URI> probes = new ArrayList<>();
        probes.add(coordinator.base().resolve("/coordinator/status"));
        agentPorts.forEach(port -> probes.add(URI.create("http://localhost:" + port + "/agent/status")));
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
