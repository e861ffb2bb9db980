package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.metrics.Median;

import java.util.Map;
import java.util.Objects;

/**
 * One sweep's chart data (from {@code sweep-<group>.json}): throughput and p99 against the swept
 * value, this run beside the baseline's median run, and the best values the sweep found. The
 * page draws the value axis on a log scale when every value is a positive number spanning more
 * than a factor of ten (batch.size from 100 B to 16 MiB).
 */
final class SweepPage {

    private SweepPage() {
    }

    /** @param baselines this profile's baselines by scenario name (absent ones are simply not drawn) */
    static ObjectNode of(JsonNode sweep, Map<String, Baseline> baselines) {
        ObjectNode page = JsonNodeFactory.instance.objectNode();
        page.put("sweep", sweep.path("sweep").asText());
        page.put("parameter", sweep.path("parameter").asText());
        page.put("rateLimited", sweep.path("rateLimited").asBoolean());
        page.set("bestThroughput", sweep.path("bestThroughput"));
        page.set("bestP99", sweep.path("bestP99"));
        page.put("latency", sweep.path("rows").path(0).path("latency").asText("service time"));
        ArrayNode rows = page.putArray("rows");
        boolean numeric = true;
        for (JsonNode row : sweep.path("rows")) {
            ObjectNode out = rows.addObject();
            String value = row.path("value").asText();
            out.put("value", value);
            out.put("scenario", row.path("scenario").asText());
            out.put("throughput", row.path("medianRecordsPerSec").asDouble());
            out.put("p99Us", row.path("p99Us").asDouble());
            Baseline baseline = baselines.get(row.path("scenario").asText());
            if (baseline != null) {
                out.put("baselineThroughput", medianOf(baseline, Metric.THROUGHPUT));
                // The sweep's p99 is the gated latency, the one a baseline stores.
                out.put("baselineP99Us", medianOf(baseline, Metric.P99));
            }
            numeric &= isPositiveNumber(value);
        }
        page.put("logAxis", numeric && spansDecade(rows));
        return page;
    }

    private static double medianOf(Baseline baseline, Metric metric) {
        return Median.of(baseline.history().stream().map(run -> run.figures().metrics().get(metric))
                .filter(Objects::nonNull).mapToDouble(sample -> sample.value()).toArray());
    }

    private static boolean isPositiveNumber(String value) {
        try {
            return Double.parseDouble(value) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean spansDecade(ArrayNode rows) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (JsonNode row : rows) {
            double value = Double.parseDouble(row.path("value").asText());
            min = Math.min(min, value);
            max = Math.max(max, value);
        }
        return rows.size() > 1 && max / min > 10;
    }
}
