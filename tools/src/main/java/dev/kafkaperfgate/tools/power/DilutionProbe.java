package dev.kafkaperfgate.tools.power;

import dev.kafkaperfgate.internal.component.duel.ComponentDuel;
import dev.kafkaperfgate.internal.component.duel.DuelRequest;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.metrics.Median;
import org.openjdk.jmh.infra.Blackhole;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * How much of a change a duel reads, against the change measured alone: the ground truth is one
 * side per fresh JVM, one copy, warmed until the JIT is quiet, in ABBA order; the duels are the
 * gate's (three copies a side in one JVM), with each copy's libraries in a loader of its own
 * ({@code separate}) or with what both sides hold byte for byte loaded once, in a loader the copies
 * share ({@code shared}). Dilution is the duel's Δ divided by the isolated Δ.
 *
 * <pre>
 * scripts/tools.sh power dilution --library jackson-sha256 --blocks 4 --duels 8
 * </pre>
 */
@Command(name = "dilution", mixinStandardHelpOptions = true,
        description = "A change's size in duels against its size alone (fresh JVMs, one side each, ABBA): the duel's dilution.")
public final class DilutionProbe implements Callable<Integer> {

    @Option(names = "--library", defaultValue = "jackson-sha256", description = "a power subject: jackson, jackson-sha256, avro, avro-once... (default: ${DEFAULT-VALUE})")
    String library;
    @Option(names = "--blocks", defaultValue = "4", description = "ABBA blocks of isolated forks, four JVMs each (default: ${DEFAULT-VALUE})")
    int blocks;
    @Option(names = "--duels", defaultValue = "8", description = "duels per arm (default: ${DEFAULT-VALUE})")
    int duels;
    @Option(names = "--arms", defaultValue = "isolated,separate,shared", split = ",", description = "what to measure (default: ${DEFAULT-VALUE})")
    List<String> arms;
    @Option(names = "--warmup", defaultValue = "10", description = "isolated forks' minimum warm-up, seconds (default: ${DEFAULT-VALUE})")
    int warmup;
    @Option(names = "--copies", defaultValue = "3", description = "copies of each side in a duel (default: ${DEFAULT-VALUE}, the gate's)")
    int copies;
    @Option(names = "--batch-us", description = "a duel's batch length, µs (default: the gate's, DuelSettings.DEFAULTS)")
    Integer batchMicros;
    @Option(names = "--dir", defaultValue = "target/dilution", description = "work folder (default: ${DEFAULT-VALUE})")
    Path dir;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Files.createDirectories(dir);
        PowerSubject subject = PowerSubject.named(library);
        Path base = subject.compile(dir, "base", subject.base());
        Path head = subject.compile(dir, "head", subject.head());
        Path scenario = dir.resolve("perf/events-publish.yaml");
        Files.createDirectories(scenario.getParent());
        Files.writeString(scenario, subject.scenario());
        String libraries = ThisJvm.classPath();
        Set<String> harness = Set.of(GateCode.location(ComponentDuel.class), GateCode.location(org.HdrHistogram.Histogram.class),
                GateCode.location(Blackhole.class));
        // Every jar both sides hold (here: all of this JVM's libraries), but the gate's own harness, which each copy keeps.
        String shared = String.join(File.pathSeparator, Arrays.stream(libraries.split(File.pathSeparator))
                .filter(entry -> entry.endsWith(".jar") && !harness.contains(entry)).toList());
        Requests requests = new Requests(scenario, subject.scenarioClass(), base + File.pathSeparator + libraries,
                head + File.pathSeparator + libraries, copies,
                batchMicros == null ? GATE.batch() : Duration.ofNanos(batchMicros * 1000L));
        double isolatedDelta = Double.NaN;
        for (String arm : arms) {
            List<Double> baseValues = new ArrayList<>();
            List<Double> headValues = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            if (arm.equals("isolated")) {
                int fork = 0;
                for (int block = 0; block < blocks; block++) {
                    double[] block4 = new double[4];
                    String[] order = {"base", "head", "head", "base"};
                    for (int i = 0; i < 4; i++) {
                        String what = "isolated-" + ++fork;
                        Properties answer = run(requests.isolated(order[i], fork, warmup, answerOf(what)), what);
                        block4[i] = copy(answer, order[i], 0);
                        (order[i].equals("base") ? baseValues : headValues).add(block4[i]);
                    }
                    ratios.add(Math.sqrt(block4[1] * block4[2] / (block4[0] * block4[3])));
                    System.out.printf(Locale.ROOT, "[dilution] %s isolated block %d: base %.0f/%.0f, head %.0f/%.0f ns/op (%+.1f%%)%n",
                            library, block + 1, block4[0], block4[3], block4[1], block4[2], (ratios.get(block) - 1) * 100);
                }
            } else {
                for (int duel = 1; duel <= duels; duel++) {
                    String what = arm + "-" + duel;
                    Properties answer = run(requests.duel(duel, arm.equals("shared") ? shared : "", answerOf(what)), what);
                    double was = Median.of(copies(answer, "base"));
                    double now = Median.of(copies(answer, "head"));
                    baseValues.add(was);
                    headValues.add(now);
                    ratios.add(now / was);
                    System.out.printf(Locale.ROOT, "[dilution] %s %s duel %d: CPU %.0f → %.0f ns/op (%+.1f%%); copies base %s, head %s; %s ms warm-up%n",
                            library, arm, duel, was, now, (now / was - 1) * 100, Arrays.toString(copies(answer, "base")),
                            Arrays.toString(copies(answer, "head")), answer.getProperty("warmupMs"));
                }
            }
            double delta = (Median.of(ratios.stream().mapToDouble(Double::doubleValue).toArray()) - 1) * 100;
            if (arm.equals("isolated")) {
                isolatedDelta = delta;
            }
            double[] sorted = ratios.stream().mapToDouble(r -> (r - 1) * 100).sorted().toArray();
            double[] interval = medianInterval(sorted);
            double baseMedian = Median.of(baseValues.stream().mapToDouble(Double::doubleValue).toArray());
            double headMedian = Median.of(headValues.stream().mapToDouble(Double::doubleValue).toArray());
            System.out.printf(Locale.ROOT, "[dilution] %s %s: base median %.0f ns/op, head median %.0f (ratio of medians %+.1f%%), Δ %+.1f%% "
                            + "(median of %s ratios, %+.1f..%+.1f; 95%% bootstrap interval of that median %+.1f..%+.1f)%s%n", library, arm,
                    baseMedian, headMedian, (headMedian / baseMedian - 1) * 100, delta, ratios.size(), sorted[0],
                    sorted[sorted.length - 1], interval[0], interval[1], Double.isNaN(isolatedDelta) || arm.equals("isolated") ? ""
                            : String.format(Locale.ROOT, "; dilution %.2f of the isolated Δ", delta / isolatedDelta));
        }
        return 0;
    }

    /**
     * The 2.5th and 97.5th percentiles of the median over 4,000 resamples of {@code values} (a fixed
     * seed): how far a median of this many forks moves by the luck of which compiled form each JVM
     * settled on.
     */
    static double[] medianInterval(double[] values) {
        java.util.Random random = new java.util.Random(61);
        double[] medians = new double[4000];
        double[] resample = new double[values.length];
        for (int i = 0; i < medians.length; i++) {
            for (int j = 0; j < values.length; j++) {
                resample[j] = values[random.nextInt(values.length)];
            }
            medians[i] = Median.of(resample);
        }
        Arrays.sort(medians);
        return new double[] {medians[(int) (medians.length * 0.025)], medians[(int) (medians.length * 0.975) - 1]};
    }

    /** One copy's figure over its whole run: the geometric mean of its halves' medians. */
    private static double copy(Properties answer, String side, int copy) {
        String prefix = "copy." + side + "." + copy + ".";
        return Math.sqrt(Double.parseDouble(answer.getProperty(prefix + "early.cpuNsPerOp"))
                * Double.parseDouble(answer.getProperty(prefix + "late.cpuNsPerOp")));
    }

    private static double[] copies(Properties answer, String side) {
        int copies = Integer.parseInt(answer.getProperty("copies"));
        double[] values = new double[copies];
        for (int copy = 0; copy < copies; copy++) {
            values[copy] = Math.round(copy(answer, side, copy));
        }
        return values;
    }

    /** The requests of one subject: the scenario, the class, each side's classpath. */
    private record Requests(Path scenario, String className, String baseClasspath, String headClasspath, int copies, Duration batch) {

        private DuelRequest request(List<String> sides, DuelSettings settings, int seed, String shared, String baseOwn, String headOwn,
                                   Path answer) {
            return new DuelRequest(sides, settings, seed, new DuelRequest.Subject(scenario, "events-publish", "value.serializer", className),
                    new DuelRequest.Code(shared, GateCode.first(baseOwn, Blackhole.class), GateCode.first(headOwn, Blackhole.class), null, null),
                    answer, null);
        }

        /** One side alone in a fresh JVM: one copy, warmed at least {@code warmupSeconds} and until the JIT is quiet. */
        DuelRequest isolated(String side, int seed, int warmupSeconds, Path answer) {
            DuelSettings settings = new DuelSettings(1, Duration.ofSeconds(warmupSeconds), Duration.ofSeconds(Math.max(30, warmupSeconds)),
                    GATE.measure(), batch, GATE.timeout());
            return request(List.of(side), settings, seed, "", baseClasspath, headClasspath, answer);
        }

        /** The gate's duel: both sides, {@code copies} copies each; with {@code shared}, those jars in a loader the copies share. */
        DuelRequest duel(int seed, String shared, Path answer) {
            DuelSettings settings = new DuelSettings(copies, GATE.warmupMin(), GATE.warmupMax(), GATE.measure(), batch, GATE.timeout());
            // Each copy keeps the gate's harness and the side's own classes; the shared jars leave its path.
            Set<String> out = Set.of(shared.split(File.pathSeparator));
            return request(DuelRequest.BOTH, settings, seed, shared, without(baseClasspath, out), without(headClasspath, out), answer);
        }

        private static String without(String classpath, Set<String> out) {
            return String.join(File.pathSeparator, Arrays.stream(classpath.split(File.pathSeparator)).filter(entry -> !out.contains(entry))
                    .toList());
        }
    }

    /** The gate's duel: its warm-up, measuring time and bound, which the probe's forks keep. */
    private static final DuelSettings GATE = DuelSettings.DEFAULTS;

    private Path answerOf(String what) {
        return dir.resolve(what + ".answer").toAbsolutePath();
    }

    private Properties run(DuelRequest request, String what) throws IOException, InterruptedException {
        Path requestFile = dir.resolve(what + ".request");
        Path answerFile = request.answer();
        Files.deleteIfExists(answerFile);
        try (OutputStream out = Files.newOutputStream(requestFile)) {
            request.store(out, what);
        }
        String harness = String.join(File.pathSeparator, GateCode.location(ComponentDuel.class), GateCode.location(Blackhole.class));
        Process process = new ProcessBuilder(ThisJvm.javaExecutable(), "-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-cp", harness,
                ComponentDuel.class.getName(), requestFile.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(what + ".log").toFile()).start();
        if (!process.waitFor(GATE.timeout().toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(what + " took longer than " + GATE.timeout().toSeconds() + " s");
        }
        Properties answer = new Properties();
        try (InputStream in = Files.newInputStream(answerFile)) {
            answer.load(in);
        }
        if (answer.containsKey("failure")) {
            throw new IllegalStateException(what + " failed: " + answer.getProperty("failure") + " (log " + dir.resolve(what + ".log") + ")");
        }
        answer.setProperty("copies", Integer.toString(request.settings().copies()));
        return answer;
    }
}
