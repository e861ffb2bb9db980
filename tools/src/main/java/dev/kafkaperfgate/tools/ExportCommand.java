package dev.kafkaperfgate.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code export}: a run's figures for the dashboards teams already use, read from its
 * summary.json (every metric the run judged, the team's components included; in paired mode the
 * head's figure):
 * <ul>
 *   <li>{@code bencher}: Bencher Metric Format, {@code {"<benchmark>": {"<measure>": {"value": v}}}};</li>
 *   <li>{@code benchmark-action-smaller} and {@code benchmark-action-bigger}: github-action-benchmark's
 *   {@code customSmallerIsBetter} and {@code customBiggerIsBetter}, {@code [{"name", "unit", "value"}]},
 *   one file per direction as that action reads one tool's file at a time.</li>
 * </ul>
 * A benchmark is a scenario, or {@code scenario/role class} for a component measured alone. A run
 * that is not complete, or that carries an injected regression, is refused: its figures would
 * poison a dashboard's history.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a run's figures (from its summary.json) for a dashboard: Bencher Metric Format, or "
                + "github-action-benchmark's customSmallerIsBetter / customBiggerIsBetter.",
                "Refuses an incomplete run and a run with an injected regression."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:refused or unreadable, with one line naming the file and the cause", "2:a usage error"})
final class ExportCommand implements Callable<Integer> {

    /** The formats, as {@code --format} spells them. */
    enum Format {
        bencher, benchmark_action_smaller, benchmark_action_bigger;

        static Format of(String text) {
            return valueOf(text.replace('-', '_'));
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--results", paramLabel = "DIR", defaultValue = "perf-tests/target/perf-results",
            description = "the run's results folder, with its summary.json (default: ${DEFAULT-VALUE})")
    Path results;

    @Option(names = "--format", paramLabel = "FORMAT", required = true, converter = FormatConverter.class,
            description = "bencher, benchmark-action-smaller or benchmark-action-bigger")
    Format format;

    @Option(names = "--out", paramLabel = "FILE", description = "write here instead of standard output (an existing file is replaced)")
    Path out;

    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<Format> {
        @Override
        public Format convert(String value) {
            try {
                return Format.of(value);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value
                        + "' is not a format (bencher, benchmark-action-smaller, benchmark-action-bigger)");
            }
        }
    }

    @Override
    public Integer call() {
        Path summaryFile = results.resolve("summary.json");
        JsonNode summary;
        try {
            summary = JSON.readTree(summaryFile.toFile());
        } catch (IOException e) {
            System.err.println("export: " + summaryFile + ": cannot be read (" + e.getMessage() + "); run the gate first");
            return 1;
        }
        if (summary == null || !summary.path("scenarios").isArray()) {
            System.err.println("export: " + summaryFile + ": not a gate run's summary (no scenarios)");
            return 1;
        }
        if (!summary.path("complete").asBoolean(false)) {
            System.err.println("export: " + summaryFile + ": refused: the run is incomplete (complete: false); its figures are not a run's");
            return 1;
        }
        if (summary.path("injection").isObject()) {
            System.err.println("export: " + summaryFile + ": refused: the run carries an injected regression ("
                    + summary.path("injection").path("description").asText() + ")");
            return 1;
        }
        String text = export(summary, format).toPrettyString() + "\n";
        try {
            if (out == null) {
                System.out.print(text);
            } else {
                Files.writeString(out, text);
                System.out.println("export: " + format.name().replace('_', '-') + " → " + out);
            }
            return 0;
        } catch (IOException e) {
            System.err.println("export: " + out + ": cannot be written: " + e.getMessage());
            return 1;
        }
    }

    /** The run's figures in {@code format}. */
    static JsonNode export(JsonNode summary, Format format) {
        ObjectNode bencher = JSON.createObjectNode();
        ArrayNode action = JSON.createArrayNode();
        for (JsonNode scenario : summary.get("scenarios")) {
            for (JsonNode metric : scenario.path("metrics")) {
                JsonNode value = metric.path("current");
                Metric known = Metric.forKey(metric.path("metric").asText()).orElse(null);
                if (!value.isNumber() || known == null) {
                    continue;
                }
                String benchmark = scenario.path("scenario").asText()
                        + (metric.path("component").isTextual() ? "/" + metric.get("component").asText() : "");
                if (format == Format.bencher) {
                    ObjectNode measures = bencher.has(benchmark) ? (ObjectNode) bencher.get(benchmark) : bencher.putObject(benchmark);
                    measures.putObject(known.key()).put("value", value.asDouble());
                } else if (known.higherIsBetter() == (format == Format.benchmark_action_bigger)) {
                    action.addObject().put("name", benchmark + " " + known.key()).put("unit", known.unit()).put("value", value.asDouble());
                }
            }
        }
        return format == Format.bencher ? bencher : action;
    }
}
