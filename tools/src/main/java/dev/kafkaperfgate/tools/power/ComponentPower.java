package dev.kafkaperfgate.tools.power;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.ComponentsMode;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.component.ComponentFiles;
import dev.kafkaperfgate.internal.component.ComponentStage;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.engine.Decision;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.RunDecisions;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.frame.RunFrame;
import dev.kafkaperfgate.internal.verdict.GatePolicy;
import dev.kafkaperfgate.internal.verdict.MetricVerdict;
import dev.kafkaperfgate.internal.verdict.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * How strong the component stage is: a team's serializer compiled twice under one name, measured
 * and judged by the gate's engine {@code --runs} times, as a PR gate run would. With
 * {@code --library jackson} or {@code avro} it is a real library's serializer whose head costs CPU
 * only ({@link PowerSubject}), and {@code --aa} compiles the base on both sides. With
 * {@code --library synthetic} the head does {@code --work-percent} more work or allocates
 * {@code --alloc-percent} more per call; both at 0 is its A/A.
 *
 * <pre>
 * scripts/tools.sh power components --runs 20 --library jackson            # CPU only, about +20%
 * scripts/tools.sh power components --runs 20 --library jackson --aa       # A/A
 * scripts/tools.sh power components --runs 20 --library jackson --neighbour
 * scripts/tools.sh power components --runs 10 --library synthetic --alloc-percent 10
 * </pre>
 */
@Command(name = "components", mixinStandardHelpOptions = true,
        description = "Detection and false-alarm rates of the component stage (duels, base against head), on a real library's serializer or a synthetic one.")
public final class ComponentPower implements Callable<Integer> {


    @Option(names = "--scenarios", defaultValue = dev.kafkaperfgate.tools.bench.PrSuite.SCENARIOS,
            description = "the PR suite's scenario files, whose comparisons set the policy (default: ${DEFAULT-VALUE})")
    java.nio.file.Path scenarios;
    @Option(names = "--runs", defaultValue = "10", description = "gate decisions to make (default: ${DEFAULT-VALUE})")
    int runs;
    @Option(names = "--library", defaultValue = "jackson",
            description = "a real library's serializer whose head costs CPU only: jackson (about +20%%), jackson-stride2 and "
                    + "jackson-stride4 (+3-12%% in duels, not sized by the stride), jackson-hash, jackson-sha256, telemetry-sha256, telemetry-hash, "
                    + "avro (about +40%%), avro-once (+15%%), avro-stride2 (+5-8%%), avro-stride4 (less), avro-2of3 (+9.4%%); or synthetic (default: ${DEFAULT-VALUE})")
    String library;
    @Option(names = "--aa", description = "a real library's base on both sides: an A/A run")
    boolean aa;
    @Option(names = "--work-percent", defaultValue = "0", description = "extra work per call in the head, percent (default: ${DEFAULT-VALUE})")
    int workPercent;
    @Option(names = "--alloc-percent", defaultValue = "0", description = "extra bytes per call in the head, percent of the base's copy (default: ${DEFAULT-VALUE})")
    int allocPercent;
    @Option(names = "--work", defaultValue = "400", description = "the base's rounds of work per call (default: ${DEFAULT-VALUE})")
    int work;
    @Option(names = "--pad", defaultValue = "1000", description = "the base's extra bytes per copy (default: ${DEFAULT-VALUE})")
    int pad;
    @Option(names = "--blocks", defaultValue = "" + Defaults.COMPONENT_BLOCKS, description = "duels per look (default: ${DEFAULT-VALUE}, the gate's)")
    int blocks;
    @Option(names = "--looks", defaultValue = "" + Defaults.COMPONENT_LOOKS, description = "looks while inconclusive (default: ${DEFAULT-VALUE}, the gate's)")
    int looks;
    @Option(names = "--profile", description = "after each decision worse than the base, a profiling duel: where the time and bytes went")
    boolean profile;
    @Option(names = "--neighbour", description = "run beside a busy loop that keeps one core busy (a noisy neighbour)")
    boolean neighbour;
    @Option(names = "--dir", defaultValue = "target/component-power", description = "work folder (default: ${DEFAULT-VALUE})")
    Path dir;
    @Option(names = "--out", defaultValue = "target/component-power.json", description = "rows as JSON (default: ${DEFAULT-VALUE})")
    Path out;

    private PowerSubject subject;

