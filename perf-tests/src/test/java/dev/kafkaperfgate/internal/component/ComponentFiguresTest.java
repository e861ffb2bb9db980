package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.component.call.ComponentRef;
import dev.kafkaperfgate.internal.component.reach.ClasspathDigest;
import dev.kafkaperfgate.internal.engine.PairedMeasurement;
import dev.kafkaperfgate.internal.engine.Side;
import dev.kafkaperfgate.internal.figures.Metric;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a duel's answer gives the judge, and when two builds count as the same. */
class ComponentFiguresTest {

    /** The duel's answer is the head's user's file; without users of their own, this JVM's. */
    private static final dev.kafkaperfgate.internal.environment.SideUsers.Launch ME = dev.kafkaperfgate.internal.environment.SideUsers.none().head();

    private final ComponentRef serializer = new ComponentRef("value.serializer", "com.acme.OrderSerializer");

    /** An answer as {@link dev.kafkaperfgate.internal.component.duel.ComponentDuel} writes it: three copies a side, each with its early and late half. */
    private static Properties answer(double[] baseCpu, double[] headCpu, double bytes) {
        Properties answer = new Properties();
        answer.setProperty("settled", "true");
        answer.setProperty("warmupMs", "4550");
        answer.setProperty("compiledMs", "6084");
        answer.setProperty("rounds", "263");
        for (int copy = 0; copy < 3; copy++) {
            for (String half : new String[] {"early", "late"}) {
                String base = "copy.base." + copy + "." + half + ".";
                String head = "copy.head." + copy + "." + half + ".";
                answer.setProperty(base + "cpuNsPerOp", Double.toString(baseCpu[copy]));
                answer.setProperty(head + "cpuNsPerOp", Double.toString(headCpu[copy]));
                answer.setProperty(base + "nsPerOp", Double.toString(baseCpu[copy] * 1.01));
                answer.setProperty(head + "nsPerOp", Double.toString(headCpu[copy] * 1.01));
                answer.setProperty(base + "bytesPerOp", Double.toString(bytes));
                answer.setProperty(head + "bytesPerOp", Double.toString(bytes));
            }
        }
        return answer;
    }

    private static Path write(Path dir, Properties answer) throws Exception {
        Path file = dir.resolve("duel.answer");
        try (var out = Files.newOutputStream(file)) {
            answer.store(out, null);
        }
        return file;
    }

    /** A copy that the JIT settled on a form 35% slower moves its side's figure not at all: the median of three is taken. */
    @Test
    void aDuelIsOneAbbaBlockOfEachSidesMedianCopy(@TempDir Path dir) throws Exception {
        DuelFork.Result result = DuelFork.read(write(dir, answer(new double[] {1464, 1980, 1486}, new double[] {1790, 1770, 1800}, 942.46)),
                ME, 3, serializer, dir.resolve("log"));
        List<PairedMeasurement.Stretch> stretches = result.stretches(4);
        assertEquals(List.of(Side.BASE, Side.HEAD, Side.HEAD, Side.BASE), stretches.stream().map(PairedMeasurement.Stretch::side).toList());
        assertEquals(List.of(5, 6, 7, 8), stretches.stream().map(PairedMeasurement.Stretch::number).toList());
        assertEquals(1486, stretches.get(0).values().get(Metric.COMPONENT_CPU_NS_PER_OP), 1e-9, "the base's median copy, not 1980");
        assertEquals(1790, stretches.get(1).values().get(Metric.COMPONENT_CPU_NS_PER_OP), 1e-9);
        assertEquals(1486 * 1.01, stretches.get(3).values().get(Metric.COMPONENT_NS_PER_OP), 1e-6);
        assertEquals(942.46, stretches.get(2).values().get(Metric.COMPONENT_BYTES_PER_OP), 1e-9);
        assertEquals("CPU 1486 → 1790 ns/op (+20.5%); copies base 1464/1980/1486, head 1790/1770/1800; 4.6 s warm-up, JIT quiet; 263 rounds",
                result.describe());
    }

    /** An allocation-free call measures a few thousandths of a byte, and that residue is no ratio to judge. */
    @Test
    void allocationBelowOneBytePerCallCountsAsOne(@TempDir Path dir) throws Exception {
        DuelFork.Result result = DuelFork.read(write(dir, answer(new double[] {10, 10, 10}, new double[] {10, 10, 10}, 0.004)), ME, 3,
                serializer, dir.resolve("log"));
        assertEquals(1.0, result.stretches(0).get(0).values().get(Metric.COMPONENT_BYTES_PER_OP), 1e-9);
    }

