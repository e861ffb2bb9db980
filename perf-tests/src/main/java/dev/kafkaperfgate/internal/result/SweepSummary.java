package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.RunFigures;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.figures.ProduceResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * One sweep's scenarios side by side: the figures the gate judges, median throughput and p99 of the
 * gated latency (all trials merged; a mirror's replication throughput and lag),
 * against the swept value, the best of each marked. Under a target rate the throughput is the
 * rate, so only p99 is marked there. Printed as a table and written as
 * {@code sweep-<group>.json} next to the scenarios' result files, for the report to draw.
 *
 * <pre>{@code
 * SweepSummary summary = new SweepSummary("producer-1k-batch-size", "batch.size", true, rows);
 * System.out.println(summary.table());
 * summary.write(resultsDir);
 * }</pre>
 */
public record SweepSummary(String group, String parameter, boolean rateLimited, List<Row> rows) {

    /**
     * One swept value's figures.
     *
     * @param value            the swept value as the scenario file wrote it
     * @param scenario         the expanded scenario's name
     * @param recordsPerSecond median of the trials' throughput, records/s
     * @param p99Micros        p99 of the latency the gate judges, over all trials, microseconds
     * @param latency          which latency that is ({@link dev.kafkaperfgate.internal.figures.GatedLatency}): "mirror lag"
     */
    public record Row(String value, String scenario, double recordsPerSecond, long p99Micros, String latency) {
    }

    public SweepSummary {
        rows = List.copyOf(rows);
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a sweep summary needs at least one row");
        }
    }

    /** The row of a scenario that ran, from its result. */
    public static Row row(Scenario scenario, ProduceResult result) {
        RunFigures figures = RunFigures.of(result);
        return new Row(scenario.sweptValue(), scenario.name(), figures.metrics().get(Metric.THROUGHPUT).value(),
                Math.round(figures.metrics().get(Metric.P99).value()), figures.latency().label());
    }

    public Row bestThroughput() {
        return rows.stream().max(Comparator.comparingDouble(Row::recordsPerSecond)).orElseThrow();
    }

    public Row bestP99() {
        return rows.stream().min(Comparator.comparingLong(Row::p99Micros)).orElseThrow();
    }

    /** The table as the console shows it; "{@code <- best}" marks the best throughput and the best p99. */
    public String table() {
        int width = Math.max(parameter.length(), rows.stream().mapToInt(row -> row.value().length()).max().orElse(0));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "[kafka-perf-gate] sweep %s over %s (p99 of %s):%n",
                group, parameter, rows.get(0).latency()));
        text.append(String.format(Locale.ROOT, "  %-" + width + "s  %14s  %10s%n", parameter, "records/sec", "p99 ms"));
        for (Row row : rows) {
            List<String> marks = new ArrayList<>();
            if (!rateLimited && row == bestThroughput()) {
                marks.add("best throughput");
            }
            if (row == bestP99()) {
                marks.add("best p99");
            }
            text.append(String.format(Locale.ROOT, "  %-" + width + "s  %14.1f  %10.2f%s%n", row.value(), row.recordsPerSecond(),
                    row.p99Micros() / 1000.0, marks.isEmpty() ? "" : "  <- " + String.join(", ", marks)));
        }
        return text.toString();
    }

    /** Writes {@code sweep-<group>.json} atomically and returns it. */
    public Path write(Path directory) {
        ObjectNode root = ResultBlocks.JSON.createObjectNode();
        root.put("schemaVersion", ResultFile.SCHEMA_VERSION);
        root.put("sweep", group);
        root.put("parameter", parameter);
        ArrayNode array = root.putArray("rows");
        for (Row row : rows) {
            ObjectNode node = array.addObject();
            node.put("value", row.value());
            node.put("scenario", row.scenario());
            node.put("medianRecordsPerSec", row.recordsPerSecond());
            node.put("p99Us", row.p99Micros());
            node.put("latency", row.latency());
        }
        root.put("rateLimited", rateLimited);
        if (rateLimited) {
            root.putNull("bestThroughput");
        } else {
            root.put("bestThroughput", bestThroughput().value());
        }
        root.put("bestP99", bestP99().value());
        return ResultBlocks.write(root, directory, "sweep-" + group + ".json");
    }
}
