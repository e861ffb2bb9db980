package dev.kafkaperfgate.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.broker.BrokerInfo;
import dev.kafkaperfgate.environment.ClientJvm;
import dev.kafkaperfgate.metrics.HistogramCodec;
import dev.kafkaperfgate.workload.ProduceResult;
import dev.kafkaperfgate.workload.ProduceScenario;
import dev.kafkaperfgate.workload.TrialFigures;
import dev.kafkaperfgate.workload.WarmupSummary;
import org.HdrHistogram.Histogram;
import org.apache.kafka.common.utils.AppInfoParser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scenario's result as JSON, {@code <results dir>/<scenario>.json}. Keys come in a fixed
 * order and maps are sorted, so two files diff cleanly. Latencies are microseconds; the
 * histograms are stored whole (HdrHistogram compressed, base64) so later stages can recompute
 * any percentile. Never holds a credential: broker connection settings are not part of it.
 */
public final class ResultFile {

    /** Bumped whenever a field changes meaning or is removed. */
    public static final int SCHEMA_VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultFile() {
    }

    /** Writes atomically (temp file, then rename) and returns the file. */
    public static Path write(ProduceResult result, Path directory) {
        Path target = directory.resolve(result.scenario().name() + ".json");
        try {
            Files.createDirectories(directory);
            Path temp = Files.createTempFile(directory, ".result-", ".tmp");
            JSON.writeValue(temp.toFile(), toJson(result));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the result file " + target + ": " + e.getMessage(), e);
        }
    }

    public static ObjectNode toJson(ProduceResult result) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("workload", "produce");
        root.put("scenario", result.scenario().name());
        root.put("createdAt", Instant.now().toString());
        root.set("definition", definition(result.scenario()));
        root.put("topic", result.topic());
        root.set("broker", broker(result.broker()));
        root.set("client", client(result.client()));
        root.set("warmup", warmup(result.warmup()));
        ArrayNode trials = root.putArray("trials");
        result.trials().forEach(trial -> trials.add(trial(trial)));
        root.set("summary", summary(result));
        return root;
    }

    private static ObjectNode definition(ProduceScenario scenario) {
        ObjectNode node = JSON.createObjectNode();
        node.put("partitions", scenario.partitions());
        node.put("replicationFactor", scenario.replicationFactor());
        node.set("topicConfigs", sorted(scenario.topicConfigs()));
        if (scenario.trialDuration() == null) {
            node.put("recordsPerTrial", scenario.recordsPerTrial());
        } else {
            node.put("trialDurationMs", scenario.trialDuration().toMillis());
        }
        node.put("recordSize", scenario.recordSize());
        node.put("compressibility", scenario.compressibility());
        node.put("payloadSeed", scenario.payloadSeed());
        if (scenario.isRateLimited()) {
            node.put("recordsPerSecond", scenario.recordsPerSecond());
        } else {
            node.putNull("recordsPerSecond");
        }
        node.set("producer", sorted(scenario.producer()));
        ObjectNode warmup = node.putObject("warmup");
        warmup.put("minMs", scenario.warmup().min().toMillis());
        warmup.put("maxMs", scenario.warmup().max().toMillis());
        warmup.put("windowMs", scenario.warmup().window().toMillis());
        warmup.put("steadyWindows", scenario.warmup().steadyWindows());
        warmup.put("tolerance", scenario.warmup().tolerance());
        node.put("trials", scenario.trials());
        return node;
    }

    private static ObjectNode broker(BrokerInfo info) {
        ObjectNode node = JSON.createObjectNode();
        node.put("mode", info.mode());
        node.put("version", info.version());
        node.put("image", info.image());
        node.put("jvmFlags", info.jvmFlags());
        node.put("cpuSet", info.cpuSet());
        node.put("selectedBecause", info.reason());
        return node;
    }

    private static ObjectNode client(ClientJvm jvm) {
        ObjectNode node = JSON.createObjectNode();
        node.put("kafkaClientsVersion", AppInfoParser.getVersion());
        node.put("javaVersion", jvm.javaVersion());
        node.put("vmName", jvm.vmName());
        ArrayNode flags = node.putArray("jvmFlags");
        jvm.flags().forEach(flags::add);
        node.put("availableProcessors", jvm.availableProcessors());
        node.put("cpuSet", jvm.cpuSet());
        return node;
    }

    private static ObjectNode warmup(WarmupSummary warmup) {
        ObjectNode node = JSON.createObjectNode();
        node.put("records", warmup.records());
        node.put("durationMs", warmup.durationNanos() / 1_000_000);
        node.put("steady", warmup.steady());
        node.put("windowFigure", warmup.windowFigure());
        ArrayNode windows = node.putArray("windows");
        warmup.windows().forEach(value -> windows.add(Math.round(value * 10) / 10.0));
        return node;
    }

    private static ObjectNode trial(TrialFigures trial) {
        ObjectNode node = JSON.createObjectNode();
        node.put("trial", trial.trial());
        node.put("records", trial.records());
        node.put("bytes", trial.bytes());
        node.put("durationMs", trial.durationNanos() / 1e6);
        node.put("recordsPerSec", trial.recordsPerSecond());
        node.put("mbPerSec", trial.megabytesPerSecond());
        node.put("rateHeld", trial.rateHeld());
        node.set("serviceLatencyUs", percentiles(trial.service()));
        node.set("responseLatencyUs", trial.response() == null ? null : percentiles(trial.response()));
        node.put("serviceHistogram", HistogramCodec.encode(trial.service()));
        if (trial.response() == null) {
            node.putNull("responseHistogram");
        } else {
            node.put("responseHistogram", HistogramCodec.encode(trial.response()));
        }
        return node;
    }

    private static ObjectNode summary(ProduceResult result) {
        ObjectNode node = JSON.createObjectNode();
        node.put("medianRecordsPerSec", median(result.trials().stream().mapToDouble(TrialFigures::recordsPerSecond).toArray()));
        node.put("medianMbPerSec", median(result.trials().stream().mapToDouble(TrialFigures::megabytesPerSecond).toArray()));
        Histogram service = new Histogram(result.trials().get(0).service().getNumberOfSignificantValueDigits());
        result.trials().forEach(trial -> service.add(trial.service()));
        node.set("serviceLatencyUs", percentiles(service));
        return node;
    }

    private static ObjectNode percentiles(Histogram histogram) {
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

    private static ObjectNode sorted(Map<String, String> map) {
        ObjectNode node = JSON.createObjectNode();
        new TreeMap<>(map).forEach(node::put);
        return node;
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] copy = Arrays.copyOf(values, values.length);
        Arrays.sort(copy);
        int mid = copy.length / 2;
        return copy.length % 2 == 1 ? copy[mid] : (copy[mid - 1] + copy[mid]) / 2;
    }
}
