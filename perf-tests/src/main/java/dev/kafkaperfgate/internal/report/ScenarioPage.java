package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.baseline.BaselineRun;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.MetricSample;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import dev.kafkaperfgate.internal.metrics.Histograms;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One scenario's section of the report, as data for the page's script: its verdict lines, its
 * Kafka settings, the latency percentile spectra of this run and of the baseline, throughput per
 * trial against the baseline's runs, and the trend over the nightly history (or, without one, the
 * baseline's window) with the step changes found in it. Every figure is
 * read from the files (result JSON, baseline file), never re-measured.
 */
final class ScenarioPage {

    private ScenarioPage() {
    }

    /**
     * @param entry        the scenario's entry in summary.json
     * @param result       its result file, or {@code null} when it did not run
     * @param confirmation the confirmation re-run's result file, or {@code null}
     * @param baseline     its baseline in this profile, or {@code null}
     */
    static ObjectNode of(JsonNode entry, JsonNode result, JsonNode confirmation, Baseline baseline) {
        ObjectNode page = JsonNodeFactory.instance.objectNode();
        page.put("name", entry.path("scenario").asText());
        page.put("workload", entry.path("workload").asText());
        page.put("outcome", entry.path("outcome").asText());
        page.put("verdict", entry.path("verdict").asText(null));
        page.put("message", entry.path("message").asText(null));
        page.set("changes", entry.path("changes").isArray() ? entry.get("changes") : JsonNodeFactory.instance.arrayNode());
        page.set("lines", finalLines(entry.path("metrics"), entry.path("confirmation").path("metrics")));
        if (result == null) {
            return page;
        }
        if ("paired".equals(result.path("mode").asText())) {
            // Paired mode: base and head trial by trial, in run order; there is no baseline history to draw.
            page.set("paired", entry.path("paired"));
            page.set("settings", result.path("headDefinition"));
            return page;
        }
        page.set("settings", result.path("definition"));
        String gateLatency = gateLatencyLabel(result);
        page.set("spectra", spectra(result, gateLatency, baseline));
        page.set("throughput", throughput(result, confirmation, baseline));
        JsonNode nightly = entry.path("trend");
        if (nightly.isObject()) {
            // Stored mode with a nightly history: the nights since the definition last changed, and every step found in them.
            page.set("trend", nightlyTrend(nightly));
            page.put("trendTitle", "trend over " + nightly.path("nights").asInt() + " nightlies");
            page.set("steps", nightly.path("steps"));
        } else {
            page.set("trend", trend(result, baseline));
            page.put("trendTitle", "trend over the baseline window");
        }
        if ("consume".equals(result.path("workload").asText())) {
            page.set("consume", consume(result));
        }
        if (result.path("trials").path(0).has("fault")) {
            page.set("failover", failover(result));
        }
        ObjectNode brokerTrials = brokerTrials(result);
        if (!brokerTrials.isEmpty()) {
            page.set("brokerTrials", brokerTrials);
        }
        if (result.path("trogdor").isObject()) {
            // A trogdor scenario: each agent's figures, and what the broker counted, beside the run's.
            page.set("trogdor", result.get("trogdor"));
        }
        return page;
    }

    /** The broker's side of each trial, by figure: {@code {"messages-in": [60000, 60012, ...], ...}}; empty when not read. */
    private static ObjectNode brokerTrials(JsonNode result) {
        ObjectNode figures = JsonNodeFactory.instance.objectNode();
        JsonNode trials = result.path("trials");
        for (int i = 0; i < trials.size(); i++) {
            int index = i;
            trials.get(i).path("brokerSide").fields().forEachRemaining(entry -> {
                ArrayNode values = figures.has(entry.getKey()) ? (ArrayNode) figures.get(entry.getKey()) : figures.putArray(entry.getKey());
                while (values.size() < index) {
                    values.addNull();
                }
                values.add(entry.getValue().asDouble());
            });
        }
        return figures;
    }

