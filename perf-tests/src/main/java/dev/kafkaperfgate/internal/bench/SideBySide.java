package dev.kafkaperfgate.internal.bench;

import dev.kafkaperfgate.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.ProcessBroker;
import dev.kafkaperfgate.internal.environment.CpuSet;
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

/**
 * Kafka's own ProducerPerformance against this harness, on one broker with one configuration,
 * interleaved round by round (the order alternates), each run in a fresh JVM with the same flags
 * and CPUs. Prints every round, each side's spread, and the ratio of medians. The goal is a
 * harness that is not the bottleneck: a ratio of at least 1.0. Run by scripts/bench-vs-kafka-tool.sh.
 */
public final class SideBySide {

    private static final String JVM_FLAGS = "-Xms1g -Xmx1g -XX:+UseG1GC";
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);
    /** Stands for the topic in a command; each run replaces it with a topic of its own. */
    private static final String TOPIC = "<topic>";

    private SideBySide() {
    }

    public static void main(String[] args) throws IOException {
        BenchArgs options = new BenchArgs(args, Map.ofEntries(Map.entry("rounds", "5"), Map.entry("num-records", "1000000"),
                Map.entry("record-size", "1024"), Map.entry("acks", "1"), Map.entry("compression-type", "none"),
                Map.entry("partitions", "1"), Map.entry("payload-file", ""), Map.entry("broker-cpus", "0"),
                Map.entry("client-cpus", "1"), Map.entry("kafka-payload", "pool"), Map.entry("broker-classpath-file", ""),
                Map.entry("harness-classpath-file", "")));
        int rounds = (int) options.number("rounds");
        CpuSet clientCpus = CpuSet.parseOrNull(options.text("client-cpus"));
        Properties brokerProperties = new Properties();
        brokerProperties.setProperty("perf.broker.classpath.file", options.text("broker-classpath-file"));
        brokerProperties.setProperty("perf.broker.cpus", options.text("broker-cpus"));
        BrokerSettings settings = BrokerSettings.from(brokerProperties).withMode(BrokerMode.PROCESS);
        String toolClasspath = Files.readString(Path.of(options.text("broker-classpath-file"))).trim();
        String harnessClasspath = Files.readString(Path.of(options.text("harness-classpath-file"))).trim();

        String payloadFile = options.text("payload-file");
        int partitions = (int) options.number("partitions");
        if (partitions < 1) {
            throw new IllegalArgumentException("--partitions must be at least 1, got " + partitions);
        }
        System.out.printf("side-by-side: %d rounds of %s records of %s, acks=%s, compression.type=%s, %d partition(s), "
                        + "unthrottled; broker on CPUs %s, producers on CPUs %s, JVM %s; Kafka's tool payloads: %s%n", rounds,
                options.text("num-records"), payloadFile.isEmpty() ? options.text("record-size") + " B" : "the lines of " + payloadFile,
                options.text("acks"), options.text("compression-type"), partitions, settings.cpus(), clientCpus, JVM_FLAGS,
                payloadFile.isEmpty() ? options.text("kafka-payload") : "the same file");
        System.out.println("side-by-side: both sides send the same payload bytes: "
                + (!payloadFile.isEmpty() || options.text("kafka-payload").equals("pool") ? "yes" : "no (--kafka-payload generated)"));
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
            String sameBytes = !payloadFile.isEmpty() ? payloadFile : switch (options.text("kafka-payload")) {
                case "pool" -> payloadFile((int) options.number("record-size")).toString();
                case "generated" -> "";
                default -> throw new IllegalArgumentException("--kafka-payload must be pool or generated");
            };
            List<String> payload = sameBytes.isEmpty() ? List.of("--record-size", options.text("record-size"))
                    : List.of("--payload-file", sameBytes);
            List<String> tool = command(clientCpus, toolClasspath, "org.apache.kafka.tools.ProducerPerformance",
                    "--topic", topic, "--num-records", options.text("num-records"));
            tool.addAll(payload);
            tool.addAll(List.of("--throughput", "-1", "--producer-props", "bootstrap.servers=" + broker.bootstrapServers(),
                    "acks=" + options.text("acks"), "compression.type=" + options.text("compression-type")));
            List<String> harness = command(clientCpus, harnessClasspath, HarnessProducerMain.class.getName(),
                    "--bootstrap-servers", broker.bootstrapServers(), "--topic", topic, "--num-records",
                    options.text("num-records"), "--record-size", options.text("record-size"), "--acks", options.text("acks"),
                    "--compression-type", options.text("compression-type"), "--payload-file", sameBytes);

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
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(JVM_FLAGS.split(" ")));
        command.addAll(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dlog4j2.level=WARN", "-cp", classpath, main));
        command.addAll(Arrays.asList(args));
        return command;
    }
}
