package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.duel.ComponentDuel;
import dev.kafkaperfgate.internal.component.duel.DuelRequest;
import dev.kafkaperfgate.internal.component.duel.DuelSettings;
import java.util.Arrays;

import dev.kafkaperfgate.internal.environment.ThisJvm;

import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.reach.SharedJars;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.GateFiles;
import dev.kafkaperfgate.internal.environment.SideOutput;
import dev.kafkaperfgate.internal.environment.SideUsers;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.metrics.Median;
import org.openjdk.jmh.infra.Blackhole;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One duel of one component, run from the gate's JVM: writes the request, runs
 * {@link ComponentDuel} in a bounded JVM of its own, and reads the answer into an ABBA block of
 * four stretches (each side's early and late half of the measured rounds).
 *
 * <p>While a duel runs it holds JMH's lock ({@code java.io.tmpdir}/jmh.lock), as a JMH run does:
 * a second gate run, or a team's own JMH benchmark, on the same machine would disturb both
 * measurements, so whichever comes second is told, and nothing is measured beside it.
 */
final class DuelFork {

    /** The gate's own entries at the head of each copy's classpath: the harness, never shared with a side's jars. */
    static List<String> harness() {
        return List.of(GateCode.first("", Blackhole.class).split(File.pathSeparator));
    }

    /** The JVM flags of a duel: one heap for the copies of both sides, and the GC a client's JVM uses. */
    static final List<String> FLAGS = List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC");

    /** What each side's copies measure per call, by the duel's names. */
    private static final Map<String, Metric> FIGURES = Map.of("cpuNsPerOp", Metric.COMPONENT_CPU_NS_PER_OP,
            "nsPerOp", Metric.COMPONENT_NS_PER_OP, "bytesPerOp", Metric.COMPONENT_BYTES_PER_OP);

    private DuelFork() {
    }

    /**
     * What one duel measured.
     *
     * @param figures each copy's median per half, keyed {@code copy.<side>.<n>.<early|late>.<figure>}
     */
    record Result(boolean settled, long warmupMillis, long compiledMillis, int rounds, int copies, Map<String, Double> figures,
                  Confined.Duel work) {

        /** A side's value of a metric over one half: the median over its copies, so one slow compiled copy does not move it. */
        double value(Side side, String half, Metric metric) {
            double[] values = new double[copies];
            for (int copy = 0; copy < copies; copy++) {
                values[copy] = figure(side, copy, half, metric);
            }
            double median = Median.of(values);
            // An allocation-free call measures a few thousandths of a byte: not a ratio to judge.
            return metric == Metric.COMPONENT_BYTES_PER_OP ? Math.max(1.0, median) : median;
        }

        /** Each copy's value of a metric over the whole duel (the geometric mean of its halves), for the reader. */
        List<Double> copies(Side side, Metric metric) {
            List<Double> values = new ArrayList<>();
            for (int copy = 0; copy < copies; copy++) {
                values.add(Math.sqrt(figure(side, copy, "early", metric) * figure(side, copy, "late", metric)));
            }
            return values;
        }

        /** {@code CPU 1473 → 1790 ns/op (+21.5%); copies base 1464/1473/1486, head ...; 5.0 s warm-up, JIT quiet; 263 rounds}. */
        String describe() {
            Metric cpu = Metric.COMPONENT_CPU_NS_PER_OP;
            double was = Math.sqrt(value(Side.BASE, "early", cpu) * value(Side.BASE, "late", cpu));
            double now = Math.sqrt(value(Side.HEAD, "early", cpu) * value(Side.HEAD, "late", cpu));
            return String.format(java.util.Locale.ROOT, "CPU %.0f → %.0f ns/op (%+.1f%%); copies base %s, head %s; %.1f s warm-up, %s; %d rounds",
                    was, now, (now / was - 1) * 100, joined(copies(Side.BASE, cpu)), joined(copies(Side.HEAD, cpu)),
                    warmupMillis / 1000.0, settled ? "JIT quiet" : "still compiling at the bound", rounds);
        }

        private static String joined(List<Double> values) {
            return String.join("/", values.stream().map(value -> Long.toString(Math.round(value))).toList());
        }

        /** The duel as one ABBA block, numbered on from {@code before}: base early, head early, head late, base late. */
        List<PairedMeasurement.Stretch> stretches(int before) {
            List<PairedMeasurement.Stretch> stretches = new ArrayList<>();
            String[][] order = {{"base", "early"}, {"head", "early"}, {"head", "late"}, {"base", "late"}};
            for (String[] half : order) {
                Side side = half[0].equals("base") ? Side.BASE : Side.HEAD;
                Map<Metric, Double> values = new EnumMap<>(Metric.class);
                FIGURES.values().forEach(metric -> values.put(metric, value(side, half[1], metric)));
                stretches.add(new PairedMeasurement.Stretch(side, before + stretches.size() + 1, values));
            }
            return stretches;
        }

        private double figure(Side side, int copy, String half, Metric metric) {
            String name = FIGURES.entrySet().stream().filter(e -> e.getValue() == metric).findFirst().orElseThrow().getKey();
            return figures.get(String.join(".", "copy", side.key(), Integer.toString(copy), half, name));
        }
    }

    /**
     * Runs one duel of {@code component}, base against head.
     *
     * @param number this duel's number in the run, 1-based: its seed and its log's name
     * @throws ComponentStageException starting "the head's" when the head's code failed, "the base's" for the base's;
     *                                 naming no side when the duel itself could not run or JMH's lock is held
     */
    static Result run(ComponentFiles files, ComponentRef component, SharedJars classpaths, DuelSettings settings,
                      int number, Path logs, SideUsers users) {
        return fork(files, component, classpaths, settings, number, logs, users, false).result();
    }

    /** How long a profiling duel records, at least. */
    static final java.time.Duration PROFILE_MEASURE = java.time.Duration.ofSeconds(5);

    /** A profile's largest size: a 5 s JFR recording of CPU and allocation samples is a few MiB. */
    static final long PROFILE_CAP = 128L << 20;

    /**
     * One profiling duel of {@code component}, run after its verdict and never judged: the same duel,
     * its measured rounds recorded by JFR in the duel's JVM (the head's user's), whose recording is
     * read as a file that user wrote and copied into {@code logs}.
     *
     * @return the recording, in {@code logs}
     */
    static Path profile(ComponentFiles files, ComponentRef component, SharedJars classpaths, DuelSettings settings,
                        int number, Path logs, SideUsers users) {
        // Longer than a judged duel's: 5 s measured, over a thousand CPU samples a side.
        DuelSettings longer = new DuelSettings(settings.copies(), settings.warmupMin(), settings.warmupMax(),
                settings.measure().compareTo(PROFILE_MEASURE) < 0 ? PROFILE_MEASURE : settings.measure(), settings.batch(), settings.timeout());
        Path recorded = fork(files, component, classpaths, longer, number, logs, users, true).recording();
        Path copy = logs.resolve(component.label().replaceAll("[^A-Za-z0-9.-]", "_") + ".profile.jfr");
        try {
            // Read as the head's user: the duel's JVM was its, and its other processes still run (issue 74).
            byte[] bytes = GateFiles.readAsSide(users.head(), recorded, recorded.getParent(), PROFILE_CAP, "the profiling duel's recording");
            try (OutputStream out = GateFiles.newFile(copy)) {
                out.write(bytes);
            }
            try {
                Files.deleteIfExists(recorded);
            } catch (IOException e) {
                // The head's user's temp folder goes with that user at the end of the run.
            }
            return copy;
        } catch (IOException e) {
            throw new ComponentStageException("the profiling duel of " + component.label() + " gave no recording: " + e.getMessage(), e);
        }
    }

    /** The JVM flags of a profiling duel: deep stacks, so that each sample reaches the copy that called the library. */
    private static final List<String> PROFILE_FLAGS = List.of("-XX:FlightRecorderOptions:stackdepth=512");

    /** A duel's answer, and where its JVM wrote its recording ({@code null} when it recorded nothing). */
    private record Forked(Result result, Path recording) {
    }

    private static Forked fork(ComponentFiles files, ComponentRef component, SharedJars classpaths, DuelSettings settings,
                               int number, Path logs, SideUsers users, boolean profile) {
        String harness = String.join(File.pathSeparator, GateCode.location(ComponentDuel.class), GateCode.location(Blackhole.class));
        List<String> flags = new ArrayList<>(FLAGS);
        if (profile) {
            flags.addAll(PROFILE_FLAGS);
        }
        // The duel holds the head's code, so it runs as the head's user, and writes its answer where that user may write.
        ForkJvm jvm = new ForkJvm("duel", harness, flags, logs, users.head());
        String what = component.label() + "-" + number;
        Path log = jvm.log(what);
        Path request = users.exchange().orElse(log.getParent()).resolve(log.getFileName() + ".request");
        Path answer = users.head().user().map(SideUsers.User::tmp).orElse(log.getParent()).resolve(log.getFileName() + ".answer");
        Path recording = profile ? answer.resolveSibling(log.getFileName() + ".jfr") : null;
        // What both sides hold byte for byte is loaded once, in a loader the copies share; each copy holds what differs.
        DuelRequest duel = new DuelRequest(DuelRequest.BOTH, settings, number,
                new DuelRequest.Subject(files.experiment(), files.scenario(), component.role(), component.className()),
                new DuelRequest.Code(classpaths.classpath(), GateCode.first(classpaths.baseCopies(), Blackhole.class),
                        GateCode.first(classpaths.headCopies(), Blackhole.class), ownSubject(files, Side.BASE), ownSubject(files, Side.HEAD)),
                answer, recording);
        try {
            if (recording != null) {
                Files.deleteIfExists(recording);
            }
            GateFiles.folder(logs);
            Files.deleteIfExists(answer);
            try (OutputStream out = GateFiles.newFile(request)) {
                duel.store(out, "kafka-perf-gate component duel " + what);
            }
        } catch (IOException e) {
            throw new ComponentStageException("cannot write the duel's request " + request + ": " + e.getMessage(), e);
        }
        try (LockFile file = LockFile.open(ThisJvm.tmpDir().resolve("jmh.lock"), logs.resolve("jmh.lock"));
             FileLock lock = tryLock(file, what)) {
            jvm.run(what, settings.timeout(), ComponentDuel.class.getName(), List.of(request.toString()));
        } catch (IOException e) {
            throw new ComponentStageException("cannot take JMH's lock file: " + e.getMessage(), e);
        }
        return new Forked(read(answer, users.head(), settings.copies(), component, log), recording);
    }

    /** A side's own scenario file for the component, when it is not the experiment's. */
    private static Path ownSubject(ComponentFiles files, Side side) {
        return files.subject(side).equals(files.experiment()) ? null : files.subject(side);
    }

    /** An answer holds a few hundred figures: more than this is not a duel's answer. */
    static final long ANSWER_CAP = 256 * 1024;

    /**
     * JMH's lock file, opened for writing and locked whole, as JMH locks it; another user's (a JMH
     * run of root's left it in the shared {@code /tmp}, mode 0644) opened for reading, whose
     * shared lock (the only one Java takes on such a file) still keeps a JMH run out.
     */
    record LockFile(FileChannel channel, boolean shared) implements AutoCloseable {

        /**
         * JMH's lock at {@code file}; where that is not a regular file this user can open (a FIFO,
         * which would block the open, a link, a file of mode 000 another user left on a persistent
         * runner), a lock of the gate's own in {@code fallback}'s folder, so that no file in the shared
         * temp folder can stop or hang every later run (issue 58 item 6). Nothing is locked against
         * other JMH runs then.
         */
        static LockFile open(Path file, Path fallback) throws IOException {
            boolean usable = !Files.exists(file, LinkOption.NOFOLLOW_LINKS)
                    || Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile();
            if (usable) {
                try {
                    return new LockFile(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS), false);
                } catch (java.nio.file.AccessDeniedException e) {
                    try {
                        return new LockFile(FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), true);
                    } catch (java.nio.file.AccessDeniedException unreadable) {
                        // Neither: fall back below.
                    }
                } catch (java.nio.file.FileSystemException e) {
                    // A link made between the check and the open (ELOOP): fall back below.
                }
            }
            return new LockFile(FileChannel.open(GateFiles.folder(fallback.getParent()).resolve(fallback.getFileName()),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), false);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    private static FileLock tryLock(LockFile file, String what) throws IOException {
        FileLock lock;
        try {
            lock = file.channel().tryLock(0L, Long.MAX_VALUE, file.shared());
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            // Not the side's fault: another benchmark on this machine holds the lock. Running beside it
            // would disturb both measurements, so nothing is measured, and no side is blamed.
            throw new ComponentStageException("JMH's lock is held by another JMH run on this machine (a second gate run?): "
                    + "benchmarks run beside each other disturb each other, so " + what + " was not measured; run one at a time");
        }
        return lock;
    }

    /** The duel's answer: its figures, or whose code failed. */
    static Result read(Path answer, SideUsers.Launch head, int copies, ComponentRef component, Path log) {
        Properties properties = new Properties();
        // The answer sits where the head's user writes, and its processes still run: read as that user, capped in bytes and time.
        try (InputStream in = new java.io.ByteArrayInputStream(GateFiles.readAsSide(head, answer, answer.getParent(), ANSWER_CAP,
                "the duel's answer"))) {
            properties.load(in);
        } catch (IOException e) {
            throw new ComponentStageException("the duel of " + component.label() + " gave no answer (" + e.getMessage() + "; log " + log + ")", e);
        }
        if (properties.containsKey("failure")) {
            String side = properties.getProperty("failedSide", "");
            Side culprit = Arrays.stream(Side.values()).filter(s -> s.key().equals(side)).findFirst().orElse(null);
            String whose = culprit != null ? "the " + side + "'s " : "the duel of ";
            throw new ComponentStageException(culprit, whose + component.label() + " failed: " + SideOutput.neutral(shortened(properties.getProperty("failure")))
                    + " (log " + log + ")", null);
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        for (Side side : Side.values()) {
            for (int copy = 0; copy < copies; copy++) {
                for (String half : List.of("early", "late")) {
                    for (String figure : FIGURES.keySet()) {
                        String key = String.join(".", "copy", side.key(), Integer.toString(copy), half, figure);
                        double value = positive(properties, key, component, log);
                        if (value == 0 && !figure.equals("bytesPerOp")) {
                            // Time per call cannot be nothing: a clock that did not move is no figure to judge.
                            throw new ComponentStageException("the duel of " + component.label() + " measured no time for " + key
                                    + " (log " + log + ")");
                        }
                        figures.put(key, value);
                    }
                }
            }
        }
        Result result = new Result(Boolean.parseBoolean(properties.getProperty("settled")), (long) positive(properties, "warmupMs", component, log),
                (long) positive(properties, "compiledMs", component, log), (int) positive(properties, "rounds", component, log), copies,
                figures, null);
        Map<Side, double[]> outside = new java.util.EnumMap<>(Side.class);
        Map<Side, String> outputs = new java.util.EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            String prefix = "outside." + side.key() + ".";
            try {
                outside.put(side, new double[] {positive(properties, prefix + "cpuNsPerOp", component, log),
                        positive(properties, prefix + "bytesPerOp", component, log),
                        positive(properties, prefix + "threadsStarted", component, log),
                        positive(properties, prefix + "offCpuNsPerOp", component, log)});
                outputs.put(side, properties.getProperty("outputs." + side.key(), "none"));
            } catch (ComponentStageException e) {
                // Without these figures the duel still judges the call; the change is never taken as confined.
                outside.put(side, new double[4]);
                outputs.put(side, "none");
            }
        }
        return new Result(result.settled(), result.warmupMillis(), result.compiledMillis(), result.rounds(), copies, figures,
                new Confined.Duel(outside, outputs, result.value(Side.BASE, "late", Metric.COMPONENT_CPU_NS_PER_OP),
                        result.value(Side.BASE, "late", Metric.COMPONENT_BYTES_PER_OP)));
    }

    private static double positive(Properties properties, String key, ComponentRef component, Path log) {
        try {
            double value = Double.parseDouble(properties.getProperty(key, ""));
            if (value >= 0 && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ComponentStageException("the duel of " + component.label() + " gave no figure " + key + " (log " + log + ")");
    }

    /** A side's text, at most 500 characters: it reaches the console, summary.json and the comment. */
    private static String shortened(String text) {
        return text.length() > 500 ? text.substring(0, 500) + "…" : text;
    }
}