    /**
     * One line per metric, its final word: the confirmation's, when there was one, with the first
     * measurement's flag in words ("first measurement +5.5%: did not repeat, noise"). What decided
     * comes first: regressions, then the other verdicts that need attention, then the rest.
     */
    static ArrayNode finalLines(JsonNode first, JsonNode confirmation) {
        List<JsonNode> finals = new ArrayList<>();
        (confirmation.isArray() && !confirmation.isEmpty() ? confirmation : first).forEach(finals::add);
        List<String> ordered = new ArrayList<>();
        for (String verdict : List.of("REGRESSION", "WARNING", "INCONCLUSIVE", "MISMATCH", "NEW")) {
            finals.stream().filter(metric -> verdict.equals(metric.path("verdict").asText())).forEach(metric -> ordered.add(line(metric, first)));
        }
        finals.stream().filter(metric -> !List.of("REGRESSION", "WARNING", "INCONCLUSIVE", "MISMATCH", "NEW")
                .contains(metric.path("verdict").asText())).forEach(metric -> ordered.add(line(metric, first)));
        ArrayNode lines = JsonNodeFactory.instance.arrayNode();
        ordered.forEach(lines::add);
        return lines;
    }

    private static String line(JsonNode metric, JsonNode first) {
        if (first == metric || !first.isArray()) {
            return metric.path("line").asText();
        }
        for (JsonNode earlier : first) {
            if (earlier != metric && earlier.path("metric").asText().equals(metric.path("metric").asText())
                    && earlier.path("component").asText("").equals(metric.path("component").asText(""))
                    && "REGRESSION".equals(earlier.path("verdict").asText())) {
                boolean confirmed = "REGRESSION".equals(metric.path("verdict").asText());
                return metric.path("line").asText() + String.format(java.util.Locale.ROOT, " [first measurement %+.1f%%: %s]",
                        earlier.path("deltaPercent").asDouble(), confirmed ? "confirmed" : "did not repeat, noise");
            }
        }
        return metric.path("line").asText();
    }

    /** Which latency the gate judged, as the result file names it (GatedLatency decides); a consumer's is its poll gap. */
    private static String gateLatencyLabel(JsonNode result) {
        if (result.path("workload").asText().equals("consume")) {
            return "poll gap";
        }
        String label = result.path("gate").path("latency").asText("service time");
        return label.equals("mirror lag") ? "mirror lag (send to the source, read at the target)" : label;
    }

    private static ArrayNode spectra(JsonNode result, String gateLatency, Baseline baseline) {
        ArrayNode spectra = JsonNodeFactory.instance.arrayNode();
        addSpectrum(spectra, "this run: " + (gateLatency.startsWith("mirror") ? "mirror lag" : "end-to-end latency"),
                merged(result, "endToEndHistogram"));
        addSpectrum(spectra, "this run: response time", merged(result, "responseHistogram"));
        addSpectrum(spectra, "this run: service time", merged(result, "serviceHistogram"));
        addSpectrum(spectra, "this run: poll gap", merged(result, "pollGapHistogram"));
        if (baseline != null) {
            List<Histogram> runs = baseline.history().stream().map(run -> run.figures().latencyHistogram())
                    .filter(histogram -> histogram != null).toList();
            if (!runs.isEmpty()) {
                addSpectrum(spectra, "baseline: " + gateLatency + " (" + runs.size() + " runs)", Histograms.merged(runs));
            }
        }
        return spectra;
    }

    private static void addSpectrum(ArrayNode spectra, String label, Histogram histogram) {
        if (histogram != null && histogram.getTotalCount() > 0) {
            ObjectNode spectrum = spectra.addObject();
            spectrum.put("label", label);
            spectrum.set("points", PercentileSpectrum.of(histogram));
        }
    }

    /** The trials' histograms of one kind merged, or {@code null} when the trials have none. */
    private static Histogram merged(JsonNode result, String field) {
        List<Histogram> histograms = new ArrayList<>();
        result.path("trials").forEach(trial -> {
            if (trial.path(field).isTextual()) {
                histograms.add(HistogramCodec.decode(trial.path(field).asText()));
            }
        });
        return histograms.isEmpty() ? null : Histograms.merged(histograms);
    }

