package dev.kafkaperfgate.internal.mirror;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.LogTail;
import dev.kafkaperfgate.internal.broker.OwnedProcess;
import dev.kafkaperfgate.internal.broker.StopOnce;
import dev.kafkaperfgate.internal.spec.MirrorSpec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * MirrorMaker 2 as a team runs it, in dedicated mode: {@code connect-mirror-maker.sh mm2.properties
 * --clusters target}, that is {@code org.apache.kafka.connect.mirror.MirrorMaker} from Maven
 * Central's {@code connect-mirror} jar, in its own JVM beside the target cluster. Its producer
 * (to the target) and consumer (from the source, across the link) take the scenario's
 * {@code mirror} settings as {@code target.producer.*} and {@code source.consumer.*}.
 *
 * <pre>{@code
 * try (MirrorMaker mm2 = MirrorMaker.start(classpath, sourceBootstrap, targetBootstrap, "orders", 1, spec, Map.of())) {
 *     mm2.remoteTopic();   // "source.orders": the DefaultReplicationPolicy's name on the target
 * }
 * }</pre>
 *
 * Stopped by pid on {@link #close()}, from a shutdown hook, and by a watchdog when the JVM dies.
 */
public final class MirrorMaker implements AutoCloseable {

    /** The source cluster's alias: it prefixes the replicated topic's name on the target. */
    static final String SOURCE = "source";
    static final String TARGET = "target";
    private static final int LOG_TAIL_LINES = 25;

    private final Process process;
    private final Process watchdog;
    private final Path dir;
    private final Path log;
    private final String remoteTopic;
    private final StopOnce stopOnce;
    /** Keep the log after stopping: a failed scenario's message names it. */
    private volatile boolean keepLog;

    private MirrorMaker(Process process, Process watchdog, Path dir, String remoteTopic) {
        this.process = process;
        this.watchdog = watchdog;
        this.dir = dir;
        this.log = dir.resolve("mirrormaker.log");
        this.remoteTopic = remoteTopic;
        this.stopOnce = new StopOnce("kpg-mirrormaker", this::stop);
    }

    /**
     * Writes mm2.properties and starts MirrorMaker 2; does not wait for it (see the mirror workload's bounded waits).
     *
     * @param classpath       the Kafka runtime's jars, connect-mirror among them
     * @param sourceBootstrap where MM2 reads the source: across the link when there is one
     * @param targetBootstrap where MM2 writes
     * @param topic           the one topic mirrored
     * @param replicas        replication factor of MM2's internal topics and the remote topic: the target's size, up to 3
     * @param spec            MM2's own producer and consumer settings
     * @param extra           further mm2.properties lines, after the gate's: a test's way to break MM2
     */
    public static MirrorMaker start(String classpath, String sourceBootstrap, String targetBootstrap, String topic, int replicas,
                                    MirrorSpec spec, Map<String, String> extra) {
        Path dir;
        try {
            dir = Files.createTempDirectory("kpg-mirrormaker-");
            Path config = dir.resolve("mm2.properties");
            Files.writeString(config, properties(sourceBootstrap, targetBootstrap, topic, replicas, spec, extra), StandardCharsets.UTF_8);
            try (InputStream in = MirrorMaker.class.getResourceAsStream("/dev/kafkaperfgate/internal/broker/process/broker-log4j2.yaml")) {
                if (in == null) {
                    throw new IOException("broker-log4j2.yaml is missing from the harness's resources");
                }
                Files.copy(in, dir.resolve("log4j2.yaml"), StandardCopyOption.REPLACE_EXISTING);
            }
            List<String> command = new ArrayList<>();
            command.add(ThisJvm.javaExecutable());
            command.addAll(Arrays.asList(Defaults.MIRROR_JVM_FLAGS.split("\\s+")));
            command.addAll(List.of("-Dlog4j2.configurationFile=" + dir.resolve("log4j2.yaml"), "-cp", classpath,
                    "org.apache.kafka.connect.mirror.MirrorMaker", config.toString(), "--clusters", TARGET));
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("mirrormaker.log").toFile()).start();
            return new MirrorMaker(process, OwnedProcess.watchdog("kpg-mirrormaker-watchdog", process.pid(), dir), dir,
                    SOURCE + "." + topic);
        } catch (IOException e) {
            throw new BrokerUnavailableException("MirrorMaker 2 could not start: " + e.getMessage(), e);
        }
    }

    /** mm2.properties: one flow, source to target, of one topic; then the scenario's client settings. */
    static String properties(String sourceBootstrap, String targetBootstrap, String topic, int replicas, MirrorSpec spec,
                             Map<String, String> extra) {
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("clusters", SOURCE + ", " + TARGET);
        lines.put(SOURCE + ".bootstrap.servers", sourceBootstrap);
        lines.put(TARGET + ".bootstrap.servers", targetBootstrap);
        lines.put(SOURCE + "->" + TARGET + ".enabled", "true");
        // A regex list; '.' as [.] (a backslash would be eaten by the properties file's escaping).
        lines.put(SOURCE + "->" + TARGET + ".topics", topic.replace(".", "[.]"));
        lines.put(TARGET + "->" + SOURCE + ".enabled", "false");
        lines.put("tasks.max", "1");
        // No consumer groups to translate and nothing to fail over to: only the records are mirrored.
        lines.put("emit.checkpoints.enabled", "false");
        lines.put("sync.group.offsets.enabled", "false");
        lines.put("refresh.topics.interval.seconds", "5");
        for (String internal : List.of("replication.factor", "checkpoints.topic.replication.factor", "heartbeats.topic.replication.factor",
                "offset-syncs.topic.replication.factor", "offset.storage.replication.factor", "status.storage.replication.factor",
                "config.storage.replication.factor")) {
            lines.put(internal, Integer.toString(replicas));
        }
        new java.util.TreeMap<>(spec.producer()).forEach((key, value) -> lines.put(TARGET + ".producer." + key, value));
        new java.util.TreeMap<>(spec.consumer()).forEach((key, value) -> lines.put(SOURCE + ".consumer." + key, value));
        lines.putAll(extra);
        StringBuilder text = new StringBuilder("# Written by kafka-perf-gate for one mirror scenario\n");
        lines.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
        return text.toString();
    }

    /** The mirrored topic's name on the target. */
    public String remoteTopic() {
        return remoteTopic;
    }

    public long pid() {
        return process.pid();
    }

    /** Empty while MM2 runs; otherwise its exit code and last log lines. */
    public Optional<String> failure() {
        if (process.isAlive()) {
            return Optional.empty();
        }
        return Optional.of("MirrorMaker 2 (pid " + process.pid() + ") exited with code " + process.exitValue() + ". " + logTail());
    }

    /** Its last log lines, for a message that says why it did not replicate. */
    public String logTail() {
        return "Last lines of its log " + log + ":\n" + LogTail.of(log, LOG_TAIL_LINES);
    }

    /** Keeps the log file when MM2 stops (the rest of its directory goes): the scenario failed and its message names it. */
    public void keepLog() {
        keepLog = true;
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private void stop() {
        OwnedProcess.stop(process, Defaults.BROKER_STOP_TIMEOUT);
        watchdog.destroyForcibly();
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).filter(path -> !(keepLog && (path.equals(log) || path.equals(dir))))
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("[kafka-perf-gate] could not remove MirrorMaker 2's directory " + dir + ": " + e.getMessage());
        }
    }
}
