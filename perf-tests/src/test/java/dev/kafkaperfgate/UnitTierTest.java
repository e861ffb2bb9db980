package dev.kafkaperfgate;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The unit tier ({@code scripts/test.sh --unit}): a test tagged {@code unit} starts nothing (no
 * process, no broker, no fork, no git, no gate run), so the tier runs in seconds. Kept by ArchUnit
 * on the test classes: what starts something is named here, and a unit test may not reach it.
 */
@Tag("unit")
class UnitTierTest {

    /** What starts a process, a broker, a JVM or a whole run. */
    private static final DescribedPredicate<JavaClass> STARTS_SOMETHING = DescribedPredicate.describe("starts a process, a broker or a run",
            type -> type.isEquivalentTo(ProcessBuilder.class) || type.isEquivalentTo(Runtime.class)
                    || type.getPackageName().startsWith("org.testcontainers")
                    || java.util.Set.of("dev.kafkaperfgate.internal.session.GateSession", "dev.kafkaperfgate.internal.basebuild.BaseBuild",
                            "dev.kafkaperfgate.internal.basebuild.HeadAlone", "dev.kafkaperfgate.internal.basebuild.SideBuild",
                            "dev.kafkaperfgate.internal.component.ForkJvm", "dev.kafkaperfgate.internal.component.DuelFork",
                            "dev.kafkaperfgate.internal.component.ComponentStage", "dev.kafkaperfgate.internal.component.ComponentListing", "dev.kafkaperfgate.internal.broker.BrokerPool",
                            "dev.kafkaperfgate.internal.stored.ScenarioRunner").contains(type.getName())
                    || type.getSimpleName().endsWith("Broker") && type.getPackageName().startsWith("dev.kafkaperfgate.internal.broker")
                    || type.isEquivalentTo(PerfGate.class));

    @Test
    void aUnitTestStartsNothing() {
        JavaClasses tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.kafkaperfgate");
        DescribedPredicate<JavaClass> unit = DescribedPredicate.describe("tagged unit", type -> type.tryGetAnnotationOfType(Tag.class)
                .map(tag -> tag.value().equals("unit")).orElse(false));
        assertTrue(tests.stream().filter(unit).count() >= 30, "the unit tier holds the tests that start nothing");
        noClasses().that(unit).and().doNotHaveFullyQualifiedName(UnitTierTest.class.getName())
                .should().dependOnClassesThat(STARTS_SOMETHING).check(tests);
    }
}
