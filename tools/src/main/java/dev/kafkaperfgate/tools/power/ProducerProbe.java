package dev.kafkaperfgate.tools.power;

import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.environment.ProcessPinning;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.metrics.Median;
import dev.kafkaperfgate.internal.paired.PairedPinning;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The second opinion on a change's size (issue 61): the power subject's serializer in a real,
 * long-running {@code KafkaProducer} against a real broker, one side per fresh JVM, ABBA. The
 * sending thread's CPU per record holds the serializer's cost as production pays it; the head's
 * added cost is the difference, in ns per record, read beside the same change's ns per call alone
 * ({@link DilutionProbe}'s isolated arm) and in duels.
 *
 * <pre>
 * scripts/tools.sh power producer --library avro --blocks 6
 * </pre>
 */
@Command(name = "producer", mixinStandardHelpOptions = true,
        description = "A change's added CPU per record in a real, long-running producer (fresh JVMs, one side each, ABBA): the second opinion.")
public final class ProducerProbe implements Callable<Integer> {

    private static final Pattern LINE = Pattern.compile("producer-fork: (\\d+) records, ([0-9.]+) CPU ns/record");

    @Option(names = "--library", defaultValue = "avro", description = "a power subject: jackson, avro, avro-once... (default: ${DEFAULT-VALUE})")
    String library;
    @Option(names = "--blocks", defaultValue = "6", description = "ABBA blocks, four producer JVMs each (default: ${DEFAULT-VALUE})")
    int blocks;
    @Option(names = "--warmup", defaultValue = "20", description = "each producer's warm-up, seconds (default: ${DEFAULT-VALUE})")
    int warmup;
    @Option(names = "--measure", defaultValue = "20", description = "each producer's measured time, seconds (default: ${DEFAULT-VALUE})")
    int measure;
    @Option(names = "--rate", defaultValue = "20000", description = "records/s each producer sends (default: ${DEFAULT-VALUE})")
    int rate;
    @Option(names = "--dir", defaultValue = "target/producer-probe", description = "work folder (default: ${DEFAULT-VALUE})")
    Path dir;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (blocks < 1 || warmup < 1 || measure < 1 || rate < 1) {
            throw new IllegalArgumentException("--blocks, --warmup, --measure and --rate must be at least 1");
        }
        Files.createDirectories(dir);
        PowerSubject subject = PowerSubject.named(library);
        String libraries = ThisJvm.classPath();
        Map<String, String> classpath = Map.of("base", subject.compile(dir, "base", subject.base()) + File.pathSeparator + libraries,
                "head", subject.compile(dir, "head", subject.head()) + File.pathSeparator + libraries);
        // Pinned as the gate pins a paired run: the broker on the first half of the CPUs, the producer on the other.
        PairedPinning pinning = PairedPinning.forThisMachine(GateSettings.defaults());
        Properties brokerProperties = new Properties();
        brokerProperties.setProperty(GateProperties.BROKER, "process");
        pinning.withBroker(GateSettings.defaults()).given().forEach(brokerProperties::setProperty);
        System.out.printf(Locale.ROOT, "[producer-probe] %s: %d ABBA blocks of producer JVMs, %d s warm-up and %d s measured each, %d records/s, "
                + "acks=1, linger.ms=5; %s%n", library, blocks, warmup, measure, rate, pinning.line());
        List<Double> base = new ArrayList<>();
        List<Double> deltas = new ArrayList<>();
        try (KafkaBroker broker = BrokerSelector.start(BrokerSettings.from(GateSettings.of(brokerProperties)), System.out);
             GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create("producer-probe", 3, (short) 1, Map.of());
            int fork = 0;
            for (int block = 1; block <= blocks; block++) {
                String[] order = {"base", "head", "head", "base"};
                double[] values = new double[4];
                for (int i = 0; i < 4; i++) {
                    values[i] = fork(classpath.get(order[i]), pinning.clients(), broker.bootstrapServers(), topic, subject, ++fork);
                    if (order[i].equals("base")) {
                        base.add(values[i]);
                    }
                }
                double delta = (values[1] + values[2] - values[0] - values[3]) / 2;
                deltas.add(delta);
                System.out.printf(Locale.ROOT, "[producer-probe] %s block %d: base %.0f/%.0f, head %.0f/%.0f CPU ns/record (%+.0f ns, %+.1f%%)%n",
                        library, block, values[0], values[3], values[1], values[2], delta, delta * 200 / (values[0] + values[3]));
            }
        }
        double baseMedian = Median.of(base.stream().mapToDouble(Double::doubleValue).toArray());
        double[] sorted = deltas.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "[producer-probe] %s: base median %.0f CPU ns/record on the sending thread; the head adds %+.0f ns a record "
                        + "(median of %d blocks, %+.0f..%+.0f), %+.1f%% of the base's sending thread%n", library, baseMedian, Median.of(sorted),
                sorted.length, sorted[0], sorted[sorted.length - 1], Median.of(sorted) / baseMedian * 100);
        return 0;
    }

    /** One producer JVM of one side, bounded; its sending thread's CPU ns per record. */
    private double fork(String classpath, CpuSet cpus, String bootstrap, String topic, PowerSubject subject, int number)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(cpus == null ? List.of() : ProcessPinning.commandPrefix(cpus));
        command.addAll(List.of(ThisJvm.javaExecutable(), "-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-cp", classpath, ProducerFork.class.getName(),
                bootstrap, topic, subject.scenarioClass(), subject.recordSource(), Integer.toString(warmup), Integer.toString(measure),
                Integer.toString(rate)));
        Path log = dir.resolve("producer-" + number + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!process.waitFor(warmup + measure + 60L, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("producer " + number + " took longer than " + (warmup + measure + 60) + " s (log " + log + ")");
        }
        for (String line : Files.readAllLines(log)) {
            Matcher matcher = LINE.matcher(line);
            if (matcher.find()) {
                return Double.parseDouble(matcher.group(2));
            }
        }
        throw new IllegalStateException("producer " + number + " gave no figure (exit " + process.exitValue() + ", log " + log + ")");
    }
}