    @Test
    void aFailureInTheHeadsCodeNamesTheHead(@TempDir Path dir) throws Exception {
        Properties failed = new Properties();
        failed.setProperty("failedSide", "head");
        failed.setProperty("failure", "java.lang.IllegalStateException: no mapper");
        ComponentStageException e = assertThrows(ComponentStageException.class,
                () -> DuelFork.read(write(dir, failed), ME, 3, serializer, dir.resolve("log")));
        assertTrue(e.getMessage().startsWith("the head's value.serializer com.acme.OrderSerializer failed: "
                + "java.lang.IllegalStateException: no mapper (log "), e.getMessage());
    }

    /** A missing figure, a time of nothing, or no answer at all is never a figure to judge. */
    @Test
    void anAnswerWithoutAFigureOrWithoutTimeIsAnErrorOfTheDuel(@TempDir Path dir) throws Exception {
        Properties partial = answer(new double[] {10, 10, 10}, new double[] {10, 10, 10}, 5);
        partial.remove("copy.head.2.late.cpuNsPerOp");
        ComponentStageException missing = assertThrows(ComponentStageException.class,
                () -> DuelFork.read(write(dir, partial), ME, 3, serializer, dir.resolve("log")));
        assertTrue(missing.getMessage().startsWith("the duel of value.serializer com.acme.OrderSerializer gave no figure "
                + "copy.head.2.late.cpuNsPerOp"), missing.getMessage());

        ComponentStageException noTime = assertThrows(ComponentStageException.class, () -> DuelFork.read(write(dir,
                answer(new double[] {0, 0, 0}, new double[] {10, 10, 10}, 5)), ME, 3, serializer, dir.resolve("log")));
        assertTrue(noTime.getMessage().contains("measured no time"), noTime.getMessage());

        ComponentStageException none = assertThrows(ComponentStageException.class,
                () -> DuelFork.read(dir.resolve("nothing.answer"), ME, 3, serializer, dir.resolve("log")));
        assertTrue(none.getMessage().startsWith("the duel of value.serializer com.acme.OrderSerializer gave no answer"), none.getMessage());
    }

