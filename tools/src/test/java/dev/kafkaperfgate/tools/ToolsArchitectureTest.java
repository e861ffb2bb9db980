package dev.kafkaperfgate.tools;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The library never depends on the tools: the tools may use the library, never the other way.
 * Checked here, where both are on the classpath (the library's own build cannot see the tools).
 */
@Tag("unit")
class ToolsArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.kafkaperfgate");
    }

    @Test
    void bothTheLibraryAndTheToolsAreImported() {
        assertTrue(classes.contain("dev.kafkaperfgate.PerfGate"), "the library's classes");
        assertTrue(classes.contain("dev.kafkaperfgate.tools.KafkaPerfGateTools"), "the tools' classes");
    }

    @Test
    void theLibraryDoesNotDependOnTheTools() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate..").and().resideOutsideOfPackage("dev.kafkaperfgate.tools..")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.tools..")
                .check(classes);
    }

    @Test
    void theToolsHaveNoCycles() {
        slices().matching("dev.kafkaperfgate.tools.(*)..").should().beFreeOfCycles().check(classes);
    }
}
