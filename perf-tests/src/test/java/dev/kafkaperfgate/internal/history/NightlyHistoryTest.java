package dev.kafkaperfgate.internal.history;

import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class NightlyHistoryTest {

    @TempDir
    Path dir;

    @Test
    void nightsAreAppendedAndReadBackInOrder() throws IOException {
        Path file = NightlyHistory.file(dir, "orders-publish");
        assertEquals(dir.resolve("orders-publish.history.jsonl"), file);
        assertTrue(NightlyHistory.read(file).isEmpty(), "no file: no nights yet");
        for (int i = 1; i <= 3; i++) {
            NightlyHistory.Night night = new NightlyHistory.Night("c" + i, "2026-11-0" + i + "T03:17:00Z", "run-" + i, "sha",
                    Map.of(Metric.THROUGHPUT, 2000.0 + i, Metric.CPU_PER_RECORD, 7000.0));
            Files.move(NightlyHistory.stage(NightlyHistory.appended(file, night), file), file,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        List<NightlyHistory.Night> nights = NightlyHistory.read(file);
        assertEquals(List.of("c1", "c2", "c3"), nights.stream().map(NightlyHistory.Night::commit).toList());
        assertEquals(2003.0, nights.get(2).values().get(Metric.THROUGHPUT));
        assertEquals(3, Files.readAllLines(file).size(), "one line a night");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no staged file is left behind");
        }
    }

    @Test
    void aDamagedLineIsNamedByFileAndLine() throws IOException {
        Path file = NightlyHistory.file(dir, "s");
        String good = "{\"commit\":\"c\",\"date\":\"d\",\"runId\":\"r\",\"definitionSha256\":\"x\",\"values\":{\"throughput\":1.0}}";
        Files.writeString(file, good + "\n" + good.substring(0, 40) + "\n");
        HistoryException broken = assertThrows(HistoryException.class, () -> NightlyHistory.read(file));
        assertTrue(broken.getMessage().startsWith(file + ":2: not a JSON object"), broken.getMessage());

        Files.writeString(file, good.replace("throughput", "thruput") + "\n");
        assertTrue(assertThrows(HistoryException.class, () -> NightlyHistory.read(file)).getMessage()
                .contains(":1: values.thruput: not a metric of the gate"));
        Files.writeString(file, good.replace("1.0", "-1.0") + "\n");
        assertTrue(assertThrows(HistoryException.class, () -> NightlyHistory.read(file)).getMessage()
                .contains("values.throughput must be a finite, positive number"));
        Files.writeString(file, good.replace("\"runId\":\"r\",", "") + "\n");
        assertTrue(assertThrows(HistoryException.class, () -> NightlyHistory.read(file)).getMessage()
                .contains("field 'runId' must be a string"));
    }

    @Test
    void aDirectoryInItsPlaceIsRefused() throws IOException {
        Path file = NightlyHistory.file(dir, "s");
        Files.createDirectory(file);
        assertTrue(assertThrows(HistoryException.class, () -> NightlyHistory.read(file)).getMessage().contains("not a regular file"));
    }
}
