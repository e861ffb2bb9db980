package dev.kafkaperfgate.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.history.NightlyHistory;
import dev.kafkaperfgate.internal.history.Trend;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report of a real run (src/test/resources/runs/report-run: a PR-suite selection plus the
 * batch.size sweep, measured on this project's CI machine, with that profile's baselines). The
 * reports are written to target/report-test/, where the browser test (src/test/browser) opens
 * them in Chromium: this test checks the file, that one checks what a reader sees.
 */
class HtmlReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = Path.of("src/test/resources/runs/report-run");
    /** A real paired run of the PR suite (scripts/gate.sh --base HEAD on this project's CI machine): an A/A. */
    private static final Path PAIRED_FIXTURE = Path.of("src/test/resources/runs/paired-run/results");
    private static final Path OUT = Path.of("target/report-test");
    private static final String HOSTILE = "<img src=x onerror=alert(1)></script><script>alert(2)</script>";

    private static String html;
    private static JsonNode data;

    @BeforeAll
    static void writeReports() throws IOException {
        Path results = copy(FIXTURE.resolve("results"), OUT.resolve("results"));
        Path report = HtmlReport.write(results, FIXTURE.resolve("baselines"));
        html = Files.readString(report);
        Files.copy(report, OUT.resolve("report.html"), StandardCopyOption.REPLACE_EXISTING);
        data = dataBlock(html);

        Path hostile = copy(FIXTURE.resolve("results"), OUT.resolve("hostile"));
        ObjectNode summary = (ObjectNode) JSON.readTree(hostile.resolve("summary.json").toFile());
        ((ObjectNode) summary.path("scenarios").get(0)).put("scenario", HOSTILE);
        ((ObjectNode) summary.path("scenarios").get(0)).putArray("changes").add(HOSTILE);
        ((ObjectNode) summary.path("fingerprint")).put("jvm", HOSTILE);
        JSON.writeValue(hostile.resolve("summary.json").toFile(), summary);
        Files.copy(HtmlReport.write(hostile, FIXTURE.resolve("baselines")), OUT.resolve("report-hostile.html"),
                StandardCopyOption.REPLACE_EXISTING);

        // A nightly's run: its first scenario carries a trend across 30 nights with a step 3 nights back (RunSummary writes it so).
        Path nightly = copy(FIXTURE.resolve("results"), OUT.resolve("nightly"));
        ObjectNode nightlySummary = (ObjectNode) JSON.readTree(nightly.resolve("summary.json").toFile());
        List<NightlyHistory.Night> nights = new java.util.ArrayList<>();
        for (int i = 0; i < 29; i++) {
            nights.add(new NightlyHistory.Night("c" + i, "2026-10-" + String.format("%02d", 1 + i) + "T03:17:00Z", "r" + i, "sha",
                    Map.of(Metric.THROUGHPUT, 20_000.0 + (i % 3) * 150, Metric.P99, 4_000.0 + (i % 2) * 200,
                            Metric.ALLOC_PER_RECORD, (i < 27 ? 1_250.0 : 1_560.0) + (i % 2) * 5)));
        }
        Trend trend = Trend.of(nights, "sha", "abc1234", Map.of(Metric.THROUGHPUT, 20_100.0, Metric.P99, 4_100.0, Metric.ALLOC_PER_RECORD, 1_562.0),
                Map.of(Metric.THROUGHPUT, 10.0, Metric.P99, 25.0, Metric.ALLOC_PER_RECORD, 10.0));
        ((ObjectNode) nightlySummary.path("scenarios").get(0)).set("trend", trend.toJson());
        JSON.writeValue(nightly.resolve("summary.json").toFile(), nightlySummary);
        Files.copy(HtmlReport.write(nightly, FIXTURE.resolve("baselines")), OUT.resolve("report-nightly.html"),
                StandardCopyOption.REPLACE_EXISTING);

        // A fault scenario's run: each trial of producer-1k-acks1-20k carries a fault block as a pause-broker trial writes it.
        Path fault = copy(FIXTURE.resolve("results"), OUT.resolve("fault"));
        ObjectNode faulted = (ObjectNode) JSON.readTree(fault.resolve("producer-1k-acks1-20k.json").toFile());
        for (JsonNode trial : faulted.path("trials")) {
            ObjectNode block = ((ObjectNode) trial).putObject("fault");
            block.put("action", "pause-broker").put("target", "leader-of-partition-0").put("brokerId", 2);
            block.putArray("isrBefore").add(2).add(3).add(1);
            block.put("stopMs", 4_000).put("stoppedMs", 6_250).put("restartMs", 14_550).put("maxAckGapMs", 8_299.4)
                    .put("maxAckGapEndMs", 14_543.1).put("acked", 20_018).put("refused", 0).put("lost", 0).put("duplicates", 0);
            ObjectNode shrink = block.putArray("isrChanges").addObject().put("atMs", 15_300).put("partition", 0);
            shrink.putArray("isr").add(3).add(1);
            ObjectNode expand = ((com.fasterxml.jackson.databind.node.ArrayNode) block.get("isrChanges")).addObject()
                    .put("atMs", 21_100).put("partition", 0);
            expand.putArray("isr").add(1).add(2).add(3);
            ObjectNode timeline = block.putObject("timeline").put("bucketMs", 100);
            com.fasterxml.jackson.databind.node.ArrayNode acks = timeline.putArray("acks");
            com.fasterxml.jackson.databind.node.ArrayNode slowest = timeline.putArray("maxLatencyUs");
            for (int bucket = 0; bucket < 200; bucket++) {
                boolean frozen = bucket >= 62 && bucket < 145;
                acks.add(frozen ? 0 : 100);
                slowest.add(frozen ? 0 : 2_000);
            }
        }
        JSON.writeValue(fault.resolve("producer-1k-acks1-20k.json").toFile(), faulted);
        Files.copy(HtmlReport.write(fault, FIXTURE.resolve("baselines")), OUT.resolve("report-fault.html"),
                StandardCopyOption.REPLACE_EXISTING);

        // Paired mode judges without baselines: the folder given is one this run has nothing in.
        Path paired = copy(PAIRED_FIXTURE, OUT.resolve("paired"));
        Files.copy(HtmlReport.write(paired, FIXTURE.resolve("baselines")), OUT.resolve("report-paired.html"),
                StandardCopyOption.REPLACE_EXISTING);

        // The same run with stalls in its first scenario's windows, as PairedMeasurement writes them: one GC pause of the head's.
        Path stalled = copy(PAIRED_FIXTURE, OUT.resolve("stalls"));
        ObjectNode stalledSummary = (ObjectNode) JSON.readTree(stalled.resolve("summary.json").toFile());
        ((ObjectNode) stalledSummary.path("scenarios").get(0).path("paired").path("trials")).set("stalls", stallsOfTwoBlocks());
        JSON.writeValue(stalled.resolve("summary.json").toFile(), stalledSummary);
        Files.copy(HtmlReport.write(stalled, FIXTURE.resolve("baselines")), OUT.resolve("report-stalls.html"),
                StandardCopyOption.REPLACE_EXISTING);

        // The same run with a component decided worse and profiled (issue 59): a real profiling duel's
        // tables and collapsed stacks, and one hostile frame name in the head's.
        Path profiled = copy(PAIRED_FIXTURE, OUT.resolve("profiled"));
        ObjectNode profiledSummary = (ObjectNode) JSON.readTree(profiled.resolve("summary.json").toFile());
        ObjectNode went = (ObjectNode) JSON.readTree(PROFILE_FIXTURE.resolve("where-it-went.json").toFile());
        ((com.fasterxml.jackson.databind.node.ArrayNode) went.withArray("cpu")).addObject().put("frame", HOSTILE_FRAME)
                .put("selfBase", 0.0).put("selfHead", 0.1).put("totalBase", 0.0).put("totalHead", 0.1).put("new", true);
        ((ObjectNode) profiledSummary.path("scenarios").get(0)).with("paired").with("components")
                .putObject("value.serializer com.acme.power.OrderJsonSerializer").set("whereItWent", went);
        // And the scenario's whole client, decided worse too: the same stacks stand for its two workers' recordings.
        ((ObjectNode) profiledSummary.path("scenarios").get(0)).with("paired").set("whereItWent",
                went.deepCopy().put("per", "record").put("recording", "client/whole.jfr"));
        JSON.writeValue(profiled.resolve("summary.json").toFile(), profiledSummary);
        Path client = Files.createDirectories(profiled.resolve("client"));
        for (String side : List.of("base", "head")) {
            Files.copy(PROFILE_FIXTURE.resolve("value.serializer_com.acme.power.OrderJsonSerializer.profile." + side + ".cpu.collapsed"),
                    client.resolve("whole." + side + ".cpu.collapsed"), StandardCopyOption.REPLACE_EXISTING);
        }
        Path components = Files.createDirectories(profiled.resolve("components"));
        String stem = "value.serializer_com.acme.power.OrderJsonSerializer.profile.";
        Files.copy(PROFILE_FIXTURE.resolve(stem + "base.cpu.collapsed"), components.resolve(stem + "base.cpu.collapsed"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(components.resolve(stem + "head.cpu.collapsed"), Files.readString(PROFILE_FIXTURE.resolve(stem + "head.cpu.collapsed"))
                + "harness;" + HOSTILE_FRAME.replace(' ', '_') + " 10\n");
        Files.copy(HtmlReport.write(profiled, FIXTURE.resolve("baselines")), OUT.resolve("report-profiled.html"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** A profiling duel's output on Jackson (src/test/resources/runs/profile/README.md). */
    private static final Path PROFILE_FIXTURE = Path.of("src/test/resources/runs/profile");
    /** A frame name as a head's code can make it: class names are the head's. */
    static final String HOSTILE_FRAME = "com.evil.<img src=x onerror=alert(3)>.run";

    @Test
    void aProfiledComponentCarriesItsFlameGraphMergedFromBothSidesStacks() throws IOException {
        JsonNode scenario = dataBlock(Files.readString(OUT.resolve("report-profiled.html"))).path("scenarios").findParents("flames").get(0);
        JsonNode tree = scenario.path("flames").path("value.serializer com.acme.power.OrderJsonSerializer");
        assertEquals("all", tree.path("n").asText(), tree.toString().substring(0, 200));
        assertEquals(1.0, tree.path("b").asDouble());
        assertEquals(1.0, tree.path("h").asDouble());
        assertTrue(tree.toString().contains("com.acme.power.OrderJsonSerializer.serialize"), "the serializer's frame is drawn");
        assertTrue(tree.toString().contains("onerror"), "the hostile frame is data in the block, for the page to show as text");
        JsonNode client = scenario.path("flames").path("the whole client");
        assertEquals("all", client.path("n").asText(), "a whole client's flame graph, from client/<stem>.base|head.cpu.collapsed");
        assertTrue(client.toString().contains("com.acme.power.OrderJsonSerializer.serialize"), client.toString().substring(0, 200));
    }

    /** Two ABBA blocks whose head's second window paused 12 ms for a GC and the machine stole 10 ms from the base's first. */
    private static JsonNode stallsOfTwoBlocks() {
        List<dev.kafkaperfgate.internal.engine.PairedMeasurement.Stretch> trials = new ArrayList<>();
        List<dev.kafkaperfgate.internal.engine.Side> order = dev.kafkaperfgate.internal.engine.TrialOrder.of(2);
        int heads = 0;
        for (int i = 0; i < order.size(); i++) {
            boolean head = order.get(i) == dev.kafkaperfgate.internal.engine.Side.HEAD;
            heads += head ? 1 : 0;
            double gc = head && heads == 2 ? 12 : 0;
            double steal = i == 0 ? 10 : 0;
            trials.add(new dev.kafkaperfgate.internal.engine.PairedMeasurement.Stretch(order.get(i), i + 1,
                    Map.of(Metric.THROUGHPUT, 20_000.0), Map.of(), Map.of(),
                    Map.of("gcPauseMillis", gc, "gcCount", gc > 0 ? 1.0 : 0.0, "stealMillis", steal)));
        }
        return new dev.kafkaperfgate.internal.engine.PairedMeasurement(trials, null, null).toJson().path("stalls");
    }

    @Test
    void aFaultTrialCarriesWhenTheBrokerWasFrozenAndItsIsr() throws IOException {
        JsonNode scenarios = dataBlock(Files.readString(OUT.resolve("report-fault.html"))).path("scenarios");
        JsonNode failover = null;
        for (JsonNode scenario : scenarios) {
            if (scenario.has("failover")) {
                failover = scenario.get("failover");
            }
        }
        assertNotNull(failover, "the faulted scenario has a failover block");
        JsonNode trial = failover.get(0);
        assertEquals("pause-broker", trial.path("action").asText());
        assertEquals(6_250, trial.path("stoppedMs").asLong());
        assertEquals(2, trial.path("isrChanges").size(), trial.toString());
        assertEquals("[3,1]", trial.at("/isrChanges/0/isr").toString());
    }

    @Test
    void aPairedRunCarriesEachSidesTrialsInRunOrder() throws IOException {
        JsonNode paired = dataBlock(Files.readString(OUT.resolve("report-paired.html")));
        assertEquals("paired", paired.path("header").path("mode").path("name").asText(), paired.path("header").toString());
        int withTrials = 0;
        for (JsonNode scenario : paired.path("scenarios")) {
            JsonNode trials = scenario.path("paired").path("trials");
            if (trials.isMissingNode()) {
                continue;
            }
            withTrials++;
            String order = trials.path("order").asText();
            assertTrue(order.matches("(ABBA|BAAB)+"), scenario.path("name") + ": balanced blocks, got " + order);
            long bases = order.chars().filter(side -> side == 'A').count();
            assertEquals(bases, trials.path("base").path("throughput").size(), scenario.path("name") + ": a base value per A");
            assertEquals(order.length() - bases, trials.path("head").path("throughput").size(), scenario.path("name") + ": a head value per B");
            assertTrue(scenario.path("spectra").isMissingNode(), "no stored-mode baseline chart in a paired run");
        }
        assertTrue(withTrials >= 3, "a paired PR-suite run's scenarios carry their trials: " + withTrials);
    }

    @Test
    void aPairedRunCarriesTheStallsOfItsWindowsBesideTheP99() throws IOException {
        JsonNode stalls = dataBlock(Files.readString(OUT.resolve("report-stalls.html"))).path("scenarios").findValues("stalls").get(0);
        assertEquals(4, stalls.path("head").path("gcPauseMillis").size(), stalls.toString());
        assertEquals(12.0, stalls.path("head").path("gcPauseMillis").get(1).asDouble(), stalls.toString());
        assertEquals("GC pauses: base 0 ms in 4, head 12 ms in 1 of 4 (longest 12 ms); the machine's steal: base 10 ms in 1 of 4 "
                + "(longest 10 ms), head 0 ms in 4", stalls.path("line").asText());
    }

    @Test
    void aNightlysTrendIsDrawnOverItsNightsWithTheStepNamed() throws IOException {
        JsonNode nightly = dataBlock(Files.readString(OUT.resolve("report-nightly.html")));
        JsonNode scenario = null;
        for (JsonNode each : nightly.path("scenarios")) {
            if (each.path("trendTitle").asText().startsWith("trend over 30 nightlies")) {
                scenario = each;
            }
        }
        assertTrue(scenario != null, "the scenario with a trend block draws its nights: " + nightly.path("scenarios"));
        assertEquals(30, scenario.path("trend").size());
        assertEquals("tonight", scenario.path("trend").get(29).path("label").asText());
        assertEquals(20_100.0, scenario.path("trend").get(29).path("throughput").asDouble());
        assertTrue(scenario.path("steps").get(0).path("flagged").asBoolean(), scenario.path("steps").toString());
        assertTrue(scenario.path("steps").get(0).path("line").asText().startsWith("allocBytesPerRecord +2"), scenario.path("steps").toString());
    }

    @Test
    void isOneFileThatNeedsNoNetwork() {
        assertFalse(Pattern.compile("<(script|img|iframe)[^>]*\\ssrc=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no external script or image");
        assertFalse(html.contains("<link"), "no external stylesheet");
        assertTrue(html.contains("Chart.js v4.5.1"), "Chart.js is inlined from its WebJar");
        assertTrue(html.contains("default-src 'none'"), "a CSP forbids loading anything");
    }

    @Test
    void ordersScenariosByAttentionAndDrawsFromTheStoredHistograms() {
        List<String> order = new ArrayList<>();
        data.path("scenarios").forEach(scenario -> order.add(scenario.path("verdict").asText() + " " + scenario.path("name").asText()));
        List<String> ranks = List.of("REGRESSION", "MISMATCH", "INCONCLUSIVE", "IMPROVEMENT", "NEW", "OK");
        for (int i = 1; i < order.size(); i++) {
            int previous = ranks.indexOf(order.get(i - 1).split(" ")[0]);
            int current = ranks.indexOf(order.get(i).split(" ")[0]);
            assertTrue(previous <= current, "attention order: " + order);
        }
        JsonNode twentyK = scenario("producer-1k-acks1-20k");
        List<String> spectra = new ArrayList<>();
        twentyK.path("spectra").forEach(spectrum -> spectra.add(spectrum.path("label").asText()));
        assertEquals(List.of("this run: response time", "this run: service time", "baseline: response time (4 runs)"), spectra);
        JsonNode points = twentyK.path("spectra").get(0).path("points");
        assertEquals(0.0, points.get(0).get(0).asDouble(), "the spectrum starts at the 0th percentile");
        assertTrue(points.get(points.size() - 1).get(0).asDouble() >= 99.99, "and reaches the tail: " + points.get(points.size() - 1));
        assertEquals(4, twentyK.path("throughput").path("baselineRuns").size());
        assertEquals(5, twentyK.path("trend").size(), "4 baseline runs and this one");
        assertEquals("this run", twentyK.path("trend").get(4).path("label").asText());
        assertTrue(scenario("consumer-300b-3p").path("consume").path("fetchMbPerSec").size() == 3);
        assertTrue(scenario("end-to-end-1k-acks-all").path("spectra").get(0).path("label").asText().contains("end-to-end"));
    }

    @Test
    void drawsTheSweepOnALogAxisWithItsBestValues() {
        JsonNode sweep = data.path("sweeps").get(0);
        assertEquals("batch.size", sweep.path("parameter").asText());
        assertTrue(sweep.path("logAxis").asBoolean(), "100 B to 16 MiB is drawn on a log axis");
        assertEquals(5, sweep.path("rows").size());
        assertTrue(sweep.path("bestThroughput").isTextual());
    }

    @Test
    void hostileTextStaysInsideTheDataBlock() throws IOException {
        String hostileHtml = Files.readString(OUT.resolve("report-hostile.html"));
        assertFalse(hostileHtml.contains(HOSTILE), "the raw string never reaches the HTML");
        assertFalse(hostileHtml.contains("<script>alert"), "no script element can be opened from the data");
        assertEquals(HOSTILE, dataBlock(hostileHtml).path("header").path("fingerprint").path("jvm").asText(), "the text itself is kept");
        assertTrue(dataBlock(hostileHtml).path("scenarios").findValues("changes").stream()
                .anyMatch(changes -> changes.size() == 1 && changes.get(0).asText().equals(HOSTILE)), "a subject change travels as data too");
    }

    @Test
    void aMissingSummaryIsNamed(@TempDir Path empty) {
        UncheckedIOException error = assertThrows(UncheckedIOException.class, () -> HtmlReport.write(empty, FIXTURE.resolve("baselines")));
        assertTrue(error.getMessage().contains(empty.resolve("summary.json").toString()), error.getMessage());
    }

    private static JsonNode scenario(String name) {
        for (JsonNode scenario : data.path("scenarios")) {
            if (scenario.path("name").asText().equals(name)) {
                return scenario;
            }
        }
        throw new AssertionError("no scenario " + name + " in the report");
    }

    private static JsonNode dataBlock(String page) throws IOException {
        Matcher matcher = Pattern.compile("<script type=\"application/json\" id=\"kpg-data\">(.*?)</script>", Pattern.DOTALL).matcher(page);
        assertTrue(matcher.find(), "the page carries its data block");
        return JSON.readTree(matcher.group(1));
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return to;
    }
}
