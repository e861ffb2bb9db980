package dev.kafkaperfgate.internal.component.duel;

import dev.kafkaperfgate.internal.component.call.ComponentLoop;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.function.IntUnaryOperator;
import jdk.jfr.Recording;

/**
 * The component stage's fork: base and head in one JVM, as tango-bench does it, each side's
 * component and its libraries in class loaders of their own, called in short batches that
 * alternate in a shuffled order. Whatever the machine does over the fork (a neighbour, a frequency
 * step, the GC) falls on both sides alike, so their ratio is sharp within the fork.
 *
 * <p>Why several copies of each side: a JVM compiles each copy's code on its own, and the compiled
 * form it settles on differs from copy to copy (measured: 3 JVMs in 16 landed on a Jackson
 * serializer 30-40% slower, and stayed there). Each copy is one draw of that; a side's figure is
 * the median of its copies, so one slow draw does not move it.
 *
 * <p>Each batch is timed by the measuring thread's own CPU time ({@code ThreadMXBean}), so time the
 * thread was not scheduled does not count, beside its wall-clock time and the bytes it allocated.
 * The warm-up runs until the JVM stops compiling ({@code CompilationMXBean}), bounded: a real
 * library's path needs seconds of C2 work, a fixed fraction of a second measured it half compiled.
 *
 * <p>Run as {@code java -cp <gate's jars> ...ComponentDuel <request>} ({@link DuelRequest}); it
 * writes its answer to the file the request names ({@code DuelFork} reads it).
 */
public final class ComponentDuel {

    /** A window of the warm-up: the JIT is quiet once it compiled for at most {@link #QUIET} of a window, twice running. */
    static final long WINDOW_MS = 500;
    static final double QUIET = 0.02;

    private ComponentDuel() {
    }

    /** A copy: its side, its loader and its loop, and what each measured batch gave. */
    private record Copy(String side, int number, ClassLoader loader, IntUnaryOperator loop, List<double[]> batches, List<String> outputs) {
    }

    /** Whose code runs now, set before each call into a copy: a failure there is that side's. */
    private static volatile String current = "";
    /** When the call into {@link #current}'s code began ({@code System.nanoTime}), 0 when none runs. */
    private static volatile long enteredAt;

    /** Threads the JVM had started when the current call began, and per side the threads started while its code ran. */
    private static long startedAtEntry;
    private static final Map<String, Long> STARTED_BY = new java.util.HashMap<>();

    static void enter(String side) {
        startedAtEntry = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
        current = side;
        enteredAt = System.nanoTime();
    }

    static void leave() {
        enteredAt = 0;
        // A thread the side's code started, in any call (opening, outputs, batches, closing), is the side's (issue 72).
        STARTED_BY.merge(current, ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - startedAtEntry, Long::sum);
        current = "";
    }

    public static void main(String[] args) throws IOException {
        DuelRequest request;
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            request = DuelRequest.load(in);
        }
        Path answerFile = request.answer();
        watch(answerFile, request.stuck().toMillis());
        Properties answer;
        try {
            answer = duel(request);
        } catch (Throwable e) {   // the team's code may throw anything; the answer names whose it was
            Throwable cause = e;
            while (cause instanceof java.lang.reflect.InvocationTargetException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            cause.printStackTrace();
            answer = failure(String.valueOf(cause).lines().findFirst().orElse(cause.getClass().getName()));
        }
        write(answerFile, answer);
        // The team's code may have left threads running; the answer is written, so the fork ends here.
        System.exit(0);
    }

    private static Properties failure(String what) {
        Properties answer = new Properties();
        answer.setProperty("failedSide", current);
        answer.setProperty("failure", what);
        return answer;
    }

    private static synchronized void write(Path answerFile, Properties answer) throws IOException {
        try (OutputStream out = Files.newOutputStream(answerFile)) {
            answer.store(out, "kafka-perf-gate component duel");
        }
    }

