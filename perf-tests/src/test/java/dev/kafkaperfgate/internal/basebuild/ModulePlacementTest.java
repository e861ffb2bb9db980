package dev.kafkaperfgate.internal.basebuild;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The perf module's place: built from the outermost reactor that lists it, found at the same path in the base. */
@Tag("unit")
class ModulePlacementTest {

    private static final String AGGREGATOR = "<project><modules><module>%s</module></modules></project>";

    @Test
    void aModuleOfNestedAggregatorsIsBuiltFromTheOutermost(@TempDir Path top) throws Exception {
        Path module = Files.createDirectories(top.resolve("services/orders"));
        Files.writeString(module.resolve("pom.xml"), "<project/>");
        Files.writeString(top.resolve("services/pom.xml"), AGGREGATOR.formatted("orders"));
        Files.writeString(top.resolve("pom.xml"), AGGREGATOR.formatted("./services/"));
        ModulePlacement placement = ModulePlacement.of(top, module);
        assertEquals(Path.of(""), placement.reactor());
        assertEquals(Path.of("services/orders"), placement.module());
        Path base = Path.of("/work/base");
        assertEquals(base, placement.reactorIn(base));
        assertEquals(base.resolve("services/orders"), placement.moduleIn(base));
    }

    @Test
    void aFolderAboveThatDoesNotListTheModuleStopsTheSearch(@TempDir Path top) throws Exception {
        Path module = Files.createDirectories(top.resolve("tools/perf"));
        Files.writeString(module.resolve("pom.xml"), "<project/>");
        Files.writeString(top.resolve("tools/pom.xml"), AGGREGATOR.formatted("perf"));
        Files.writeString(top.resolve("pom.xml"), AGGREGATOR.formatted("service"));
        ModulePlacement placement = ModulePlacement.of(top, module);
        assertEquals(Path.of("tools"), placement.reactor());
        assertEquals(Path.of("perf"), placement.module());
        assertEquals(Path.of("tools/perf"), placement.fromTop());
    }

    @Test
    void aModuleOfItsOwnIsItsReactorAndAModuleOutsideTheRepositoryIsRefused(@TempDir Path top, @TempDir Path elsewhere)
            throws Exception {
        Files.writeString(top.resolve("pom.xml"), "<project/>");
        ModulePlacement placement = ModulePlacement.of(top, top);
        assertEquals(Path.of("/b"), placement.moduleIn(Path.of("/b")));
        assertThrows(IllegalArgumentException.class, () -> ModulePlacement.of(top, elsewhere));
    }
}
