package dev.kafkaperfgate.internal.baseline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.MetricSample;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.metrics.HistogramCodec;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a baseline file and refuses it whole when anything is wrong: invalid or truncated JSON,
 * another schema version, a missing or unknown field, a figure that is NaN, zero or negative, a
 * histogram that does not decode. A baseline is the reference every verdict rests on; a damaged
 * one must stop the run, never pass it.
 */
public final class BaselineReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TOP = List.of("schemaVersion", "profile", "scenario", "workload", "window",
            "definitionSha256", "definition", "fingerprint", "history");
    private static final List<String> RUN = List.of("commit", "date", "runId", "ruler", "throughput", "p99Us", "latencyHistogram",
            "latency", "cpuNsPerRecord", "allocBytesPerRecord", "wireBytesPerRecord", "recordsPerRequest", "maxAckGapMs",
            "brokerCpuNsPerRecord", "brokerProduceTimeMs");
    /**
     * Per-record costs came later than the first baselines: a run without them is still valid.
     * The failover gap exists only for fault scenarios, the broker's figures only where its JMX was read.
     */
    private static final List<Metric> OPTIONAL = List.of(Metric.CPU_PER_RECORD, Metric.ALLOC_PER_RECORD,
            Metric.WIRE_BYTES_PER_RECORD, Metric.RECORDS_PER_REQUEST, Metric.FAILOVER, Metric.BROKER_CPU_PER_RECORD,
            Metric.BROKER_PRODUCE_TIME);
    private static final List<String> SAMPLE = List.of("value", "trials");
    private static final List<String> RULER = List.of("cpuNsPerOp", "roundTripUs");
    private static final List<String> FINGERPRINT = List.of("cpuModel", "cores", "os", "kernel", "jvm",
            "brokerMode", "brokerVersion", "brokerImage");
    /**
     * kafka-clients was part of the environment in the first baselines; it is the subject now
     * (see {@link dev.kafkaperfgate.internal.verdict.DefinitionParts}), so it is accepted and ignored there.
     */
    private static final String LEGACY_FINGERPRINT_KEY = "kafkaClients";

    private BaselineReader() {
    }

    /**
     * @param expectedProfile  the profile folder it was found in
     * @param expectedScenario the scenario its file name says it holds
     * @throws BaselineException naming the file and every field that is wrong
     */
    public static Baseline read(Path file, String expectedProfile, String expectedScenario) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new BaselineException(List.of(file + ": not valid JSON (truncated or hand-edited?): "
                    + e.getOriginalMessage() + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()));
        } catch (IOException e) {
            throw new BaselineException(List.of(file + ": cannot be read: " + e));
        }
        if (root == null || !root.isObject()) {
            throw new BaselineException(List.of(file + ": must hold a JSON object, got " + (root == null ? "nothing" : root.getNodeType())));
        }
        JsonNode version = root.get("schemaVersion");
        if (version == null || !version.isInt() || version.asInt() != Baseline.SCHEMA_VERSION) {
            throw new BaselineException(List.of(file + ": schemaVersion: " + (version == null ? "missing" : "unknown version " + version)
                    + "; this gate reads version " + Baseline.SCHEMA_VERSION));
        }
        JsonFields fields = new JsonFields(file.toString());
        fields.onlyKeys(root, "", TOP);
        String profile = fields.text(root, "profile", "profile");
        if (profile != null && !profile.equals(expectedProfile)) {
            fields.problem("profile", "'" + profile + "' but the file is in the folder of profile '" + expectedProfile + "'");
        }
        String scenario = fields.text(root, "scenario", "scenario");
        if (scenario != null && !scenario.equals(expectedScenario)) {
            fields.problem("scenario", "'" + scenario + "' but the file is named for '" + expectedScenario + "'");
        }
        String workload = fields.text(root, "workload", "workload");
        int window = fields.integer(root, "window", "window", 1);
        String sha = fields.text(root, "definitionSha256", "definitionSha256");
        if (sha != null && !sha.matches("[0-9a-f]{64}")) {
            fields.problem("definitionSha256", "must be 64 lower-case hex digits, got '" + sha + "'");
        }
        JsonNode definition = fields.object(root, "definition", "definition");
        Fingerprint fingerprint = fingerprint(fields, root);
        List<BaselineRun> history = new ArrayList<>();
        JsonNode runs = fields.array(root, "history", "history");
        if (runs != null) {
            if (runs.isEmpty()) {
                fields.problem("history", "is empty: a baseline holds at least one run");
            }
            if (window > 0 && runs.size() > window) {
                fields.problem("history", runs.size() + " runs, more than the window of " + window);
            }
            boolean withLatency = !"consume".equals(workload);
            for (int i = 0; i < runs.size(); i++) {
                BaselineRun run = run(fields, runs.get(i), "history[" + i + "]", withLatency);
                if (run != null) {
                    history.add(run);
                }
            }
        }
        if (!fields.problems().isEmpty()) {
            throw new BaselineException(fields.problems());
        }
        return new Baseline(file, version.asInt(), profile, scenario, workload, window, sha, definition, fingerprint, history);
    }

    /**
     * A fingerprint block as summary.json and baselines record it.
     *
     * @param source names the file in problems, e.g. {@code results/summary.json}
     * @throws BaselineException naming each wrong field
     */
    public static Fingerprint fingerprint(JsonNode parent, String source) {
        JsonFields fields = new JsonFields(source);
        Fingerprint fingerprint = fingerprint(fields, parent);
        if (!fields.problems().isEmpty()) {
            throw new BaselineException(fields.problems());
        }
        return fingerprint;
    }

    private static Fingerprint fingerprint(JsonFields fields, JsonNode root) {
        JsonNode node = fields.object(root, "fingerprint", "fingerprint");
        if (node == null) {
            return null;
        }
        List<String> allowed = new ArrayList<>(FINGERPRINT);
        allowed.add(LEGACY_FINGERPRINT_KEY);
        fields.onlyKeys(node, "fingerprint", allowed);
        List<String> values = new ArrayList<>();
        for (String key : FINGERPRINT) {
            if (key.equals("cores")) {
                values.add(Integer.toString(fields.integer(node, key, "fingerprint.cores", 1)));
            } else {
                values.add(fields.text(node, key, "fingerprint." + key));
            }
        }
        return new Fingerprint(values.get(0), Integer.parseInt(values.get(1)), values.get(2), values.get(3), values.get(4),
                values.get(5), values.get(6), values.get(7));
    }

    private static BaselineRun run(JsonFields fields, JsonNode node, String path, boolean withLatency) {
        if (!node.isObject()) {
            fields.problem(path, "must be an object, got " + node.getNodeType());
            return null;
        }
        int before = fields.problems().size();
        fields.onlyKeys(node, path, RUN);
        String commit = fields.text(node, "commit", path + ".commit");
        String date = fields.text(node, "date", path + ".date");
        String runId = fields.text(node, "runId", path + ".runId");
        Ruler ruler = null;
        JsonNode rulerNode = fields.object(node, "ruler", path + ".ruler");
        if (rulerNode != null) {
            fields.onlyKeys(rulerNode, path + ".ruler", RULER);
            ruler = new Ruler(fields.positive(rulerNode, "cpuNsPerOp", path + ".ruler.cpuNsPerOp"),
                    fields.positive(rulerNode, "roundTripUs", path + ".ruler.roundTripUs"));
        }
        Map<Metric, MetricSample> metrics = new EnumMap<>(Metric.class);
        metrics.put(Metric.THROUGHPUT, sample(fields, node, Metric.THROUGHPUT, path));
        Histogram histogram = null;
        if (withLatency) {
            metrics.put(Metric.P99, sample(fields, node, Metric.P99, path));
            String encoded = fields.text(node, "latencyHistogram", path + ".latencyHistogram");
            if (encoded != null) {
                try {
                    histogram = HistogramCodec.decode(encoded);
                } catch (IllegalArgumentException e) {
                    fields.problem(path + ".latencyHistogram", e.getMessage());
                }
            }
        } else if (node.has("p99Us") || node.has("latencyHistogram")) {
            fields.problem(path, "a consume baseline has no p99Us or latencyHistogram");
        }
        for (Metric metric : OPTIONAL) {
            if (node.has(metric.key())) {
                metrics.put(metric, sample(fields, node, metric, path));
            }
        }
        if (fields.problems().size() > before) {
            return null;
        }
        return new BaselineRun(commit, date, runId, ruler, new RunFigures(metrics, histogram));
    }

    private static MetricSample sample(JsonFields fields, JsonNode run, Metric metric, String runPath) {
        String path = runPath + "." + metric.key();
        JsonNode node = fields.object(run, metric.key(), path);
        if (node == null) {
            return null;
        }
        fields.onlyKeys(node, path, SAMPLE);
        double value = fields.positive(node, "value", path + ".value");
        JsonNode trials = fields.array(node, "trials", path + ".trials");
        if (trials == null) {
            return null;
        }
        if (trials.isEmpty()) {
            fields.problem(path + ".trials", "is empty");
        }
        double[] values = new double[trials.size()];
        for (int i = 0; i < trials.size(); i++) {
            values[i] = fields.positive(trials.get(i), path + ".trials[" + i + "]");
        }
        return new MetricSample(value, values);
    }
}