    /** Issue 58 item 5: the answer sits where the head's user writes; a link, a FIFO or a huge file is not read, and says so. */
    @Test
    void aDuelAnswerThatIsALinkAFifoOrTooLargeIsNotRead(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "failure=the runner's token\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.answer"), secret);
        ComponentStageException linked = assertThrows(ComponentStageException.class,
                () -> DuelFork.read(link, ME, 3, serializer, dir.resolve("log")));
        assertTrue(linked.getMessage().contains("is not a regular file (a link)"), linked.getMessage());

        Path fifo = dir.resolve("fifo.answer");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        ComponentStageException blocked = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5),
                () -> assertThrows(ComponentStageException.class, () -> DuelFork.read(fifo, ME, 3, serializer, dir.resolve("log"))));
        assertTrue(blocked.getMessage().contains("a FIFO or device"), blocked.getMessage());

        Path huge = Files.write(dir.resolve("huge.answer"), new byte[(int) DuelFork.ANSWER_CAP + 1]);
        ComponentStageException large = assertThrows(ComponentStageException.class,
                () -> DuelFork.read(huge, ME, 3, serializer, dir.resolve("log")));
        assertTrue(large.getMessage().contains("more than the " + DuelFork.ANSWER_CAP), large.getMessage());

        Path mine = write(dir, answer(new double[] {10, 10, 10}, new double[] {10, 10, 10}, 5));
        dev.kafkaperfgate.internal.environment.GateFiles.UnsafePathException stranger = assertThrows(
                dev.kafkaperfgate.internal.environment.GateFiles.UnsafePathException.class,
                () -> dev.kafkaperfgate.internal.environment.GateFiles.readFromSide(mine, java.util.Optional.of("kpg-nobody"), 1024, "the duel's answer"));
        assertTrue(stranger.getMessage().contains("not kpg-nobody: not read"), stranger.getMessage());
    }

    /**
     * Issue 58's reproduction: the head committed {@code target/perf-results/components} as a link to a
     * folder outside the checkout, and the gate wrote its logs there. A fork's log is refused instead,
     * and nothing appears in the outside folder.
     */
    @Test
    void aForksLogIsNeverWrittenThroughALinkedFolderOrALinkedFile(@TempDir Path dir) throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path results = Files.createDirectories(dir.resolve("checkout/target/perf-results"));
        Files.createSymbolicLink(results.resolve("components"), outside);
        ForkJvm jvm = new ForkJvm("head", System.getProperty("java.class.path"), List.of("-Xmx64m"), results.resolve("components"));
        ComponentStageException refused = assertThrows(ComponentStageException.class,
                () -> jvm.run("component list", java.time.Duration.ofSeconds(30), "java.lang.Object", List.of()));
        assertTrue(refused.getMessage().contains("is a link, which the gate does not write through"), refused.getMessage());
        try (var listing = Files.list(outside)) {
            assertEquals(0, listing.count(), "nothing written outside");
        }

        // A link in place of the log file itself (one of the action's scripts, say): removed, never written through.
        Path logs = Files.createDirectories(dir.resolve("checkout/target/perf-results/logs"));
        Path script = Files.writeString(dir.resolve("check-summary.sh"), "#!/bin/sh\nexit 0\n");
        ForkJvm printer = new ForkJvm("head", System.getProperty("java.class.path"), List.of("-Xmx64m"), logs);
        Files.createSymbolicLink(printer.log("version"), script);
        printer.run("version", java.time.Duration.ofSeconds(30), "dev.kafkaperfgate.internal.component.ForkJvmPrinter", List.of("owned"));
        assertEquals("#!/bin/sh\nexit 0\n", Files.readString(script), "the script is untouched");
        assertTrue(Files.readString(printer.log("version")).contains("owned"), "the log is a file of its own");
        assertFalse(Files.isSymbolicLink(printer.log("version")));
    }

    /** Issue 58 item 6: a FIFO, a link or an unopenable file at JMH's lock path neither hangs nor stops a run; the gate locks its own. */
    @Test
    void aJmhLockThatIsAFifoOrALinkFallsBackToTheGatesOwnLock(@TempDir Path dir) throws Exception {
        Path fallback = dir.resolve("logs/jmh.lock");
        Path fifo = dir.resolve("fifo.lock");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path target = Files.writeString(dir.resolve("victim"), "keep");
        Path link = Files.createSymbolicLink(dir.resolve("link.lock"), target);
        for (Path lock : List.of(fifo, link)) {
            try (DuelFork.LockFile file = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5),
                    () -> DuelFork.LockFile.open(lock, fallback))) {
                assertTrue(Files.isRegularFile(fallback), "the gate's own lock: " + lock);
                assertFalse(file.shared());
            }
        }
        assertEquals("keep", Files.readString(target), "nothing written through the link");
        Path plain = dir.resolve("jmh.lock");
        try (DuelFork.LockFile file = DuelFork.LockFile.open(plain, fallback)) {
            assertTrue(Files.isRegularFile(plain), "JMH's own lock when it is usable");
        }
    }

    /** Issue 58 item 6: a jar entry that unpacks past the cap ends the digest with a message, not the gate's memory. */
    @Test
    void aZipBombOnTheClasspathEndsTheDigestWithAMessage(@TempDir Path dir) throws Exception {
        Path bomb = dir.resolve("bomb.jar");
        try (java.util.zip.ZipOutputStream zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(bomb))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("zeros.bin"));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i <= ClasspathDigest.MAX_FILE_BYTES >> 20; i++) {
                zip.write(zeros);
            }
            zip.closeEntry();
        }
        assertTrue(Files.size(bomb) < 4 << 20, "small on disk: " + Files.size(bomb));
        java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class, () -> ClasspathDigest.of(bomb.toString()));
        assertTrue(e.getMessage().contains("unpacks to more than"), e.getMessage());
    }

    @Test
    void aLinkOrAFifoInAClassesFolderIsRefusedNotRead(@TempDir Path dir) throws Exception {
        // issue 58 item 6: the gate reads a side's folders as its own user; a link there could point at its files.
        Path classes = Files.createDirectories(dir.resolve("target/classes/com/acme"));
        Files.write(classes.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Path secret = Files.writeString(dir.resolve("secret"), "the gate user's");
        Files.createSymbolicLink(classes.resolve("Leak.class"), secret);
        java.io.UncheckedIOException link = assertThrows(java.io.UncheckedIOException.class,
                () -> ClasspathDigest.of(dir.resolve("target/classes").toString()));
        assertTrue(link.getMessage().contains("is a link or a special file"), link.getMessage());
        Files.delete(classes.resolve("Leak.class"));
        Process mkfifo = new ProcessBuilder("mkfifo", classes.resolve("Hang.class").toString()).start();
        assertEquals(0, mkfifo.waitFor());
        java.io.UncheckedIOException fifo = assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> assertThrows(
                java.io.UncheckedIOException.class, () -> ClasspathDigest.of(dir.resolve("target/classes").toString())));
        assertTrue(fifo.getMessage().contains("is a link or a special file"), fifo.getMessage());
    }

    @Test
    void twoBuildsDigestAlikeWhereverTheyLiveAndDifferByOneByte(@TempDir Path dir) throws Exception {
        Path base = Files.createDirectories(dir.resolve("worktree/target/classes/com/acme"));
        Path head = Files.createDirectories(dir.resolve("checkout/target/classes/com/acme"));
        Files.write(base.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Path jar = Files.write(dir.resolve("jackson-databind.jar"), new byte[] {9});
        String baseClasspath = dir.resolve("worktree/target/classes") + File.pathSeparator + jar;
        String headClasspath = dir.resolve("checkout/target/classes") + File.pathSeparator + jar;
        assertEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(headClasspath));

        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 4});
        assertNotEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(headClasspath), "a changed class");
        Files.write(head.resolve("OrderSerializer.class"), new byte[] {1, 2, 3});
        Path bumped = Files.write(dir.resolve("jackson-databind-2.21.3.jar"), new byte[] {10});
        assertNotEquals(ClasspathDigest.of(baseClasspath), ClasspathDigest.of(dir.resolve("checkout/target/classes") + File.pathSeparator
                + bumped), "a library bump changes a jar: the component is measured");
        assertTrue(ClasspathDigest.of(baseClasspath).matches("[0-9a-f]{64}"));
    }

    @Test
    void jarsOfTheSameClassesBuiltAtDifferentTimesDigestAlike(@TempDir Path dir) throws Exception {
        Path early = jar(dir.resolve("early.jar"), 1_000_000_000_000L, "Built-At: monday", new byte[] {1, 2, 3});
        Path late = jar(dir.resolve("late.jar"), 1_700_000_000_000L, "Built-At: tuesday", new byte[] {1, 2, 3});
        assertNotEquals(Files.mismatch(early, late), -1L, "the jars' bytes differ");
        assertEquals(ClasspathDigest.of(early.toString()), ClasspathDigest.of(late.toString()), "by content: build time and manifest do not count");

        Path changed = jar(dir.resolve("changed.jar"), 1_700_000_000_000L, "Built-At: tuesday", new byte[] {1, 2, 4});
        assertNotEquals(ClasspathDigest.of(early.toString()), ClasspathDigest.of(changed.toString()), "a changed class");
    }

    /** A jar holding one class, {@code com/acme/OrderSerializer.class}, with a manifest, every entry stamped {@code time}. */
    private static Path jar(Path file, long time, String manifestLine, byte[] classBytes) throws Exception {
        try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(Files.newOutputStream(file))) {
            java.util.zip.ZipEntry manifest = new java.util.zip.ZipEntry("META-INF/MANIFEST.MF");
            manifest.setTime(time);
            out.putNextEntry(manifest);
            out.write(("Manifest-Version: 1.0\n" + manifestLine + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.util.zip.ZipEntry type = new java.util.zip.ZipEntry("com/acme/OrderSerializer.class");
            type.setTime(time);
            out.putNextEntry(type);
            out.write(classBytes);
        }
        return file;
    }

    /** Issue 74: a side's text that names the first problem of its JVM reaches the console and summary.json neutral. */
    @Test
    void aForksFirstProblemAndAFrameNameAreShownNeutral() {
        String first = ForkJvm.firstProblem("ok\n::error::Exception forged\u001b[2K");
        org.junit.jupiter.api.Assertions.assertTrue(first.contains("Exception forged") && !first.contains("::error::") && !first.contains("\u001b"), first);
        String frame = new dev.kafkaperfgate.internal.component.profile.WhereItWent.Row("::add-mask::x\r.run", 1, 2, 3, 4, true, 5).name();
        org.junit.jupiter.api.Assertions.assertTrue(!frame.contains("::add-mask::") && !frame.contains("\r"), frame);
    }
}
