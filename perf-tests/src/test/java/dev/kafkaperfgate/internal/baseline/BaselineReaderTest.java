package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The version-1 baseline fixture (written by scripts/refresh-baselines.sh from a real run on
 * this machine) is read whole, and every kind of damage to it is refused with the file and the
 * field named. When the schema changes, add a v2 fixture next to it rather than editing this one.
 */
class BaselineReaderTest {

    private static final String PROFILE = "linux-amd64-2c";
    private static final String SCENARIO = "producer-1k-acks1-20k";
    private static final Path FIXTURE = Path.of("src/test/resources/baselines/v1", PROFILE, SCENARIO + ".json");

    @TempDir
    Path dir;

    @Test
    void readsTheVersionOneFixture() {
        Baseline baseline = BaselineReader.read(FIXTURE, PROFILE, SCENARIO);
        assertEquals(3, baseline.history().size());
        assertEquals("produce", baseline.workload());
        assertEquals("process", baseline.fingerprint().brokerMode(), "v1's kafkaClients fingerprint field is read and ignored");
        assertEquals("16384", baseline.definition().at("/producer/batch.size").asText());
        BaselineRun run = baseline.history().get(0);
        assertEquals(19996.6, run.figures().metrics().get(dev.kafkaperfgate.internal.figures.Metric.THROUGHPUT).value(), 1e-9);
        assertEquals(run.figures().metrics().get(dev.kafkaperfgate.internal.figures.Metric.P99).value(),
                run.figures().latencyHistogram().getValueAtPercentile(99), "the p99 can be recomputed from the stored histogram");
        assertTrue(run.ruler().cpuNsPerOp() > 0);
    }

    @Test
    void truncatedJsonNamesTheFile() throws IOException {
        String text = fixture();
        String problem = refused(text.substring(0, text.length() / 2));
        assertTrue(problem.startsWith(file() + ": not valid JSON (truncated or hand-edited?): Unexpected end-of-input"), problem);
    }

    @Test
    void anUnknownSchemaVersionIsRefused() throws IOException {
        assertEquals(file() + ": schemaVersion: unknown version 2; this gate reads version 1",
                refused(fixture().replace("\"schemaVersion\": 1", "\"schemaVersion\": 2")));
    }

    @Test
    void nanIsNotJson() throws IOException {
        String problem = refused(fixture().replaceFirst("\"value\":19996.6", "\"value\":NaN"));
        assertTrue(problem.contains("not valid JSON") && problem.contains("NaN"), problem);
    }

    @Test
    void negativeAndZeroFiguresNameTheirField() throws IOException {
        String problem = refused(fixture().replaceFirst("\"value\":19996.6", "\"value\":-5").replaceFirst("\"roundTripUs\":796", "\"roundTripUs\":0"));
        assertTrue(problem.contains(file() + ": history[0].throughput.value: -5 is negative"), problem);
        assertTrue(problem.contains(file() + ": history[0].ruler.roundTripUs: is zero"), problem);
    }

    @Test
    void aHistogramThatDoesNotDecodeIsRefused() throws IOException {
        String problem = refused(fixture().replaceFirst("\"latencyHistogram\":\"HISTF", "\"latencyHistogram\":\"AAAA"));
        assertTrue(problem.startsWith(file() + ": history[0].latencyHistogram: not an HdrHistogram compressed encoding"), problem);
    }

    @Test
    void unknownAndMissingFieldsAndAWrongFolderAreAllListed() throws IOException {
        String problem = refused(fixture().replaceFirst("\\{\"commit\":\"0123abc\",", "{\"colour\":\"red\",")
                .replace("\"profile\": \"" + PROFILE + "\"", "\"profile\": \"gha-ubuntu-latest\""));
        assertTrue(problem.startsWith("3 baseline problems:"), problem);
        assertTrue(problem.contains(file() + ": profile: 'gha-ubuntu-latest' but the file is in the folder of profile '" + PROFILE + "'"), problem);
        assertTrue(problem.contains(file() + ": history[0].colour: unknown field; allowed here: commit, date, runId, ruler, throughput, "
                + "p99Us, latencyHistogram, latency, cpuNsPerRecord, allocBytesPerRecord, wireBytesPerRecord, recordsPerRequest, maxAckGapMs"), problem);
        assertTrue(problem.contains(file() + ": history[0].commit: missing"), problem);
    }