    private static ObjectNode throughput(JsonNode result, JsonNode confirmation, Baseline baseline) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("unit", "consume".equals(result.path("workload").asText()) ? "fetch records/s" : "records/s");
        node.set("trials", result.path("gate").path("throughput").path("trials"));
        if (confirmation != null) {
            node.set("confirmationTrials", confirmation.path("gate").path("throughput").path("trials"));
        }
        ArrayNode runs = node.putArray("baselineRuns");
        if (baseline != null) {
            for (BaselineRun run : baseline.history()) {
                MetricSample sample = run.figures().metrics().get(Metric.THROUGHPUT);
                if (sample != null) {
                    runs.add(sample.value());
                }
            }
        }
        return node;
    }

    /** The baseline's runs oldest first, then this run: median throughput and p99 of each. */
    private static ArrayNode trend(JsonNode result, Baseline baseline) {
        ArrayNode trend = JsonNodeFactory.instance.arrayNode();
        if (baseline != null) {
            for (BaselineRun run : baseline.history()) {
                ObjectNode point = trend.addObject();
                point.put("label", shortCommit(run.commit()) + " " + run.date().substring(0, Math.min(10, run.date().length())));
                putSample(point, "throughput", run.figures().metrics().get(Metric.THROUGHPUT));
                putSample(point, "p99Us", run.figures().metrics().get(Metric.P99));
            }
        }
        ObjectNode current = trend.addObject();
        current.put("label", "this run");
        JsonNode gate = result.path("gate");
        if (gate.path("throughput").path("value").isNumber()) {
            current.put("throughput", gate.path("throughput").path("value").asDouble());
        }
        if (gate.path("p99Us").path("value").isNumber()) {
            current.put("p99Us", gate.path("p99Us").path("value").asDouble());
        }
        return trend;
    }

    /** summary.json's trend block as the chart's points: one per night, each metric's series aligned to tonight. */
    private static ArrayNode nightlyTrend(JsonNode nightly) {
        ArrayNode trend = JsonNodeFactory.instance.arrayNode();
        JsonNode labels = nightly.path("labels");
        for (int i = 0; i < labels.size(); i++) {
            ObjectNode point = trend.addObject();
            point.put("label", labels.get(i).asText());
            for (String metric : List.of("throughput", "p99Us")) {
                JsonNode series = nightly.path("series").path(metric);
                int at = i - (labels.size() - series.size());
                if (at >= 0 && series.get(at).isNumber()) {
                    point.put(metric, series.get(at).asDouble());
                }
            }
        }
        return trend;
    }

    private static void putSample(ObjectNode point, String field, MetricSample sample) {
        if (sample != null) {
            point.put(field, sample.value());
        }
    }

    private static String shortCommit(String commit) {
        return commit == null ? "?" : commit.substring(0, Math.min(7, commit.length()));
    }

    /** Each fault trial's timeline (acks and the slowest ack per bucket) with when the broker went and came back, and its ISR. */
    private static ArrayNode failover(JsonNode result) {
        ArrayNode trials = JsonNodeFactory.instance.arrayNode();
        result.path("trials").forEach(trial -> {
            JsonNode fault = trial.path("fault");
            ObjectNode node = trials.addObject();
            node.put("trial", trial.path("trial").asInt());
            node.put("action", fault.path("action").asText());
            node.put("brokerId", fault.path("brokerId").asInt());
            node.put("stopMs", fault.path("stopMs").asLong());
            node.put("stoppedMs", fault.path("stoppedMs").asLong());
            node.put("restartMs", fault.path("restartMs").asLong());
            node.put("maxAckGapMs", fault.path("maxAckGapMs").asDouble());
            node.put("acked", fault.path("acked").asLong());
            node.put("refused", fault.path("refused").asLong());
            node.put("lost", fault.path("lost").asLong());
            node.put("duplicates", fault.path("duplicates").asLong());
            node.put("bucketMs", fault.path("timeline").path("bucketMs").asLong());
            node.set("acks", fault.path("timeline").path("acks"));
            node.set("maxLatencyUs", fault.path("timeline").path("maxLatencyUs"));
            node.set("isrBefore", fault.path("isrBefore"));
            node.set("isrChanges", fault.path("isrChanges"));
        });
        return trials;
    }

    private static ObjectNode consume(JsonNode result) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        ArrayNode fetch = node.putArray("fetchMbPerSec");
        ArrayNode join = node.putArray("rebalanceTimeMs");
        result.path("trials").forEach(trial -> {
            fetch.add(trial.path("fetchMbPerSec").asDouble());
            join.add(trial.path("rebalanceTimeMs").asDouble());
        });
        return node;
    }
}