    /**
     * A call into one side's code that does not return within {@code stuckMs} ends the duel with
     * that side named: a hung serializer is the PR's failure when it is the head's, not a timeout
     * nobody owns.
     */
    private static void watch(Path answerFile, long stuckMs) {
        Thread watchdog = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
                long since = enteredAt;
                if (since != 0 && System.nanoTime() - since > stuckMs * 1_000_000) {
                    try {
                        write(answerFile, failure("a call into its code did not return within " + stuckMs / 1000 + " s"));
                    } catch (IOException e) {
                        // No answer: the coordinator says the duel gave none.
                    }
                    Runtime.getRuntime().halt(0);
                }
            }
        }, "kpg-duel-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    private static Properties duel(DuelRequest request) throws ReflectiveOperationException, MalformedURLException {
        DuelSettings settings = request.settings();
        int copies = settings.copies();
        long warmupMin = settings.warmupMin().toMillis();
        long warmupMax = settings.warmupMax().toMillis();
        long measure = settings.measure().toMillis();
        long batchNanos = settings.batch().toNanos();
        Random shuffle = new Random(request.seed());

        List<String> sides = request.sides();
        ClassLoader shared = sharedLoader(request.code().shared());
        List<Copy> all = new ArrayList<>();
        for (int n = 0; n < copies; n++) {
            // The sides take turns at being opened first: whatever the first copy sets up in the shared libraries
            // (their caches, their first compiled forms) falls on each side alike.
            List<String> order = new ArrayList<>(sides);
            if (n % 2 == 1) {
                Collections.reverse(order);
            }
            for (String side : order) {
                all.add(open(request, side, n, shared));
            }
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        // What each copy returns for every record, before it is called in a loop: compared with what it returns after.
        all.forEach(ComponentDuel::outputs);

        // Warm-up: rounds over every copy; the batch grows until it takes about batchNanos.
        long start = System.nanoTime();
        int calls = 1;
        long windowStart = start;
        long compiledAtWindow = jit.getTotalCompilationTime();
        int quietWindows = 0;
        boolean settled = false;
        while (true) {
            Collections.shuffle(all, shuffle);
            double slowest = 0;
            for (Copy copy : all) {
                slowest = Math.max(slowest, SideWork.batch(copy.side(), copy.loader(), copy.loop(), calls, threads)[1] * calls);
            }
            if (slowest < batchNanos / 2.0 && calls < (1 << 24)) {
                calls *= 2;
            }
            long now = System.nanoTime();
            if ((now - windowStart) / 1_000_000 >= WINDOW_MS) {
                long compiled = jit.getTotalCompilationTime();
                boolean quiet = compiled - compiledAtWindow <= QUIET * (now - windowStart) / 1e6;
                quietWindows = quiet ? quietWindows + 1 : 0;
                compiledAtWindow = compiled;
                windowStart = now;
                long elapsed = (now - start) / 1_000_000;
                if (elapsed >= warmupMin && quietWindows >= 2) {
                    settled = true;
                    break;
                }
                if (elapsed >= warmupMax) {
                    break;
                }
            }
        }
        long warmupMs = (System.nanoTime() - start) / 1_000_000;
        long compiledInWarmup = jit.getTotalCompilationTime();

        // A profiling duel (after the verdict, never judged) records the measured rounds with JFR.
        Recording recording = profile(request.profile());
        // Measured rounds: every copy once per round, in a new shuffled order each round.
        long measureStart = System.nanoTime();
        int rounds = 0;
        while ((System.nanoTime() - measureStart) / 1_000_000 < measure || rounds < 5) {
            Collections.shuffle(all, shuffle);
            for (Copy copy : all) {
                copy.batches().add(SideWork.batch(copy.side(), copy.loader(), copy.loop(), calls, threads));
            }
            rounds++;
        }
        if (recording != null) {
            recording.stop();
            try {
                recording.dump(request.profile());
            } catch (IOException e) {
                throw new IllegalStateException("the profile cannot be written: " + e.getMessage(), e);
            }
        }
        // And after the measured rounds: a component whose output changes after N calls shows it here.
        all.forEach(ComponentDuel::outputs);
        long compiledInMeasure = jit.getTotalCompilationTime() - compiledInWarmup;
        long measured = (System.nanoTime() - measureStart) / 1_000_000;

        Properties answer = new Properties();
        answer.setProperty("settled", Boolean.toString(settled));
        answer.setProperty("warmupMs", Long.toString(warmupMs));
        answer.setProperty("compiledMs", Long.toString(compiledInWarmup));
        answer.setProperty("compiledInMeasureMs", Long.toString(compiledInMeasure));
        answer.setProperty("measureMs", Long.toString(measured));
        answer.setProperty("rounds", Integer.toString(rounds));
        answer.setProperty("callsPerBatch", Integer.toString(calls));
        // Each copy's median per half of the rounds: the early and late halves are each side's two
        // values in the duel's ABBA block, so the base's halves are also its own control.
        for (Copy copy : all) {
            List<double[]> batches = copy.batches();
            int half = batches.size() / 2;
            Map<String, List<double[]>> halves = Map.of("early", batches.subList(0, half), "late", batches.subList(half, batches.size()));
            halves.forEach((name, part) -> {
                for (int figure = 0; figure < FIGURES.length; figure++) {
                    answer.setProperty(String.join(".", "copy", copy.side(), Integer.toString(copy.number()), name, FIGURES[figure]),
                            String.format(Locale.ROOT, "%.3f", median(part, figure)));
                }
            });
        }
        // Closed first: a thread the side's code starts as it closes counts as its own too.
        all.forEach(ComponentDuel::close);
        for (String side : sides) {
            List<Copy> copiesOf = all.stream().filter(copy -> copy.side().equals(side)).toList();
            SideWork.write(answer, side, copiesOf.stream().flatMap(copy -> copy.batches().stream()).toList(),
                    copiesOf.stream().flatMap(copy -> copy.outputs().stream()).toList(), STARTED_BY.getOrDefault(side, 0L));
        }
        return answer;
    }

    /** Adds what the copy returns for every record of its pool, as one digest ({@link ComponentLoop#get}). */
    @SuppressWarnings("unchecked")
    private static void outputs(Copy copy) {
        enter(copy.side());
        Thread.currentThread().setContextClassLoader(copy.loader());
        copy.outputs().add(((java.util.function.Supplier<String>) copy.loop()).get());
        leave();
    }

    /**
     * A JFR recording of CPU samples (every millisecond of the measuring thread's running time) and
     * allocation samples, started when {@code file} names where it goes; {@code null} otherwise.
     * Each sample's stack names the copy's class loader ({@code base-0}, {@code head-1}), which
     * tells whose code it was.
     */
    private static Recording profile(Path file) {
        if (file == null) {
            return null;
        }
        Recording recording = new Recording();
        recording.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(1));
        recording.enable("jdk.ObjectAllocationSample").with("throttle", "20000/s");
        recording.setToDisk(true);
        recording.start();
        return recording;
    }

    /** What each batch gives per call, in this order. */
    static final String[] FIGURES = {"cpuNsPerOp", "nsPerOp", "bytesPerOp"};
    /** The loader of what both sides hold byte for byte, shared by every copy; the platform loader when nothing is shared. */
    private static ClassLoader sharedLoader(String classpath) throws MalformedURLException {
        List<URL> urls = urls(classpath);
        return urls.isEmpty() ? ClassLoader.getPlatformClassLoader()
                : new URLClassLoader("shared", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    private static List<URL> urls(String classpath) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        return urls;
    }

    private static Copy open(DuelRequest request, String side, int number, ClassLoader shared)
            throws ReflectiveOperationException, MalformedURLException {
        List<URL> urls = urls(request.code().classpath(side));
        // The shared loader as parent: the JDK and what both sides hold alike are loaded (and compiled) once.
        URLClassLoader loader = new URLClassLoader(side + "-" + number, urls.toArray(URL[]::new), shared);
        enter(side);
        Thread.currentThread().setContextClassLoader(loader);
        IntUnaryOperator loop = (IntUnaryOperator) loader.loadClass(ComponentLoop.class.getName())
                .getConstructor(String.class, String.class, String.class, String.class, String.class)
                .newInstance(request.subject().experimentFile().toString(), request.code().subjectFile(side),
                        request.subject().scenario(), request.subject().role(), request.subject().className());
        leave();
        return new Copy(side, number, loader, loop, new ArrayList<>(), new ArrayList<>());
    }

    private static void close(Copy copy) {
        enter(copy.side());
        Thread.currentThread().setContextClassLoader(copy.loader());
        try {
            ((AutoCloseable) copy.loop()).close();
        } catch (Exception e) {
            // The measurement is taken; a component that fails to close does not change it.
        }
        leave();
    }

    private static double median(List<double[]> batches, int figure) {
        double[] values = batches.stream().mapToDouble(batch -> batch[figure]).sorted().toArray();
        int middle = values.length / 2;
        return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
    }
}
