package dev.kafkaperfgate.tools.bench;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.environment.ProcessPinning;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Kafka's own ProducerPerformance against this harness, on one broker with one configuration,
 * interleaved round by round (the order alternates), each run in a fresh JVM with the same flags
 * and CPUs. Prints every round, each side's spread, and the ratio of medians. The goal is a
 * harness that is not the bottleneck: a ratio of at least 1.0. Run by scripts/bench-vs-kafka-tool.sh.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Kafka's own ProducerPerformance (kafka-tools) against this harness on one process broker with the same "
                + "configuration, interleaved over rounds (the order alternates), each run in a fresh JVM. Prints every round, "
                + "each side's spread and the ratio of medians (goal: >= 1.0).",
                "Both sides send the same payload bytes by default (--kafka-payload pool)."})
public final class SideBySide implements Callable<Integer> {

    @Option(names = "--rounds", defaultValue = "5", description = "rounds, each one run of each side (default: ${DEFAULT-VALUE})")
    int rounds;
    @Option(names = "--num-records", defaultValue = "1000000", description = "records per run (default: ${DEFAULT-VALUE})")
    long numRecords;
    @Option(names = "--record-size", defaultValue = "1024", description = "bytes per record (default: ${DEFAULT-VALUE})")
    int recordSize;
    @Option(names = "--acks", defaultValue = "1", description = "acks of both producers (default: ${DEFAULT-VALUE})")
    String acks;
    @Option(names = "--compression-type", defaultValue = "none", description = "compression.type of both producers (default: ${DEFAULT-VALUE})")
    String compressionType;
    @Option(names = "--partitions", defaultValue = "1", description = "partitions of each run's topic (default: ${DEFAULT-VALUE})")
    int partitions;
    @Option(names = "--payload-file", paramLabel = "FILE", defaultValue = "",
            description = "values for both sides, one per non-empty line, as kafka-producer-perf-test --payload-file reads them")
    String payloadFile;
    @Option(names = "--broker-cpus", defaultValue = "0", description = "CPUs of the broker ('' to unpin; default: ${DEFAULT-VALUE})")
    String brokerCpus;
    @Option(names = "--client-cpus", defaultValue = "1", description = "CPUs of both producers ('' to unpin; default: ${DEFAULT-VALUE})")
    String clientCpus;
    @Option(names = "--kafka-payload", defaultValue = "pool",
            description = "pool: both sides send one file of 1024 seeded payloads; generated: Kafka's tool draws a random payload "
                    + "per record (--record-size) and the harness uses its own pool (default: ${DEFAULT-VALUE})")
    String kafkaPayload;
    @Option(names = "--broker-classpath-file", required = true, paramLabel = "FILE", description = "the broker jars' classpath (the wrapper script passes it)")
    Path brokerClasspathFile;
    @Option(names = "--harness-classpath-file", required = true, paramLabel = "FILE", description = "the harness's classpath (the wrapper script passes it)")
    Path harnessClasspathFile;

