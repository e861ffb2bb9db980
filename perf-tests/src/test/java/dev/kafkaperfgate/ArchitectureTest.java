package dev.kafkaperfgate;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The library's layers, kept by the build. A team sees {@code dev.kafkaperfgate} (Defaults,
 * GateProperties), {@code spi} (what its code implements) and {@code junit} (PerfGateSuite);
 * everything under {@code internal} may change. Inside, dependencies go one way (A → B: A uses B):
 *
 * <pre>
 * scenario → spec                                  reading a scenario file needs no engine
 * workload → spec, broker, link, mirror, environment, metrics    the engine
 * link, mirror → broker, spec                      a slow link (Toxiproxy), MirrorMaker 2: processes beside the brokers
 * figures  → workload, metrics, broker             what a run measured
 * baseline → figures;  verdict → baseline, figures the judgement, never the engine
 * result → verdict;  report → result, baseline;  run → all of them
 * </pre>
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.kafkaperfgate");
    }

    @Test
    void internalPackagesHaveNoCycles() {
        slices().matching("dev.kafkaperfgate.internal.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void theSpiDependsOnNothingOfTheGates() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.spi..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal..", "dev.kafkaperfgate.junit..")
                .check(classes);
    }

    @Test
    void internalCodeDoesNotReachBackIntoThePublicAdapters() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal..")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.junit..")
                .check(classes);
    }

    @Test
    void scenarioFilesAreReadWithoutTheEngine() {
        noClasses().that().resideInAnyPackage("dev.kafkaperfgate.internal.scenario..", "dev.kafkaperfgate.internal.spec..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.workload..",
                        "dev.kafkaperfgate.internal.broker..", "dev.kafkaperfgate.internal.run..")
                .check(classes);
    }

    @Test
    void verdictsAreMadeFromFiguresNotFromTheEngine() {
        noClasses().that().resideInAnyPackage("dev.kafkaperfgate.internal.verdict..", "dev.kafkaperfgate.internal.baseline..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.workload..",
                        "dev.kafkaperfgate.internal.run..", "dev.kafkaperfgate.internal.report..")
                .check(classes);
    }
}
