package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.history.Trend;
import dev.kafkaperfgate.internal.result.RunSummary.Outcome;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;

import static dev.kafkaperfgate.internal.result.ResultBlocks.JSON;

/**
 * One scenario's entry of summary.json, with every word a reader shows decided here: whether it
 * ran ({@code notRun}), whether a first flag was not confirmed ({@code notConfirmed}), and per
 * metric whether it needs attention and what became of the first measurement's flag.
 */
final class ScenarioJson {

    private ScenarioJson() {
    }

    static ObjectNode of(RunSummary.Entry entry, Trend trend) {
        ObjectNode node = JSON.createObjectNode();
        node.put("scenario", entry.scenario());
        node.put("workload", entry.workload());
        node.put("outcome", entry.outcome().key());
        // Failed and error scenarios produced no verdict: the comment lists them under "could not run".
        node.put("notRun", !entry.outcome().ran());
        // A first measurement flagged a regression the second did not repeat: the scenario passes, and says so.
        node.put("notConfirmed", entry.confirmation() != null && entry.outcome() != Outcome.REGRESSION);
        node.put("resultFile", entry.resultFile());
        node.put("message", entry.message());
        if (entry.verdict() != null) {
            node.put("verdict", entry.verdict().overall().name());
            ArrayNode changes = node.putArray("changes");
            entry.verdict().changes().forEach(changes::add);
            node.set("metrics", VerdictJson.metrics(entry.verdict()));
            // Why a metric was compared with nothing, once per reason: the comment lists these under "Mismatch".
            ArrayNode mismatches = node.putArray("mismatchReasons");
            entry.verdict().metrics().stream().filter(metric -> metric.verdict() == Verdict.MISMATCH)
                    .map(MetricVerdict::reason).distinct().forEach(mismatches::add);
        }
        if (entry.paired() != null) {
            node.set("paired", entry.paired());
        }
        if (entry.latency() != null) {
            node.set("latency", entry.latency());
        }
        if (trend != null) {
            node.set("trend", trend.toJson());
        }
        if (entry.confirmation() != null) {
            ObjectNode confirmation = node.putObject("confirmation");
            confirmation.put("resultFile", entry.confirmationFile());
            confirmation.put("verdict", entry.confirmation().overall().name());
            confirmation.set("metrics", VerdictJson.metrics(entry.confirmation(), entry.verdict()));
        }
        return node;
    }
}
