package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.environment.ClientJvm;
import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.metrics.ClientCost;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.verdict.DefinitionParts;
import dev.kafkaperfgate.internal.figures.FaultFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import org.HdrHistogram.Histogram;
import dev.kafkaperfgate.internal.kafka.KafkaClients;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parts every result file shares: the scenario's definition, broker and client, latency
 * percentiles (microseconds), sorted property maps, and the atomic write. Keys come in a fixed
 * order and maps are sorted, so two files diff cleanly.
 */
final class ResultBlocks {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultBlocks() {
    }

    /** Writes {@code json} to {@code directory/fileName} atomically (temp file, then rename) and returns the file. */
    static Path write(ObjectNode json, Path directory, String fileName) {
        Path target = directory.resolve(fileName);
        try {
            // No link in the folder's path (a pull request can commit target/perf-results as one); the rename replaces a link at the name.
            GateFiles.folder(directory);
            Path temp = Files.createTempFile(directory, ".result-", ".tmp");
            JSON.writeValue(temp.toFile(), json);
            return Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + target + ": " + e.getMessage(), e);
        }
    }

    static ObjectNode definition(ProduceScenario scenario) {
        ObjectNode node = JSON.createObjectNode();
        if (scenario.brokers() > 1) {
            // Only for clusters: a single broker's definition, and so every stored baseline's hash, stays as it was.
            node.put("brokers", scenario.brokers());
        }
        node.put("partitions", scenario.partitions());
        node.put("replicationFactor", scenario.replicationFactor());
        node.set("topicConfigs", sorted(scenario.topicConfigs()));
        if (scenario.trialDuration() == null) {
            node.put("recordsPerTrial", scenario.recordsPerTrial());
        } else {
            node.put("trialDurationMs", scenario.trialDuration().toMillis());
        }
        if (scenario.recordSource() != null) {
            ObjectNode source = node.putObject("recordSource");
            source.put("class", scenario.recordSource().className());
            source.set("config", sorted(scenario.recordSource().config()));
        } else if (scenario.payloadFile() == null) {
            node.put("recordSize", scenario.recordSize());
        } else {
            ObjectNode file = node.putObject("payloadFile");
            file.put("name", scenario.payloadFile().getFileName().toString());
            file.put("sha256", sha256(scenario.payloadFile()));
        }
        node.put("compressibility", scenario.compressibility());
        node.put("payloadSeed", scenario.payloadSeed());
        if (scenario.isRateLimited()) {
            node.put("recordsPerSecond", scenario.recordsPerSecond());
        } else {
            node.putNull("recordsPerSecond");
        }
        node.set("producer", sorted(scenario.producer()));
        if (scenario.producerFactory() != null) {
            node.put("producerFactory", scenario.producerFactory());
        }
        node.put("kafkaClients", KafkaClients.version());
        ObjectNode warmup = node.putObject("warmup");
        warmup.put("minMs", scenario.warmup().min().toMillis());
        warmup.put("maxMs", scenario.warmup().max().toMillis());
        warmup.put("windowMs", scenario.warmup().window().toMillis());
        warmup.put("steadyWindows", scenario.warmup().steadyWindows());
        warmup.put("tolerance", scenario.warmup().tolerance());
        node.put("trials", scenario.trials());
        if (scenario.fault() != null) {
            ObjectNode fault = node.putObject("fault");
            fault.put(scenario.fault().action(), scenario.fault().target());
            fault.put("atMs", scenario.fault().at().toMillis());
            if (scenario.fault().restartAfter() != null) {
                // restartAfterMs as before (stop and kill baselines keep their hash); resumeAfterMs for a pause, healAfterMs for a partition.
                fault.put(switch (scenario.fault().kind()) {
                    case PAUSE -> "resumeAfterMs";
                    case PARTITION -> "healAfterMs";
                    default -> "restartAfterMs";
                }, scenario.fault().restartAfter().toMillis());
            }
        }
        // Only when present, as for fault: every other scenario's hash stays as it was.
        if (scenario.network() != null) {
            ObjectNode network = node.putObject("network");
            network.put("rttMs", scenario.network().rtt().toMillis());
            if (scenario.network().bandwidthLimited()) {
                network.put("bandwidthBitsPerSec", scenario.network().bandwidthBitsPerSecond());
            }
        }
        if (scenario.mirror() != null) {
            ObjectNode mirror = node.putObject("mirror");
            mirror.set("producer", sorted(scenario.mirror().producer()));
            mirror.set("consumer", sorted(scenario.mirror().consumer()));
        }
        return node;
    }

    static ObjectNode warmup(WarmupSummary warmup) {
        ObjectNode node = JSON.createObjectNode();
        node.put("records", warmup.records());
        node.put("durationMs", warmup.durationNanos() / 1_000_000);
        node.put("steady", warmup.steady());
        node.put("windowFigure", warmup.windowFigure());
        ArrayNode windows = node.putArray("windows");
        warmup.windows().forEach(value -> windows.add(Math.round(value * 10) / 10.0));
        return node;
    }

    static ObjectNode broker(BrokerInfo info) {
        ObjectNode node = JSON.createObjectNode();
        node.put("mode", info.mode());
        node.put("version", info.version());
        node.put("image", info.image());
        node.put("jvmFlags", info.jvmFlags());
        node.put("cpuSet", info.cpuSet());
        node.put("selectedBecause", info.reason());
        if (info.brokers() > 1) {
            node.put("brokers", info.brokers());
        }
        if (info.link() != null) {
            ObjectNode link = node.putObject("link");
            link.put("path", info.link().path());
            link.put("rttMs", info.link().rttMs());
            link.put("measuredRttMs", Math.round(info.link().measuredRttMs() * 100) / 100.0);
            if (info.link().bandwidthBitsPerSecond() > 0) {
                link.put("bandwidthBitsPerSec", info.link().bandwidthBitsPerSecond());
                link.put("measuredBitsPerSec", Math.round(info.link().measuredBitsPerSecond()));
            }
        }
        return node;
    }

    static ObjectNode client(ClientJvm jvm) {
        ObjectNode node = JSON.createObjectNode();
        node.put("kafkaClientsVersion", KafkaClients.version());
        node.put("javaVersion", jvm.javaVersion());
        node.put("vmName", jvm.vmName());
        ArrayNode flags = node.putArray("jvmFlags");
        jvm.flags().forEach(flags::add);
        node.put("availableProcessors", jvm.availableProcessors());
        node.put("cpuSet", jvm.cpuSet());
        return node;
    }

    /** A trial's {@link ClientCost}, rounded to 0.1. */
    static ObjectNode cost(ClientCost cost) {
        ObjectNode node = JSON.createObjectNode();
        node.put("cpuNsPerRecord", Math.round(cost.cpuNsPerRecord() * 10) / 10.0);
        node.put("allocBytesPerRecord", Math.round(cost.allocBytesPerRecord() * 10) / 10.0);
        node.put("wireBytesPerRecord", Math.round(cost.wireBytesPerRecord() * 10) / 10.0);
        node.put("recordsPerRequest", Math.round(cost.recordsPerRequest() * 10) / 10.0);
        if (!cost.client().isEmpty()) {
            ObjectNode client = node.putObject("client");
            cost.client().forEach((name, value) -> client.put(name, Math.round(value * 1000) / 1000.0));
        }
        return node;
    }

    /** A fault trial's figures: the failover and the fate of the records, with the timeline per bucket. */
    static ObjectNode fault(FaultFigures fault) {
        ObjectNode node = JSON.createObjectNode();
        node.put("action", fault.action());
        node.put("target", fault.target());
        node.put("brokerId", fault.brokerId());
        ArrayNode isr = node.putArray("isrBefore");
        fault.isrBefore().forEach(isr::add);
        node.put("stopMs", fault.stopMs());
        node.put("stoppedMs", fault.stoppedMs());
        node.put("restartMs", fault.restartMs());
        node.put("maxAckGapMs", Math.round(fault.maxAckGapMs() * 10) / 10.0);
        node.put("maxAckGapEndMs", Math.round(fault.maxAckGapEndMs() * 10) / 10.0);
        node.put("acked", fault.acked());
        node.put("refused", fault.refused());
        node.put("firstRefusal", fault.firstRefusal());
        node.put("lost", fault.lost());
        node.put("duplicates", fault.duplicates());
        ArrayNode isrChanges = node.putArray("isrChanges");
        for (FaultFigures.IsrChange change : fault.isrChanges()) {
            ObjectNode entry = isrChanges.addObject();
            entry.put("atMs", change.atMs());
            entry.put("partition", change.partition());
            change.isr().forEach(entry.putArray("isr")::add);
        }
        ObjectNode timeline = node.putObject("timeline");
        timeline.put("bucketMs", fault.bucketMs());
        ArrayNode acks = timeline.putArray("acks");
        java.util.Arrays.stream(fault.acksPerBucket()).forEach(acks::add);
        ArrayNode latency = timeline.putArray("maxLatencyUs");
        java.util.Arrays.stream(fault.maxLatencyUs()).forEach(latency::add);
        return node;
    }

    static ObjectNode percentiles(Histogram histogram) {
        ObjectNode node = JSON.createObjectNode();
        node.put("count", histogram.getTotalCount());
        node.put("mean", Math.round(histogram.getMean() * 10) / 10.0);
        node.put("p50", histogram.getValueAtPercentile(50));
        node.put("p95", histogram.getValueAtPercentile(95));
        node.put("p99", histogram.getValueAtPercentile(99));
        node.put("p99.9", histogram.getValueAtPercentile(99.9));
        node.put("max", histogram.getMaxValue());
        return node;
    }

    static ObjectNode sorted(Map<String, String> map) {
        ObjectNode node = JSON.createObjectNode();
        new TreeMap<>(map).forEach(node::put);
        return node;
    }

    private static String sha256(Path file) {
        try {
            return sha256(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the payload file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * SHA-256 of a definition's experiment part ({@link DefinitionParts#experiment}) in compact JSON:
     * what a baseline must match. Its keys come in a fixed order and its maps sorted, so the same
     * experiment always hashes the same, whatever the subject (client settings, kafka-clients).
     */
    static String sha256(ObjectNode definition) {
        return sha256(DefinitionParts.experiment(definition).toString().getBytes(StandardCharsets.UTF_8));
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
