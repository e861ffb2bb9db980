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
 * The tools live under the library's rules too (issue 73), checked over the tools' classes: no
 * class over 400 lines; no setting named by a literal {@code "perf.…"} key, nor read from the
 * system properties or a key parser (the library's {@code GateProperties} names each once); a
 * policy made only as a gate run makes it ({@code RunFrame.policy}); every decision through
 * {@code RunDecisions}, never a judge, a {@code Referee} or the engine called directly.
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

    /** The library's settingsAreReadInOnePlace, over the tools: no system property, no key parser of GateProperties. */
    @Test
    void theToolsReadNoSettingOfTheirOwn() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.tools..")
                .should().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "getProperty", String.class, String.class)
                .orShould().callMethod(System.class, "getProperties")
                .orShould().callCodeUnitWhere(com.tngtech.archunit.base.DescribedPredicate.describe("the target is a key parser of GateProperties",
                        (com.tngtech.archunit.core.domain.JavaCall<?> call) ->
                                call.getTargetOwner().getName().equals("dev.kafkaperfgate.internal.settings.GateProperties")))
                .check(classes);
    }

    /**
     * The library's oneSessionChoosesTheModeAndOneFrameSetsUpEveryRun and onlyTheEngineCallsTheJudges,
     * over the tools: a power run judges at the policy a gate run of its size would
     * ({@code RunFrame.policy}), and decides through {@code RunDecisions} as the gate does.
     */
    @Test
    void theToolsDecideAsTheGateDoes() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.tools..")
                .should().callMethod(dev.kafkaperfgate.internal.verdict.GatePolicy.class, "forSuite", int.class,
                        dev.kafkaperfgate.internal.settings.GateSettings.class)
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.engine.Referee")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.engine.ScenarioEngine")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.verdict.PairedJudge")
                .orShould().callCodeUnitWhere(com.tngtech.archunit.base.DescribedPredicate.describe("the target is a judge's judge() or constructor",
                        (com.tngtech.archunit.core.domain.JavaCall<?> call) ->
                                call.getTargetOwner().getName().equals("dev.kafkaperfgate.internal.verdict.Judge")
                                        && (call.getName().equals("judge") || call.getName().equals("<init>"))))
                .check(classes);
    }

    /** The tools' sources, from the module's folder (Maven runs the tests there). */
    private static final java.nio.file.Path SOURCES = java.nio.file.Path.of("src/main/java");

    @Test
    void noToolClassIsOver400Lines() throws java.io.IOException {
        java.util.List<String> tooLarge;
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(SOURCES)) {
            tooLarge = files.filter(file -> file.toString().endsWith(".java")).filter(file -> lines(file) > 400)
                    .map(file -> SOURCES.relativize(file) + ": " + lines(file) + " lines").toList();
        }
        assertTrue(java.nio.file.Files.isDirectory(SOURCES.resolve("dev/kafkaperfgate/tools")), "the tools' sources are read");
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), tooLarge, "tool classes over 400 lines");
    }

    @Test
    void noToolNamesASettingByALiteralKey() throws java.io.IOException {
        java.util.regex.Pattern literal = java.util.regex.Pattern.compile("\"perf\\.[a-z]");
        java.util.List<String> found;
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(SOURCES)) {
            found = files.filter(file -> file.toString().endsWith(".java")).flatMap(file -> {
                try {
                    return java.nio.file.Files.readAllLines(file).stream().filter(line -> literal.matcher(line).find())
                            .map(line -> SOURCES.relativize(file) + ": " + line.strip());
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
        org.junit.jupiter.api.Assertions.assertEquals(java.util.List.of(), found, "settings named by a literal key: use GateProperties");
    }

    private static long lines(java.nio.file.Path file) {
        try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(file)) {
            return lines.count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theToolsHaveNoCycles() {
        slices().matching("dev.kafkaperfgate.tools.(*)..").should().beFreeOfCycles().check(classes);
    }
}
