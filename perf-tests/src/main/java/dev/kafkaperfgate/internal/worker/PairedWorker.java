package dev.kafkaperfgate.internal.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.metrics.GcPauses;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.kafka.KafkaClients;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One side of a paired run (base or head): a JVM on that side's own test classpath, with its
 * kafka-clients and the team's classes, that stays warm across all the trials it is given. It
 * serves {@link WorkerProtocol}'s commands one at a time until {@code close} or the end of stdin.
 *
 * <pre>{@code
 * java -cp <side's test classpath> dev.kafkaperfgate.internal.worker.PairedWorker
 * }</pre>
 */
public final class PairedWorker {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The JIT's accounting, for {@code jitMillis}; {@code null} on a JVM without it (then -1: unknown). */
    private static final CompilationMXBean JIT = compiler();

    private final PrintStream replies;
    private final PrintStream console;
    private SideScenario open;
    /** The JFR recording of a whole-client profile, between {@code profileStart} and {@code profileStop}. */
    private jdk.jfr.Recording profile;

    private PairedWorker(PrintStream replies, PrintStream console) {
        this.replies = replies;
        this.console = console;
    }

    public static void main(String[] args) throws IOException {
        // Replies own the real stdout; everything printed by the gate or the team's code goes to stderr.
        PrintStream replies = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        PairedWorker worker = new PairedWorker(replies, System.err);
        exitWithParent();
        try (BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = commands.readLine()) != null) {
                if (!worker.serve(line)) {
                    break;
                }
            }
        } finally {
            worker.closeOpen();
        }
        System.exit(0);
    }

    /**
     * A worker busy in a trial reads no stdin, so it would notice a killed coordinator only when the
     * trial ends (against a stopped broker, after the producer's delivery timeout): it checks every
     * second that the coordinator still lives, and exits at once when not.
     */
    private static void exitWithParent() {
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        if (parent == null) {
            return;
        }
        Thread watch = new Thread(() -> {
            while (parent.isAlive()) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
            System.err.println("[kafka-perf-gate] the coordinator (pid " + parent.pid() + ") is gone: this worker exits");
            Runtime.getRuntime().halt(3);
        }, "kpg-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static CompilationMXBean compiler() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit : null;
    }

    /** @return false after {@code close} */
    private boolean serve(String line) {
        ObjectNode reply = JSON.createObjectNode();
        boolean more = true;
        try {
            JsonNode command = JSON.readTree(line);
            String op = command.path("op").asText();
            switch (op) {
                case "hello" -> {
                    reply.put("protocol", WorkerProtocol.VERSION);
                    reply.put("kafkaClients", KafkaClients.version());
                }
                case "catalog" -> reply.set("scenarios", catalog(command));
                case "open" -> {
                    closeOpen();
                    open = SideScenario.open(command, console);
                    reply.set("experimentChanges", JSON.valueToTree(open.experimentChanges()));
                    reply.put("subjectFrom", open.subjectFrom());
                    reply.put("subjectSha256", open.subjectSha256());
                }
                case "preload" -> requireOpen().preload(command.path("topic").asText());
                case "warmup" -> requireOpen().warmUp(command.path("topic").asText());
                case "beginWindows" -> requireOpen().beginWindows(command.path("topic").asText(),
                        java.time.Duration.ofMillis(command.path("windowMillis").asLong()));
                case "window" -> reply.setAll(withStalls(() -> requireOpen().window(command.path("window").asInt())));
                case "endWindows" -> requireOpen().endWindows();
                case "profileStart" -> profileStart();
                case "profileStop" -> reply.put("file", profileStop().toString());
                case "trial" -> reply.setAll(withStalls(() -> requireOpen().trial(command.path("topic").asText(),
                        command.path("trial").asInt())));
                case "close" -> {
                    closeOpen();
                    more = false;
                }
                default -> throw new IllegalArgumentException("unknown command '" + op + "'");
            }
            reply.put("ok", true);
            reply.put(WorkerProtocol.JIT_MILLIS, JIT == null ? -1 : JIT.getTotalCompilationTime());
        } catch (Exception | LinkageError e) {
            reply.removeAll();
            reply.put("ok", false);
            reply.put("error", e.getMessage() == null ? e.toString() : e.getMessage());
            e.printStackTrace(console);
        }
        replies.println(reply.toString());
        return more;
    }

    /**
     * A measurement's reply with this JVM's GC pauses during it ({@code "stalls"}): a stall moves a
     * window's p99 with no change in the team's code, so the reader sees it beside the p99. Shown,
     * never judged (the head's worker runs the pull request's code, which could write anything).
     */
    private static ObjectNode withStalls(java.util.function.Supplier<ObjectNode> measurement) {
        GcPauses before = GcPauses.now();
        ObjectNode reply = measurement.get();
        GcPauses during = GcPauses.now().since(before);
        reply.putObject("stalls").put("gcPauseMillis", during.millis()).put("gcCount", during.collections());
        return reply;
    }

    /**
     * Starts recording this JVM's CPU samples (every 2 ms of a running thread) and allocation
     * samples: a whole client's profile, taken after its verdict over a few more windows.
     */
    private void profileStart() {
        if (profile != null) {
            profile.close();
        }
        profile = new jdk.jfr.Recording();
        profile.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
        profile.enable("jdk.ObjectAllocationSample").with("throttle", "5000/s");
        profile.setToDisk(true);
        profile.start();
    }

    /** Stops the recording and writes it to a new file in this side's temp folder, whose path the reply gives. */
    private Path profileStop() throws IOException {
        if (profile == null) {
            throw new IllegalStateException("no profile is being recorded: send profileStart first");
        }
        jdk.jfr.Recording recording = profile;
        profile = null;
        try {
            recording.stop();
            Path file = java.nio.file.Files.createTempFile("kpg-client-profile-", ".jfr");
            recording.dump(file);
            return file;
        } finally {
            recording.close();
        }
    }

    private SideScenario requireOpen() {
        if (open == null) {
            throw new IllegalStateException("no scenario is open: send open first");
        }
        return open;
    }

    private void closeOpen() {
        if (open != null) {
            open.close();
            open = null;
        }
    }

    /** This side's scenarios of the suite: names, files, tags and thresholds, as its own parser reads them. */
    private static ArrayNode catalog(JsonNode command) {
        ScenarioCatalog catalog = ScenarioCatalog.load(Path.of(command.path("dir").asText()));
        String suite = command.path("suite").isTextual() ? command.path("suite").asText() : null;
        String names = command.path("names").isTextual() ? command.path("names").asText() : null;
        ArrayNode scenarios = JSON.createArrayNode();
        for (Scenario scenario : catalog.select(suite, names)) {
            ObjectNode node = scenarios.addObject();
            node.put("name", scenario.name());
            node.put("file", scenario.file().toAbsolutePath().toString());
            node.put("workload", scenario.workload().key());
            scenario.tags().forEach(node.withArray("tags")::add);
            node.set("thresholds", thresholds(scenario.thresholds()));
            node.put("brokers", scenario.produce().brokers());
            node.put("partitions", scenario.produce().partitions());
            node.put("replicationFactor", scenario.produce().replicationFactor());
            scenario.produce().topicConfigs().forEach(node.putObject("topicConfigs")::put);
            node.put("windows", SideScenario.measuresInWindows(scenario));
        }
        return scenarios;
    }

    static ObjectNode thresholds(Thresholds thresholds) {
        ObjectNode node = JSON.createObjectNode();
        putOrNull(node, "throughput", thresholds.throughputDropPercent());
        putOrNull(node, "p99", thresholds.p99RisePercent());
        putOrNull(node, "cpu", thresholds.cpuRisePercent());
        putOrNull(node, "alloc", thresholds.allocRisePercent());
        putOrNull(node, "wireBytes", thresholds.wireBytesRisePercent());
        putOrNull(node, "recordsPerRequest", thresholds.recordsPerRequestDropPercent());
        putOrNull(node, "failover", thresholds.failoverRisePercent());
        putOrNull(node, "brokerCpu", thresholds.brokerCpuRisePercent());
        putOrNull(node, "brokerProduceTime", thresholds.brokerProduceTimeRisePercent());
        putOrNull(node, "p99MaxMicros", thresholds.p99MaxMicros());
        return node;
    }

    /** The thresholds a catalog entry carries; NaN (the mode's default) where the file set none. */
    public static Thresholds thresholds(JsonNode node) {
        return new Thresholds(value(node, "throughput"), value(node, "p99"), value(node, "cpu"), value(node, "alloc"),
                value(node, "wireBytes"), value(node, "recordsPerRequest"), value(node, "failover"), value(node, "brokerCpu"),
                value(node, "brokerProduceTime"), value(node, "p99MaxMicros"));
    }

    private static double value(JsonNode node, String field) {
        return node.path(field).isNumber() ? node.path(field).asDouble() : Double.NaN;
    }

    private static void putOrNull(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }
}