    @Test
    void theStoreReportsEveryDamagedFileAtOnceAndTreatsAbsentOnesAsNew() throws IOException {
        Path classDir = Files.createDirectories(dir.resolve("baselines").resolve(PROFILE).resolve("amd-epyc"));
        Files.writeString(classDir.resolve("a.json"), "{");
        Files.writeString(classDir.resolve("b.json"), "[]");
        BaselineException e = assertThrows(BaselineException.class,
                () -> BaselineStore.load(dir.resolve("baselines"), PROFILE, "amd-epyc", List.of("a", "b", "c")));
        assertEquals(2, e.problems().size(), e.getMessage());
        BaselineStore store = BaselineStore.load(dir.resolve("baselines"), PROFILE, "amd-epyc", List.of("c"));
        assertTrue(store.get("c").isEmpty());
    }

    @Test
    void aBaselinePathThatIsNotARegularFileIsAnErrorNotANewScenario() throws IOException {
        Path classDir = Files.createDirectories(dir.resolve("baselines").resolve(PROFILE).resolve("amd-epyc"));
        Files.createSymbolicLink(classDir.resolve("dangling.json"), dir.resolve("nowhere.json"));
        Files.createSymbolicLink(classDir.resolve("to-dir.json"), Files.createDirectories(dir.resolve("somewhere")));
        Files.createDirectories(classDir.resolve("dir.json"));
        BaselineException e = assertThrows(BaselineException.class,
                () -> BaselineStore.load(dir.resolve("baselines"), PROFILE, "amd-epyc", List.of("dangling", "to-dir", "dir")));
        assertEquals(3, e.problems().size(), e.getMessage());
        assertTrue(e.problems().get(0).contains("dangling.json: exists but is not a regular file (a symbolic link to "), e.getMessage());
        assertTrue(e.problems().get(0).contains("which does not exist"), e.getMessage());
        assertTrue(e.problems().get(2).contains("dir.json: exists but is not a regular file (a directory"), e.getMessage());
    }

    @Test
    void eachMachineClassHasAHistoryOfItsOwn() throws IOException {
        Path profileDir = dir.resolve("baselines").resolve(PROFILE);
        Files.createDirectories(profileDir.resolve("intel-xeon-processor-2-00ghz"));
        Files.copy(FIXTURE, profileDir.resolve("intel-xeon-processor-2-00ghz").resolve(SCENARIO + ".json"));
        assertEquals("intel-xeon-processor-2-00ghz", MachineClass.of("Intel(R) Xeon(R) Processor @ 2.00GHz"));
        assertEquals("amd-epyc-7763-64-core-processor", MachineClass.of("AMD EPYC 7763 64-Core Processor"));

        BaselineStore xeon = BaselineStore.load(dir.resolve("baselines"), PROFILE, "intel-xeon-processor-2-00ghz", List.of(SCENARIO));
        assertTrue(xeon.get(SCENARIO).isPresent());
        BaselineStore epyc = BaselineStore.load(dir.resolve("baselines"), PROFILE, "amd-epyc", List.of(SCENARIO));
        assertTrue(epyc.get(SCENARIO).isEmpty(), "another class starts a history of its own, not a MISMATCH");
        assertEquals(List.of("intel-xeon-processor-2-00ghz"), epyc.otherClasses());
    }

    @Test
    void aBaselineFileOutsideAnyClassIsRefusedWithWhereItBelongs() throws IOException {
        Path profileDir = Files.createDirectories(dir.resolve("baselines").resolve(PROFILE));
        Files.copy(FIXTURE, profileDir.resolve(SCENARIO + ".json"));
        BaselineException e = assertThrows(BaselineException.class,
                () -> BaselineStore.load(dir.resolve("baselines"), PROFILE, "amd-epyc", List.of(SCENARIO)));
        assertTrue(e.getMessage().contains("baselines are kept per machine class: move it into"), e.getMessage());
    }

    @Test
    void aFaultScenariosFailoverGapAndTheLatencysNameAreReadBack() throws IOException {
        // What a refresh copies from a fault scenario's result "gate" block: the baseline must accept it.
        String text = fixture().replaceFirst("\\{\"commit\":\"0123abc\",",
                "{\"commit\":\"0123abc\",\"latency\":\"response time\",\"maxAckGapMs\":{\"value\":412.0,\"trials\":[412.0,398.5,430.1]},");
        Files.createDirectories(file().getParent());
        Files.writeString(file(), text);
        Baseline baseline = BaselineReader.read(file(), PROFILE, SCENARIO);
        assertEquals(412.0, baseline.history().get(0).figures().metrics().get(Metric.FAILOVER).value());
    }

    private static String fixture() throws IOException {
        return Files.readString(FIXTURE);
    }

    private Path file() {
        return dir.resolve(PROFILE).resolve(SCENARIO + ".json");
    }

    private String refused(String text) throws IOException {
        Files.createDirectories(file().getParent());
        Files.writeString(file(), text);
        return assertThrows(BaselineException.class, () -> BaselineReader.read(file(), PROFILE, SCENARIO)).getMessage();
    }
}