    private static final String JVM_FLAGS = "-Xms1g -Xmx1g -XX:+UseG1GC";
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);
    /** Stands for the topic in a command; each run replaces it with a topic of its own. */
    private static final String TOPIC = "<topic>";

    @Override
    public Integer call() throws IOException {
        CpuSet clientCpus = CpuSet.parseOrNull(this.clientCpus);
        Properties brokerProperties = new Properties();
        brokerProperties.setProperty(dev.kafkaperfgate.internal.settings.GateProperties.BROKER_CLASSPATH_FILE, brokerClasspathFile.toString());
        brokerProperties.setProperty(dev.kafkaperfgate.internal.settings.GateProperties.BROKER_CPUS, brokerCpus);
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(brokerProperties)).withMode(BrokerMode.PROCESS);
        String toolClasspath = Files.readString(brokerClasspathFile).trim();
        String harnessClasspath = Files.readString(harnessClasspathFile).trim();
        if (partitions < 1) {
            throw new IllegalArgumentException("--partitions must be at least 1, got " + partitions);
        }
        System.out.printf("side-by-side: %d rounds of %s records of %s, acks=%s, compression.type=%s, %d partition(s), "
                        + "unthrottled; broker on CPUs %s, producers on CPUs %s, JVM %s; Kafka's tool payloads: %s%n", rounds,
                Long.toString(numRecords), payloadFile.isEmpty() ? recordSize + " B" : "the lines of " + payloadFile,
                acks, compressionType, partitions, settings.cpus(), clientCpus, JVM_FLAGS,
                payloadFile.isEmpty() ? kafkaPayload : "the same file");
        System.out.println("side-by-side: both sides send the same payload bytes: "
                + (!payloadFile.isEmpty() || kafkaPayload.equals("pool") ? "yes" : "no (--kafka-payload generated)"));
        try (ProcessBroker broker = ProcessBroker.start(settings, "side-by-side benchmark");
             GateTopics topics = new GateTopics(broker)) {
            // Each run writes to its own topic, deleted right after: 11 runs of 1 M records of 2 KiB would
            // otherwise fill the broker's in-memory log directory (/dev/shm) and kill it mid-benchmark.
            String topic = TOPIC;
            // Both sides get the same payload bytes by default: one file of 1024 seeded payloads, which
            // Kafka's tool reads with --payload-file and the harness cycles in the same order. Given only
            // --record-size, Kafka's tool would send letters while the harness sent its 50%-random pool,
            // and under compression that compares different bytes (zstd made the harness look 2x slower).
            // "generated" keeps the old, unlike comparison: Kafka's tool draws a random payload per
            // record (on its sending thread) and the harness uses its own pool.
            String sameBytes = !payloadFile.isEmpty() ? payloadFile : switch (kafkaPayload) {
                case "pool" -> payloadFile(recordSize).toString();
                case "generated" -> "";
                default -> throw new IllegalArgumentException("--kafka-payload must be pool or generated");
            };
            List<String> payload = sameBytes.isEmpty() ? List.of("--record-size", Integer.toString(recordSize))
                    : List.of("--payload-file", sameBytes);
            List<String> tool = command(clientCpus, toolClasspath, "org.apache.kafka.tools.ProducerPerformance",
                    "--topic", topic, "--num-records", Long.toString(numRecords));
            tool.addAll(payload);
            tool.addAll(List.of("--throughput", "-1", "--producer-props", "bootstrap.servers=" + broker.bootstrapServers(),
                    "acks=" + acks, "compression.type=" + compressionType));
            List<String> harness = command(clientCpus, harnessClasspath, HarnessProducerMain.class.getName(),
                    "--bootstrap-servers", broker.bootstrapServers(), "--topic", topic, "--num-records",
                    Long.toString(numRecords), "--record-size", Integer.toString(recordSize), "--acks", acks,
                    "--compression-type", compressionType, "--payload-file", sameBytes);

            // A fresh broker climbs for the first 1-2 M records: one discarded round of each warms it.
            FreshTopicRuns run = new FreshTopicRuns(topics, partitions);
            System.out.printf("warm-up round (discarded): kafka %.1f, harness %.1f records/sec%n", run.apply(tool), run.apply(harness));
            List<Double> kafka = new ArrayList<>();
            List<Double> ours = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                boolean toolFirst = round % 2 == 1;
                double first = run.apply(toolFirst ? tool : harness);
                double second = run.apply(toolFirst ? harness : tool);
                double k = toolFirst ? first : second;
                double h = toolFirst ? second : first;
                kafka.add(k);
                ours.add(h);
                ratios.add(h / k);
                System.out.printf(Locale.ROOT, "round %d (%s first): kafka %.1f, harness %.1f records/sec, ratio %.3f%n",
                        round, toolFirst ? "kafka" : "harness", k, h, h / k);
            }
            Spread kafkaSpread = Spread.of(kafka);
            Spread oursSpread = Spread.of(ours);
            Spread ratioSpread = Spread.of(ratios);
            System.out.println("kafka ProducerPerformance: " + kafkaSpread.describe("records/sec"));
            System.out.println("kafka-perf-gate harness:   " + oursSpread.describe("records/sec"));
            System.out.printf(Locale.ROOT, "per-round ratio harness/kafka: median %.3f, range %.3f..%.3f%n",
                    ratioSpread.median(), ratioSpread.min(), ratioSpread.max());
            double ratio = oursSpread.median() / kafkaSpread.median();
            System.out.printf(Locale.ROOT, "RATIO OF MEDIANS harness/kafka = %.3f (goal >= 1.0): %s%n", ratio,
                    ratio >= 1.0 ? "met" : "NOT met");
        }
        return 0;
    }

    /** Runs a producer command on a topic of its own, created first and deleted after: {@link #TOPIC} in the command names it. */
    private static final class FreshTopicRuns {
        private final GateTopics topics;
        private final int partitions;
        private int runs;

        FreshTopicRuns(GateTopics topics, int partitions) {
            this.topics = topics;
            this.partitions = partitions;
        }

        double apply(List<String> command) {
            String fresh = topics.create("side-by-side-" + ++runs, partitions, (short) 1, Map.of());
            try {
                return ChildJvm.recordsPerSecond(command.stream().map(arg -> arg.equals(TOPIC) ? fresh : arg).toList(), RUN_TIMEOUT);
            } finally {
                topics.delete(fresh);
            }
        }
    }

    /** 1024 seeded payloads of uppercase letters, one per line, as Kafka's --payload-file reads them. */
    private static Path payloadFile(int recordSize) throws IOException {
        SplittableRandom random = new SplittableRandom(Defaults.PAYLOAD_SEED);
        StringBuilder text = new StringBuilder();
        for (int p = 0; p < Defaults.PAYLOAD_POOL_SIZE; p++) {
            for (int i = 0; i < recordSize; i++) {
                text.append((char) ('A' + random.nextInt(26)));
            }
            text.append('\n');
        }
        Path file = Files.createTempFile("kpg-payloads-", ".txt");
        file.toFile().deleteOnExit();
        return Files.writeString(file, text);
    }

    private static List<String> command(CpuSet cpus, String classpath, String main, String... args) {
        List<String> command = new ArrayList<>();
        if (cpus != null) {
            command.addAll(ProcessPinning.commandPrefix(cpus));
        }
        command.add(ThisJvm.javaExecutable());
        command.addAll(Arrays.asList(JVM_FLAGS.split(" ")));
        command.addAll(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dlog4j2.level=WARN", "-cp", classpath, main));
        command.addAll(Arrays.asList(args));
        return command;
    }
}
