package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.figures.ConsumeResult;
import dev.kafkaperfgate.internal.figures.ConsumeTrialFigures;
import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.util.function.ToDoubleFunction;

import static dev.kafkaperfgate.internal.result.ResultBlocks.JSON;

/**
 * A consume scenario's result file: per trial the figures kafka-consumer-perf-test prints
 * (MB/s and records/s overall and for the fetch alone, rebalance and fetch time) and the
 * poll-to-poll gaps as percentiles and as a whole histogram. The summary's
 * {@code medianRecordsPerSec} is the fetch rate: what consumer settings change, without the
 * group join's fixed cost.
 */
final class ConsumeResultJson {

    private ConsumeResultJson() {
    }

    static ObjectNode toJson(ConsumeResult result) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schemaVersion", ResultFile.SCHEMA_VERSION);
        root.put("workload", WorkloadKind.CONSUME.key());
        root.put("scenario", result.load().name());
        root.put("createdAt", Instant.now().toString());
        ObjectNode definition = ResultBlocks.definition(result.load());
        definition.set("consumer", ResultBlocks.sorted(result.consumer()));
        root.set("definition", definition);
        root.put("definitionSha256", ResultBlocks.sha256(definition));
        root.put("topic", result.topic());
        root.set("broker", ResultBlocks.broker(result.broker()));
        root.set("client", ResultBlocks.client(result.client()));
        ObjectNode preload = root.putObject("preload");
        preload.put("records", result.preloadRecords());
        preload.put("durationMs", result.preloadNanos() / 1_000_000);
        root.set("warmup", ResultBlocks.warmup(result.warmup()));
        ArrayNode trials = root.putArray("trials");
        result.trials().forEach(trial -> trials.add(trial(trial)));
        ObjectNode summary = root.putObject("summary");
        summary.put("medianRecordsPerSec", median(result, ConsumeTrialFigures::fetchRecordsPerSecond));
        summary.put("medianMbPerSec", median(result, ConsumeTrialFigures::fetchMegabytesPerSecond));
        summary.put("medianJoinMs", median(result, trial -> trial.joinNanos() / 1e6));
        Histogram gaps = new Histogram(Defaults.HISTOGRAM_DIGITS);
        result.trials().forEach(trial -> gaps.add(trial.pollGaps()));
        summary.set("pollGapUs", ResultBlocks.percentiles(gaps));
        root.set("gate", RunFigures.of(result).toJson());
        return root;
    }

    private static ObjectNode trial(ConsumeTrialFigures trial) {
        ObjectNode node = JSON.createObjectNode();
        node.put("trial", trial.trial());
        node.put("records", trial.records());
        node.put("bytes", trial.bytes());
        node.put("rebalanceTimeMs", trial.joinNanos() / 1e6);
        node.put("fetchTimeMs", trial.fetchNanos() / 1e6);
        node.set("cost", ResultBlocks.cost(trial.cost()));
        node.put("recordsPerSec", trial.recordsPerSecond());
        node.put("mbPerSec", trial.megabytesPerSecond());
        node.put("fetchRecordsPerSec", trial.fetchRecordsPerSecond());
        node.put("fetchMbPerSec", trial.fetchMegabytesPerSecond());
        node.set("pollGapUs", ResultBlocks.percentiles(trial.pollGaps()));
        node.put("pollGapHistogram", HistogramCodec.encode(trial.pollGaps()));
        return node;
    }

    private static double median(ConsumeResult result, ToDoubleFunction<ConsumeTrialFigures> figure) {
        return Median.of(result.trials().stream().mapToDouble(figure).toArray());
    }
}
