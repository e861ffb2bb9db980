package dev.kafkaperfgate.internal.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import dev.kafkaperfgate.GateResult;
import dev.kafkaperfgate.internal.baseline.Fingerprint;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.verdict.Drift;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.PairedT;
import dev.kafkaperfgate.internal.verdict.RunToRunInterval;
import dev.kafkaperfgate.internal.verdict.ScenarioVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every outcome's summary.json, written by {@link RunSummary} as a run writes it, against the
 * schema in the library ({@code dev/kafkaperfgate/summary.schema.json}); and each left in
 * {@code target/surfaces/} with what the typed result says (exit code, status, console line,
 * title), for the cross-surface test ({@code scripts/test/surfaces.test.mjs}): gate.sh's exit,
 * check-summary.sh's outputs and the comment, each compared with Java's word.
 */
@Tag("unit")
class SummarySurfacesTest {

    private static final Path OUT = Path.of("target/surfaces");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Fingerprint FINGERPRINT = new Fingerprint("cpu", 2, "Linux amd64", "6.1", "jvm 17", "process", "4.3.1", "");

    @Test
    void everyOutcomesSummaryMatchesTheSchemaAndIsLeftForTheCrossSurfaceTest() throws IOException {
        // Nothing of an earlier build's may speak for this one: the cross-surface test reads what is here.
        if (Files.exists(OUT)) {
            try (var files = Files.walk(OUT)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
        Files.createDirectories(OUT);
        Map<GateResult.Outcome, Path> written = new EnumMap<>(GateResult.Outcome.class);
        for (GateResult.Outcome outcome : GateResult.Outcome.values()) {
            Path folder = Files.createDirectories(OUT.resolve(outcome.status()));
            GateResult result = run(outcome, folder);
            assertEquals(outcome, result.outcome(), "the fixture reaches " + outcome);
            JsonNode summary = JSON.readTree(folder.resolve("summary.json").toFile());
            List<Error> errors = SummarySchema.problems(summary);
            assertTrue(errors.isEmpty(), outcome + ": " + errors);
            ObjectNode expected = JSON.createObjectNode();
            expected.put("outcome", outcome.name());
            expected.put("exitCode", result.exitCode());
            expected.put("status", outcome.status());
            expected.put("console", "gate: " + outcome.consoleWord() + ": " + result.headline());
            expected.put("title", summary.at("/decision/title").asText());
            expected.put("headline", result.headline());
            JSON.writerWithDefaultPrettyPrinter().writeValue(folder.resolve("expected.json").toFile(), expected);
            written.put(outcome, folder);
        }
        assertEquals(GateResult.Outcome.values().length, written.size());
    }

    /** The schema can fail: a summary another writer could produce is refused, field by field. */
    @Test
    void theSchemaRefusesASummaryThatDisagreesWithItself() throws IOException {
        Path folder = Files.createTempDirectory("kpg-schema");
        try {
            run(GateResult.Outcome.REGRESSION, folder);
            JsonNode good = JSON.readTree(folder.resolve("summary.json").toFile());
            SummarySchema.assertValid(good);
            Map<String, java.util.function.Consumer<ObjectNode>> tampered = Map.of(
                    "an exit code the gate never gives", root -> ((ObjectNode) root.get("decision")).put("exitCode", 3),
                    "a status of its own", root -> ((ObjectNode) root.get("decision")).put("status", "passed"),
                    "an exit code as text", root -> ((ObjectNode) root.get("decision")).put("exitCode", "1"),
                    "a metric without the attention field", root -> ((ObjectNode) root.at("/scenarios/0/metrics/0")).remove("attention"),
                    "an unknown verdict", root -> ((ObjectNode) root.at("/scenarios/0/metrics/0")).put("verdict", "FINE"),
                    "a field the gate never writes", root -> root.put("verdictOverride", "PASS"),
                    "no reproduce command", root -> root.remove("reproduce"));
            tampered.forEach((what, change) -> {
                ObjectNode copy = good.deepCopy();
                change.accept(copy);
                assertFalse(SummarySchema.problems(copy).isEmpty(), what + " passed the schema");
            });
        } finally {
            try (var files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** A run that ends in {@code outcome}: one or two scenarios, with an environment, as a stored run writes them. */
    private static GateResult run(GateResult.Outcome outcome, Path folder) {
        GateSettings settings = outcome == GateResult.Outcome.ACCEPTED
                ? GateSettings.of(Map.of(GateProperties.ACCEPTED_BY, "maint-1", GateProperties.ACCEPTED_AT, "2026-11-28T09:00:00Z",
                GateProperties.RUN_COMMIT, "b".repeat(40), GateProperties.ACCEPTED_HEAD, "b".repeat(40),
                GateProperties.ACCEPT_AUTHOR, "contributor-2", GateProperties.ACCEPT_SHOWN, "b".repeat(40)))
                : GateSettings.of(Map.of(GateProperties.RUN_COMMIT, "b".repeat(40)));
        RunSummary summary = new RunSummary(folder, "pr", 2, RunSummary.Provenance.of(settings));
        summary.environment("linux-amd64-2c", "amd-epyc", FINGERPRINT, new Ruler(10, 100), Drift.between(new Ruler(10, 100), List.of(), 0.5),
                GatePolicy.forSuite(2, GateSettings.of(Map.of())), InjectedCost.NONE);
        summary.judged("orders-publish", "produce", RunSummary.Outcome.PASSED, folder.resolve("orders-publish.json"), null,
                verdict(Metric.THROUGHPUT, Verdict.OK), null, null, null);
        switch (outcome) {
            case PASS -> summary.judged("orders-end-to-end", "end-to-end", RunSummary.Outcome.PASSED, folder.resolve("e2e.json"), null,
                    verdict(Metric.CPU_PER_RECORD, Verdict.REGRESSION), folder.resolve("e2e.confirmation.json"),
                    verdict(Metric.CPU_PER_RECORD, Verdict.OK), "the regression flagged by the first run was not confirmed by the re-run");
            case REGRESSION, ACCEPTED -> summary.judged("orders-end-to-end", "end-to-end", RunSummary.Outcome.REGRESSION,
                    folder.resolve("e2e.json"), null, verdict(Metric.CPU_PER_RECORD, Verdict.REGRESSION), folder.resolve("e2e.confirmation.json"),
                    verdict(Metric.CPU_PER_RECORD, Verdict.REGRESSION), null);
            case INCOMPLETE -> summary.failed("orders-end-to-end", "end-to-end", RunSummary.Outcome.ERROR,
                    new IllegalStateException("the broker <b>went away</b> @team"));
            case NOT_JUDGED -> {
                summary = new RunSummary(folder, "pr", 1, RunSummary.Provenance.of(settings));
                summary.environment("linux-amd64-2c", "amd-epyc", FINGERPRINT, new Ruler(10, 100),
                        Drift.between(new Ruler(10, 100), List.of(), 0.5), GatePolicy.forSuite(1, GateSettings.of(Map.of())), InjectedCost.NONE);
                summary.judged("orders-publish", "produce", RunSummary.Outcome.PASSED, folder.resolve("orders-publish.json"), null,
                        verdict(Metric.THROUGHPUT, Verdict.NEW), null, null, null);
            }
        }
        summary.finish();
        return summary.result();
    }

    /** One metric's verdict, 100 → 120, with a comparison as a paired run makes it (interval, MDE, samples). */
    private static ScenarioVerdict verdict(Metric metric, Verdict verdict) {
        RunToRunInterval.Comparison comparison = verdict == Verdict.NEW ? null
                : new RunToRunInterval.Comparison(100, 120, 1.2, 1.1, 1.3, Math.log(1.05), 0.02, 6, PairedT.SAMPLES);
        return new ScenarioVerdict("s", List.of(new MetricVerdict(metric, verdict, 100, 120, 10, comparison, "")), List.of());
    }
}