    @Override
    public Integer call() throws IOException {
        Files.createDirectories(dir);
        boolean synthetic = library.equals("synthetic");
        subject = synthetic ? PowerSubject.synthetic(work, pad, work + work * workPercent / 100, pad + (pad * allocPercent / 100))
                : PowerSubject.named(library);
        boolean same = synthetic ? workPercent == 0 && allocPercent == 0 : aa;
        Path base = compile("base", subject.base());
        Path head = compile("head", same ? subject.base() : subject.head());
        Path scenario = dir.resolve("perf/events-publish.yaml");
        Files.createDirectories(scenario.getParent());
        Files.writeString(scenario, subject.scenario());
        String libraries = ThisJvm.classPath();
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        ComponentStage stage = new ComponentStage(base + File.pathSeparator + libraries, head + File.pathSeparator + libraries,
                ComponentsMode.ALWAYS, blocks, looks, DuelSettings.DEFAULTS, dir.resolve("logs"), quiet);
        ComponentFiles files = new ComponentFiles("events-publish", scenario, null);
        ComponentRef serializer = new ComponentRef("value.serializer", subject.scenarioClass());
        // The PR suite's correction: the whole-client metrics of its scenarios and two per component.
        // The PR suite's comparisons plus this component's two (CPU and allocation per call).
        GatePolicy policy = RunFrame.policy(dev.kafkaperfgate.tools.bench.PrSuite.comparisons(scenarios) + 2, GateSettings.of(Map.of()));
        String change = synthetic ? "work +" + workPercent + "%, alloc +" + allocPercent + "%" : "CPU-only change";
        String label = subject.name() + " " + (same ? "A/A" : change) + (neighbour ? ", busy neighbour" : "");
        Process busy = neighbour ? BusyNeighbour.start("component-power") : null;
        System.out.printf("[component-power] %s: %d runs of %d duels (up to %d looks), α %.4f per comparison and stage%n", label,
                runs, blocks, looks, policy.alpha());
        ArrayNode rows = new ObjectMapper().createArrayNode();
        int[] flagged = new int[2];
        int[] confirmed = new int[2];
        int[] warned = new int[2];
        for (int run = 1; run <= runs; run++) {
            long start = System.nanoTime();
            Decision<PairedMeasurement> decision = new RunDecisions(policy, quiet, false).decide("events-publish",
                    stage.measurer(files, serializer));
            ObjectNode row = rows.addObject().put("experiment", label).put("run", run)
                    .put("seconds", Math.round((System.nanoTime() - start) / 1e9)).put("duels", decision.first().blocks().values()
                            .stream().findFirst().map(List::size).orElse(0));
            StringBuilder line = new StringBuilder();
            int index = 0;
            for (Metric metric : List.of(Metric.COMPONENT_CPU_NS_PER_OP, Metric.COMPONENT_BYTES_PER_OP)) {
                MetricVerdict verdict = decision.verdict().metrics().stream().filter(m -> m.metric() == metric).findFirst().orElseThrow();
                boolean isConfirmed = decision.confirmed().stream().anyMatch(m -> m.metric() == metric);
                // The final word: the confirmation's, settled against the first (a WARNING needs both), else the first's.
                Verdict finalVerdict = (decision.flagged() ? decision.again() : decision.verdict()).metrics().stream()
                        .filter(m -> m.metric() == metric).findFirst().orElseThrow().verdict();
                flagged[index] += verdict.verdict() == Verdict.REGRESSION ? 1 : 0;
                confirmed[index] += isConfirmed ? 1 : 0;
                warned[index] += finalVerdict == Verdict.WARNING ? 1 : 0;
                index++;
                row.putObject(metric.key()).put("verdict", verdict.verdict().name()).put("deltaPercent", round(verdict.deltaPercent()))
                        .put("mdePercent", round(verdict.mdePercent())).put("confirmed", isConfirmed).put("final", finalVerdict.name());
                line.append(String.format(Locale.ROOT, "  %s %s %+.1f%% (MDE %+.1f%%)%s, final %s", metric.key(), verdict.verdict(),
                        verdict.deltaPercent(), verdict.mdePercent(), isConfirmed ? " confirmed" : "", finalVerdict));
            }
            System.out.printf("[component-power] %s run %d (%d s, %d duels):%s%n", label, run, row.path("seconds").asInt(),
                    row.path("duels").asInt(), line);
            if (profile && (decision.regressed() || (decision.flagged() ? decision.again() : decision.verdict()).has(Verdict.WARNING))) {
                long profiling = System.nanoTime();
                ObjectNode went = stage.whereItWent(files, serializer);
                row.set("whereItWent", went);
                System.out.printf("[component-power] %s run %d: where it went (%d s): CPU first %s; allocation first %s%n", label, run,
                        Math.round((System.nanoTime() - profiling) / 1e9), went.path("cpu").path(0), went.path("allocation").path(0));
            }
        }
        System.out.printf("[component-power] %s: CPU ns/op flagged %d/%d, confirmed %d/%d, WARNING %d/%d; B/op flagged %d/%d, "
                        + "confirmed %d/%d, WARNING %d/%d%n", label, flagged[0], runs, confirmed[0], runs, warned[0], runs, flagged[1], runs,
                confirmed[1], runs, warned[1], runs);
        if (busy != null) {
            busy.destroyForcibly();
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), rows);
        return 0;
    }

    private Path compile(String side, Map<String, String> sources) throws IOException {
        return subject.compile(dir, side, sources);
    }

    private static double round(double value) {
        return Double.isFinite(value) ? Math.round(value * 10) / 10.0 : 0;
    }
}
