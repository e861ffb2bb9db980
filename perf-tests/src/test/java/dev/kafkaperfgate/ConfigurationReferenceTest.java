package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.settings.GateProperties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** docs/configuration.md names every {@code perf.*} key the gate accepts: a key added without a line fails here. */
@Tag("unit")
class ConfigurationReferenceTest {

    @Test
    void everyKeyTheGateAcceptsIsDocumented() throws IOException {
        String reference = Files.readString(Path.of("../docs/configuration.md"));
        assertTrue(GateProperties.ALL.size() > 30, "the key list: " + GateProperties.ALL);
        List<String> undocumented = GateProperties.ALL.stream().filter(key -> !reference.contains("`" + key + "`")).toList();
        assertEquals(List.of(), undocumented, "keys the gate accepts but docs/configuration.md never names");
    }
}
