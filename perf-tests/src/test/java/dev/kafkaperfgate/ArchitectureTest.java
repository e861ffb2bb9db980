package dev.kafkaperfgate;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import dev.kafkaperfgate.internal.verdict.Judge;
import dev.kafkaperfgate.internal.verdict.PairedJudge;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The library's layers, kept by the build. A team sees {@code dev.kafkaperfgate} (PerfGate,
 * PerfGateOptions, GateResult), {@code spi} (what its code implements) and {@code junit}
 * (PerfGateSuite); everything under {@code internal} may change. Inside, dependencies go one way (A → B: A uses B):
 *
 * <pre>
 * scenario → spec                                  reading a scenario file needs no engine
 * workload → spec, broker, link, mirror, environment, metrics, figures    the engine; it fills figures
 *   workload.{produce, consume, endtoend, mirror} → workload.{fault, send, payload} → workload
 * link, mirror → broker, spec                      a slow link (Toxiproxy), MirrorMaker 2: processes beside the brokers
 * trogdor → trogdor.task → workload, broker, figures   load on Trogdor's agents; only the task's spec and worker touch Trogdor
 * trogdor.fault → trogdor, workload.fault         a broker paused or cut off through Trogdor's fault specs
 * figures  → metrics, broker, spec, environment    what a run measured: plain data, never the engine
 * baseline → figures;  verdict → baseline, figures the judgement, never the engine
 * engine → verdict, baseline, figures           measure, judge, confirm: once, for both modes
 * settings ← every package                      the perf.* keys, parsed once; it uses no other package
 * acceptance → settings                          a maintainer's accept label, judged
 * result → verdict, acceptance;  report → result, baseline;  frame → engine, result, report   what every mode sets up and finishes
 * stored, paired → frame, engine and all of them;  session → stored, paired, basebuild   the mode chosen once
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

    /**
     * Settings are parsed once ({@code internal.settings.GateSettings}); nothing else reads a
     * {@code perf.*} key. Key constants are inlined by javac, so the rule targets the calls: the
     * system properties are read only by the settings package and by {@code ThisJvm} (java.home,
     * os.arch: never a gate setting), and the key parsers are called only inside the settings package.
     */
    @Test
    void settingsAreReadInOnePlace() {
        noClasses().that().resideOutsideOfPackage("dev.kafkaperfgate.internal.settings..")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.environment.ThisJvm")
                .should().callMethod(System.class, "getProperty", String.class)
                .orShould().callMethod(System.class, "getProperty", String.class, String.class)
                .orShould().callMethod(System.class, "getProperties")
                .check(classes);
        noClasses().that().resideOutsideOfPackage("dev.kafkaperfgate.internal.settings..")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target is a key parser of GateProperties",
                        (JavaCall<?> call) -> call.getTargetOwner().getName().equals("dev.kafkaperfgate.internal.settings.GateProperties")))
                .check(classes);
    }

    /**
     * A run changes its settings through typed withers ({@code withResultsDir}, {@code withoutBase},
     * {@code storedInstead}...), never by a key: {@code GateSettings.with(key, value)} is the settings
     * package's own (issue 73). Tests may still set a key.
     */
    @Test
    void settingsAreChangedThroughTypedWithersOnly() {
        noClasses().that().resideOutsideOfPackage("dev.kafkaperfgate.internal.settings..")
                .should().callMethod(dev.kafkaperfgate.internal.settings.GateSettings.class, "with", String.class, String.class)
                .orShould().callMethod(dev.kafkaperfgate.internal.settings.GateSettings.class, "with", java.util.Map.class)
                .check(classes);
    }

    /** The settings package is the bottom layer: every package may read it, it reads none of theirs. */
    @Test
    void theSettingsDependOnNothingOfTheGates() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.settings..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate", "dev.kafkaperfgate.junit..", "dev.kafkaperfgate.spi..")
                .orShould().dependOnClassesThat(DescribedPredicate.describe("another internal package",
                        (com.tngtech.archunit.core.domain.JavaClass c) -> c.getPackageName().startsWith("dev.kafkaperfgate.internal.")
                                && !c.getPackageName().startsWith("dev.kafkaperfgate.internal.settings")))
                .check(classes);
    }

    /** The JUnit adapter is a client of the public API, as a team's own code is: PerfGate in, GateResult out. */
    @Test
    void theJunitAdapterUsesOnlyThePublicApi() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.junit..")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.internal..")
                .check(classes);
    }

    /** Only the library's public root and the JUnit tests may speak JUnit's language: a regression leaves internal as data. */
    @Test
    void internalCodeThrowsNoJunitErrors() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal..")
                .should().dependOnClassesThat().resideInAnyPackage("org.opentest4j..", "org.junit..")
                .check(classes);
    }

    @Test
    void internalCodeDoesNotReachBackIntoThePublicAdapters() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal..")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.junit..")
                .check(classes);
    }

    /**
     * One class decides: every stage of every scenario, in stored mode, paired mode and the power
     * tool, is decided through {@code RunDecisions}, which holds the run's fail-fast rule, whether
     * at once or as a first look confirmed later. The engine it drives is its package's own.
     */
    @Test
    void oneClassCallsDecide() {
        DescribedPredicate<JavaCodeUnit> decide = DescribedPredicate.describe("ScenarioEngine.first or conclude",
                unit -> unit.getOwner().getName().equals("dev.kafkaperfgate.internal.engine.ScenarioEngine")
                        && java.util.Set.of("first", "conclude").contains(unit.getName()));
        noClasses().that().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.engine.RunDecisions")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.engine.ScenarioEngine")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target is " + decide.getDescription(),
                        (JavaCall<?> call) -> call.getTarget().resolveMember().map(decide::test).orElse(false)))
                .check(classes);
    }

    /**
     * The base's build and the rules for a base that cannot be measured are used by the entry point
     * alone, once, whichever way the run was started (gate.sh --base or -Dperf.base.ref), and they
     * build and check; they never measure or decide.
     */
    @Test
    void theBaseBuildIsEnteredOnceAndDecidesNothing() {
        classes().that().resideInAPackage("dev.kafkaperfgate.internal.basebuild..")
                .should().onlyHaveDependentClassesThat().resideInAnyPackage("dev.kafkaperfgate", "dev.kafkaperfgate.internal.session..",
                        "dev.kafkaperfgate.internal.basebuild..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.basebuild..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.engine..",
                        "dev.kafkaperfgate.internal.verdict..", "dev.kafkaperfgate.internal.workload..", "dev.kafkaperfgate.internal.stored..")
                .check(classes);
    }

    /**
     * Issue 73: the mode is decided once, before anything is measured, in {@code ModeChoice}: it
     * alone opens paired mode, prepares stored mode and applies what stands in for a base that
     * cannot be measured (outside the modes' own packages, whose tests and helpers open themselves).
     */
    @Test
    void oneClassDecidesTheModeBeforeAnythingIsMeasured() {
        DescribedPredicate<JavaCodeUnit> opening = DescribedPredicate.describe("a mode's opening or its stand-in's settings",
                unit -> unit.getOwner().getName().equals("dev.kafkaperfgate.internal.paired.PairedMode") && unit.getName().equals("open")
                        || unit.getOwner().getName().equals("dev.kafkaperfgate.internal.stored.StoredMode") && unit.getName().equals("prepare")
                        || unit.getOwner().getName().equals("dev.kafkaperfgate.internal.basebuild.PairedRules")
                        && unit.getName().equals("storedInstead"));
        noClasses().that().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.session.ModeChoice")
                .and().resideOutsideOfPackages("dev.kafkaperfgate.internal.paired..", "dev.kafkaperfgate.internal.stored..")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target is " + opening.getDescription(),
                        (JavaCall<?> call) -> call.getTarget().resolveMember().map(opening::test).orElse(false)))
                .check(classes);
    }

    /**
     * One session: the mode is chosen in the session package alone ({@code ModeChoice}), whose
     * {@code GateSession} {@code PerfGate} alone calls; every mode opens the same frame, the one
     * place a run's summary, policy and ruler are made and its report written; the frame uses no mode.
     */
    @Test
    void oneSessionChoosesTheModeAndOneFrameSetsUpEveryRun() {
        classes().that().haveFullyQualifiedName("dev.kafkaperfgate.internal.stored.StoredMode")
                .or().haveFullyQualifiedName("dev.kafkaperfgate.internal.paired.PairedMode")
                .should().onlyHaveDependentClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.session..",
                        "dev.kafkaperfgate.internal.stored..", "dev.kafkaperfgate.internal.paired..")
                .check(classes);
        classes().that().haveFullyQualifiedName("dev.kafkaperfgate.internal.session.GateSession")
                .should().onlyHaveDependentClassesThat().resideInAnyPackage("dev.kafkaperfgate", "dev.kafkaperfgate.internal.session..")
                .check(classes);
        DescribedPredicate<JavaCodeUnit> setUp = DescribedPredicate.describe("a run's set-up or finish",
                unit -> unit.getOwner().getName().equals("dev.kafkaperfgate.internal.result.RunSummary") && unit.isConstructor()
                        || unit.getOwner().getName().equals("dev.kafkaperfgate.internal.verdict.GatePolicy") && unit.getName().equals("forSuite")
                        || unit.getOwner().getName().equals("dev.kafkaperfgate.internal.figures.Ruler") && unit.getName().equals("measure")
                        || unit.getOwner().getName().equals("dev.kafkaperfgate.internal.report.HtmlReport") && unit.getName().equals("write"));
        noClasses().that().resideOutsideOfPackage("dev.kafkaperfgate.internal.frame..")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target is " + setUp.getDescription(),
                        (JavaCall<?> call) -> call.getTarget().resolveMember().map(setUp::test).orElse(false)))
                .check(classes);
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.frame..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.stored..",
                        "dev.kafkaperfgate.internal.paired..", "dev.kafkaperfgate.internal.session..", "dev.kafkaperfgate.internal.basebuild..")
                .check(classes);
    }

    @Test
    void scenarioFilesAreReadWithoutTheEngine() {
        noClasses().that().resideInAnyPackage("dev.kafkaperfgate.internal.scenario..", "dev.kafkaperfgate.internal.spec..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.workload..",
                        "dev.kafkaperfgate.internal.broker..", "dev.kafkaperfgate.internal.stored..")
                .check(classes);
    }

    @Test
    void verdictsAreMadeFromFiguresNotFromTheEngine() {
        noClasses().that().resideInAnyPackage("dev.kafkaperfgate.internal.verdict..", "dev.kafkaperfgate.internal.baseline..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.workload..",
                        "dev.kafkaperfgate.internal.stored..", "dev.kafkaperfgate.internal.report..")
                .check(classes);
    }

    /** The results left the engine: figures are plain data that verdicts read, filled by workloads. */
    @Test
    void figuresAreDataThatDoNotReachIntoTheEngine() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.figures..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.kafkaperfgate.internal.workload..",
                        "dev.kafkaperfgate.internal.stored..", "dev.kafkaperfgate.internal.paired..")
                .check(classes);
    }

    /**
     * One engine: stored and paired mode judge and confirm through {@code internal.engine}, so a
     * rule about judging or confirming is written once. Nothing else calls a judge or builds one.
     */
    @Test
    void onlyTheEngineCallsTheJudges() {
        // Judge.mismatches (is a baseline comparable at all?) stays open to the refresh: it judges nothing.
        DescribedPredicate<JavaCodeUnit> judges = DescribedPredicate.describe("a judge's judge() or constructor",
                unit -> (unit.getOwner().isEquivalentTo(Judge.class) || unit.getOwner().isEquivalentTo(PairedJudge.class))
                        && (unit.getName().equals("judge") || unit.isConstructor()));
        noClasses().that().resideOutsideOfPackages("dev.kafkaperfgate.internal.engine..", "dev.kafkaperfgate.internal.verdict..")
                .should().callCodeUnitWhere(DescribedPredicate.describe("the target is " + judges.getDescription(),
                        (JavaCall<?> call) -> call.getTarget().resolveMember().map(judges::test).orElse(false)))
                .check(classes);
    }

    /**
     * Trogdor's jar is {@code provided}: a team's JVM does not have it. Only what the coordinator
     * and the agents load (the gate's task: the spec and its worker; and the launcher that binds
     * their REST servers, {@code BoundTrogdor}) may use Trogdor's API, and nothing else of the gate
     * may load them: the gate's JVM names their classes as strings.
     */
    @Test
    void onlyTheTrogdorTaskUsesTrogdorsApi() {
        noClasses().that().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker$StatusLines")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.TrogdorStatus")
                .and().doNotHaveFullyQualifiedName(BOUND_TROGDOR).and().doNotHaveFullyQualifiedName(BOUND_TROGDOR + "$Arguments")
                .should().dependOnClassesThat().resideInAPackage("org.apache.kafka.trogdor..")
                .check(classes);
        noClasses().that().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker")
                .and().doNotHaveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker$StatusLines")
                .and().doNotHaveFullyQualifiedName(BOUND_TROGDOR).and().doNotHaveFullyQualifiedName(BOUND_TROGDOR + "$Arguments")
                .should().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.TrogdorStatus")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(BOUND_TROGDOR)
                .check(classes);
    }

    private static final String BOUND_TROGDOR = "dev.kafkaperfgate.internal.trogdor.BoundTrogdor";

    /**
     * The Kafka packages the library may use: kafka-clients' documented API (its javadoc's packages).
     * Every class of the library runs beside the team's kafka-clients, from the oldest supported
     * release to the newest, and Kafka moves what is not documented (4.4.0 moved AppInfoParser,
     * BufferSupplier, ByteBufferOutputStream and Exit into common.utils.internals: a linked internal
     * class ended every run with a NoClassDefFoundError). What the API lacks goes through
     * {@code internal.kafka}, which links to none (issue 80).
     */
    static final List<String> KAFKA_PUBLIC_PACKAGES = List.of("org.apache.kafka.clients.producer",
            "org.apache.kafka.clients.consumer", "org.apache.kafka.clients.admin", "org.apache.kafka.common",
            "org.apache.kafka.common.config", "org.apache.kafka.common.errors", "org.apache.kafka.common.header",
            "org.apache.kafka.common.metrics", "org.apache.kafka.common.serialization");

    /**
     * Trogdor's own processes load the gate's task and launcher beside Trogdor, whose task API
     * takes Kafka's {@code KafkaFutureImpl}: they alone may use Trogdor's packages and that class
     * ({@link #onlyTheTrogdorTaskUsesTrogdorsApi}).
     */
    @Test
    void onlyKafkasPublicApiIsUsed() {
        Set<String> trogdorSide = Set.of("dev.kafkaperfgate.internal.trogdor.task.GateTaskSpec",
                "dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker", "dev.kafkaperfgate.internal.trogdor.task.GateTaskWorker$StatusLines",
                "dev.kafkaperfgate.internal.trogdor.task.TrogdorStatus", BOUND_TROGDOR, BOUND_TROGDOR + "$Arguments");
        DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> internalKafka = DescribedPredicate.describe(
                "are kafka-clients' classes outside its documented packages " + KAFKA_PUBLIC_PACKAGES,
                type -> type.getPackageName().startsWith("org.apache.kafka.") && !KAFKA_PUBLIC_PACKAGES.contains(type.getPackageName()));
        noClasses().that().resideInAPackage("dev.kafkaperfgate..")
                .and(DescribedPredicate.describe("are not loaded by Trogdor's processes", type -> !trogdorSide.contains(type.getName())))
                .should().dependOnClassesThat(internalKafka)
                .check(classes);
        noClasses().that().resideInAPackage("dev.kafkaperfgate..")
                .should().dependOnClassesThat(DescribedPredicate.describe("are in another package than Trogdor's, outside "
                        + KAFKA_PUBLIC_PACKAGES + ", but KafkaFutureImpl", type -> internalKafka.test(type)
                        && !type.getPackageName().startsWith("org.apache.kafka.trogdor")
                        && !type.getName().equals("org.apache.kafka.common.internals.KafkaFutureImpl")))
                .check(classes);
    }

    /** Inside the engine: the shared workload package uses none of the workloads, and they form no cycle. */
    @Test
    void theWorkloadsAreLayered() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.workload")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.internal.workload.*..")
                .check(classes);
        slices().matching("dev.kafkaperfgate.internal.workload.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The broker interface and its shared parts use none of the brokers; the process, container and selection packages form no cycle. */
    @Test
    void theBrokersAreLayered() {
        noClasses().that().resideInAPackage("dev.kafkaperfgate.internal.broker")
                .should().dependOnClassesThat().resideInAPackage("dev.kafkaperfgate.internal.broker.*..")
                .check(classes);
        slices().matching("dev.kafkaperfgate.internal.broker.(*)..").should().beFreeOfCycles().check(classes);
    }

    /**
     * Packages looked at again past the cap, each with its size now and why it stays one package (issue 83: the caps
     * are a prompt to look again, not a layout rule; no code moves only to meet one). Growing past the size named
     * prompts another look.
     */
    private static final Map<String, Integer> LOOKED_AGAIN = Map.of(
            // The stage's coordination: plans from both listings, duels, confinement. Its listing is the concern to move
            // out (ComponentList, ComponentListing), once ForkJvm and ComponentStageException no longer tie it here.
            "dev/kafkaperfgate/internal/component", 1_510,
            // A scenario file's reading: its keys, its client sections' checks, its sweeps and nightly blocks. The client
            // sections' checks (ClientSections, ClientConfigFile) are the part to move out, once YamlMap is shared.
            "dev/kafkaperfgate/internal/scenario", 1_525);

    /**
     * A package a reader can hold in their head: at most 1,500 lines of Java in one folder (its
     * subfolders are packages of their own), or the size named in {@link #LOOKED_AGAIN}. A package
     * that grows past it splits by concern.
     */
    @Test
    void noPackageHoldsMoreThanFifteenHundredLines() throws IOException {
        Path sources = Path.of("src/main/java");
        List<String> tooLarge;
        try (Stream<Path> folders = Files.walk(sources)) {
            tooLarge = folders.filter(Files::isDirectory).filter(ArchitectureTest::holdsJava)
                    .filter(folder -> javaLines(folder) > LOOKED_AGAIN.getOrDefault(sources.relativize(folder).toString(), 1_500))
                    .map(folder -> sources.relativize(folder) + ": " + javaLines(folder) + " lines")
                    .toList();
        }
        assertEquals(List.of(), tooLarge, "packages over 1,500 lines (or over the size LOOKED_AGAIN names)");
    }

    /** A name that says what a thing is: no class of the library is named like a test (a statistical test is a comparison: PairedT, SignedRank). */
    @Test
    void noClassOfTheLibraryIsNamedLikeATest() {
        noClasses().should().haveSimpleNameEndingWith("Test").orShould().haveSimpleNameEndingWith("Tests")
                .because("a reader takes a class named like a test for one (issue 60: PairedTest, RunToRunTest and SignedRankTest were)")
                .check(classes);
    }

    /** A class a reader can hold in their head: no source file of the library over 400 lines; one that grows splits by concern. */
    @Test
    void noClassHoldsMoreThanFourHundredLines() throws IOException {
        Path sources = Path.of("src/main/java");
        List<String> tooLarge;
        try (Stream<Path> files = Files.walk(sources)) {
            tooLarge = files.filter(file -> file.toString().endsWith(".java")).filter(file -> lines(file) > 400)
                    .map(file -> sources.relativize(file) + ": " + lines(file) + " lines").toList();
        }
        assertEquals(List.of(), tooLarge, "classes over 400 lines");
    }

    private static long lines(Path file) {
        try {
            return Files.readAllLines(file).size();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long javaLines(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".java")).mapToLong(ArchitectureTest::lines).sum();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The public surface, listed. A type that becomes public in an API package by accident (or
     * leaves it) fails here, and the README's API section must change with this list.
     */
    @Test
    void thePublicSurfaceIsExactlyTheListedTypes() {
        Set<String> expected = new TreeSet<>(List.of(
                "dev.kafkaperfgate.GateResult",
                "dev.kafkaperfgate.GateResult$Outcome", "dev.kafkaperfgate.GateResult$ScenarioResult",
                "dev.kafkaperfgate.GateResult$MetricResult", "dev.kafkaperfgate.GateResult$ScenarioOutcome",
                "dev.kafkaperfgate.GateResult$Verdict", "dev.kafkaperfgate.GateResult$Metric", "dev.kafkaperfgate.PerfGate", "dev.kafkaperfgate.PerfGateException",
                "dev.kafkaperfgate.PerfGateException$Kind", "dev.kafkaperfgate.PerfGateOptions",
                "dev.kafkaperfgate.PerfGateOptions$Builder", "dev.kafkaperfgate.PerfGateOptions$Broker",
                "dev.kafkaperfgate.PerfGateOptions$Components", "dev.kafkaperfgate.PerfGateOptions$ClientDesign",
                "dev.kafkaperfgate.junit.PerfGateExtension", "dev.kafkaperfgate.junit.PerfGateSuite",
                "dev.kafkaperfgate.spi.ProducerFactory", "dev.kafkaperfgate.spi.RecordSource", "dev.kafkaperfgate.spi.SourceRecord"));
        Set<String> actual = classes.stream()
                .filter(c -> Set.of("dev.kafkaperfgate", "dev.kafkaperfgate.spi", "dev.kafkaperfgate.junit").contains(c.getPackageName()))
                .filter(c -> c.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC))
                .filter(c -> !c.getSimpleName().isEmpty())
                .map(c -> c.getName())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, actual, "the public API changed: update this list and the README's API section together");
        String readme;
        try {
            readme = Files.readString(Path.of("../README.md"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        String api = readme.substring(readme.indexOf("The public API is"));
        List<String> unlisted = expected.stream().map(name -> name.substring(name.lastIndexOf('.') + 1))
                .map(name -> name.substring(name.lastIndexOf('$') + 1))
                .filter(name -> !api.contains("`" + name + "`")).toList();
        assertEquals(List.of(), unlisted, "public types the README's API section does not name");
        assertTrue(readme.contains("](docs/report-paired.png)") && Files.isRegularFile(Path.of("../docs/report-paired.png")),
                "the README shows the report, from docs/");
    }

    /** Every package says what it owns and what it may use: one package-info.java per folder. */
    @Test
    void everyPackageHasAPackageInfo() throws IOException {
        Path sources = Path.of("src/main/java");
        assertTrue(Files.isDirectory(sources), "run from the module's folder: " + sources.toAbsolutePath());
        List<Path> missing;
        try (Stream<Path> folders = Files.walk(sources)) {
            missing = folders.filter(Files::isDirectory)
                    .filter(ArchitectureTest::holdsJava)
                    .filter(folder -> !Files.exists(folder.resolve("package-info.java")))
                    .toList();
        }
        assertEquals(List.of(), missing, "packages without a package-info.java");
    }

    private static boolean holdsJava(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(f -> f.toString().endsWith(".java"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
