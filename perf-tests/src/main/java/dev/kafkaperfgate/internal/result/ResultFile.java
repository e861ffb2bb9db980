package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import dev.kafkaperfgate.internal.metrics.Histograms;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Function;

import static dev.kafkaperfgate.internal.result.ResultBlocks.JSON;
import static dev.kafkaperfgate.internal.result.ResultBlocks.percentiles;

/**
 * One scenario's result as JSON, {@code <results dir>/<scenario>.json}. Latencies are
 * microseconds; the histograms are stored whole (HdrHistogram compressed, base64) so later
 * stages can recompute any percentile. The {@code "gate"} block holds what the verdict compares
 * ({@link RunFigures}), in the form a baseline's history stores it; {@code "definitionSha256"}
 * identifies the definition a baseline must match. Never holds a credential: broker connection settings are
 * not part of it. Produce and end-to-end results are written here; consume results by
 * {@link ConsumeResultJson}.
 */
public final class ResultFile {

    /** Bumped whenever a field changes meaning or is removed. */
    public static final int SCHEMA_VERSION = 1;

    private ResultFile() {
    }

    /** Writes atomically (temp file, then rename) and returns the file. */
    public static Path write(ProduceResult result, Path directory) {
        return ResultBlocks.write(toJson(result), directory, result.scenario().name() + ".json");
    }

    /** Writes atomically (temp file, then rename) and returns the file. */
    public static Path write(ConsumeResult result, Path directory) {
        return ResultBlocks.write(toJson(result), directory, result.load().name() + ".json");
    }

    /** Writes a result's JSON as {@code directory/fileName}, atomically (temp file, then rename). */
    public static Path write(ObjectNode json, Path directory, String fileName) {
        return ResultBlocks.write(json, directory, fileName);
    }

    /** The digest a result file of {@code scenario} carries as {@code definitionSha256}, before it has run. */
    public static String definitionSha256(dev.kafkaperfgate.internal.scenario.Scenario scenario) {
        return ResultBlocks.sha256(definition(scenario));
    }

    /**
     * The digest of the whole definition, subject included (settings, config-file values, producer
     * factory, record source): what paired mode compares to skip a scenario whose clients run
     * nothing that changed. {@link #definitionSha256} digests the experiment only.
     */
    public static String subjectSha256(dev.kafkaperfgate.internal.scenario.Scenario scenario) {
        return ResultBlocks.sha256(definition(scenario).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The definition block a result file of {@code scenario} carries, before it has run. */
    public static ObjectNode definition(dev.kafkaperfgate.internal.scenario.Scenario scenario) {
        ObjectNode definition = ResultBlocks.definition(scenario.produce());
        if (scenario.workload() != WorkloadKind.PRODUCE) {
            definition.set("consumer", ResultBlocks.sorted(scenario.consumer()));
        }
        if (scenario.trogdor() != null) {
            definition.putObject("trogdor").put("agents", scenario.trogdor().agents());
        }
        return definition;
    }

    public static ObjectNode toJson(ConsumeResult result) {
        return ConsumeResultJson.toJson(result);
    }

    public static ObjectNode toJson(ProduceResult result) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.put("workload", result.workload().key());
        root.put("scenario", result.scenario().name());
        root.put("createdAt", Instant.now().toString());
        ObjectNode definition = ResultBlocks.definition(result.scenario());
        if (result.workload() == WorkloadKind.END_TO_END || result.workload() == WorkloadKind.MIRROR) {
            definition.set("consumer", ResultBlocks.sorted(result.consumer()));
        }
        root.set("definition", definition);
        root.put("definitionSha256", ResultBlocks.sha256(definition));
        root.put("topic", result.topic());
        root.set("broker", ResultBlocks.broker(result.broker()));
        root.set("client", ResultBlocks.client(result.client()));
        root.set("warmup", ResultBlocks.warmup(result.warmup()));
        ArrayNode trials = root.putArray("trials");
        result.trials().forEach(trial -> trials.add(trial(trial)));
        root.set("summary", summary(result));
        root.set("gate", RunFigures.of(result).toJson());
        return root;
    }

    /**
     * A trogdor scenario's result file: its definition says how many agents ran it (a run on one
     * machine's JVM and a run on Trogdor's agents are not compared), and its {@code trogdor}
     * block holds the coordinator and each agent's figures.
     */
    public static ObjectNode onTrogdor(ObjectNode root, int agents, ObjectNode trogdor) {
        ObjectNode definition = (ObjectNode) root.get("definition");
        definition.putObject("trogdor").put("agents", agents);
        root.put("definitionSha256", ResultBlocks.sha256(definition));
        root.set("trogdor", trogdor);
        return root;
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
        node.set("cost", ResultBlocks.cost(trial.cost()));
        node.set("serviceLatencyUs", percentiles(trial.service()));
        node.set("responseLatencyUs", trial.response() == null ? null : percentiles(trial.response()));
        if (trial.delivery() != null) {
            node.set("endToEndLatencyUs", percentiles(trial.endToEnd()));
            node.set("delivered", delivered(trial.delivery()));
        }
        node.put("serviceHistogram", HistogramCodec.encode(trial.service()));
        if (trial.response() == null) {
            node.putNull("responseHistogram");
        } else {
            node.put("responseHistogram", HistogramCodec.encode(trial.response()));
        }
        if (!trial.brokerSide().isEmpty()) {
            // What the broker counted during the trial, from its JMX: it explains, it is not judged.
            ObjectNode broker = node.putObject("brokerSide");
            new java.util.TreeMap<>(trial.brokerSide()).forEach((name, value) -> broker.put(name, Math.round(value * 100) / 100.0));
        }
        if (trial.fault() != null) {
            node.set("fault", ResultBlocks.fault(trial.fault()));
        }
        if (trial.endToEnd() != null) {
            node.put("endToEndHistogram", HistogramCodec.encode(trial.endToEnd()));
        }
        return node;
    }

    /** What the far side's reader received: for a mirror, the replication throughput. */
    private static ObjectNode delivered(Delivery delivery) {
        ObjectNode node = JSON.createObjectNode();
        node.put("records", delivery.records());
        node.put("bytes", delivery.bytes());
        node.put("spanMs", delivery.spanNanos() / 1e6);
        node.put("recordsPerSec", delivery.recordsPerSecond());
        node.put("mbPerSec", delivery.megabytesPerSecond());
        return node;
    }

    private static ObjectNode summary(ProduceResult result) {
        ObjectNode node = JSON.createObjectNode();
        node.put("medianRecordsPerSec", Median.of(result.trials().stream().mapToDouble(TrialFigures::recordsPerSecond).toArray()));
        node.put("medianMbPerSec", Median.of(result.trials().stream().mapToDouble(TrialFigures::megabytesPerSecond).toArray()));
        node.set("serviceLatencyUs", percentiles(merged(result, TrialFigures::service)));
        if (result.workload() == WorkloadKind.END_TO_END || result.workload() == WorkloadKind.MIRROR) {
            node.set("endToEndLatencyUs", percentiles(merged(result, TrialFigures::endToEnd)));
            node.put("medianDeliveredRecordsPerSec", Median.of(result.trials().stream()
                    .mapToDouble(trial -> trial.delivery().recordsPerSecond()).toArray()));
        }
        return node;
    }

    /** One histogram of every trial's, e.g. all service times. */
    static Histogram merged(ProduceResult result, Function<TrialFigures, Histogram> which) {
        return Histograms.merged(result.trials().stream().map(which).toList());
    }
}
