package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.spec.ClientProperties;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.spec.MirrorSpec;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import dev.kafkaperfgate.internal.spec.PayloadFile;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.internal.spec.TrogdorSpec;
import dev.kafkaperfgate.internal.spec.UserClasses;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.spi.ProducerFactory;
import dev.kafkaperfgate.spi.RecordSource;
import org.apache.kafka.common.config.TopicConfig;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads one scenario file strictly. Every problem is reported with file, line and field; a file
 * with any problem yields no scenario. The fields, with Kafka's own keys verbatim:
 *
 * <pre>
 * name: producer-1k-acks1-20k          # unique, stable: it keys the baseline
 * description: Fixed-rate 1 KiB producer, acks=1
 * tags: [pr, nightly]                   # the suites it belongs to: pr, nightly or a team's own names
 * workload: produce                    # or consume, or end-to-end
 * cluster: {brokers: 3}                # optional: a KRaft cluster of 1 (default) to 5 brokers, started for this scenario
 * topic: {partitions: 1, replication.factor: 1, configs: {min.insync.replicas: "1"}}   # replication.factor &lt;= brokers
 * duration: 15s                        # per trial; or records: 300000 (consume: the records pre-loaded)
 * record.size: 1024                    # or payload.file: payloads.txt (one value per line, next to this file)
 *                                      # or record.source: {class: com.example.OrderRecords, config: {k: v}}
 * compressibility: 0.5                 # 0.0 random bytes .. 1.0 fixed text
 * rate: 20000                          # records/s, or unlimited (consume: unlimited; end-to-end: a number)
 * producer.config: ../src/main/resources/producer.properties   # optional, as --producer.config; keys below override it
 * producer: {acks: "1", linger.ms: 0, batch.size: 16384, compression.type: none}   # may name the team's serializers,
 *                                      # interceptor.classes and partitioner.class
 * producer.factory: com.example.TracedProducers   # optional: send through the team's wrapper
 * consumer.config: consumer.properties # optional, consume and end-to-end only
 * consumer: {fetch.min.bytes: 1}       # consume and end-to-end only
 * warmup: default                      # or none, or {min: 15s, max: 45s, window: 5s, windows: 3, tolerance: 0.2}
 * trials: 3
 * thresholds: {throughput: -10%, p99: +25%, cpu: +10%, alloc: +10%, wire.bytes: +10%, records.per.request: -10%,
 *              failover: +25%}                     # failover: the unavailability window of a fault scenario
 * sweep: {parameter: producer.batch.size, values: [8192, 16384, 32768]}   # or record.size, rate, topic.partitions
 * fault: {stop-broker: leader-of-partition-0, at: 20s, restart-after: 10s}   # or kill-broker, pause-broker with resume-after, partition-broker with heal-after; produce on a cluster, nightly only;
 *                                      # or kill-broker (a crash); or broker-2
 * trogdor: {agents: 2}                 # the producer runs on Trogdor agents (nightly; timed trials)
 * </pre>
 */
public final class ScenarioFileParser {

    static final List<String> TOP_LEVEL = List.of("name", "description", "tags", "workload", "cluster", "topic", "records", "duration",
            "record.size", "payload.file", "record.source", "compressibility", "rate", "producer.config", "producer",
            "producer.factory", "consumer.config", "consumer", "warmup", "trials", "thresholds", "latency", "sweep", "fault", "network", "mirror",
            "trogdor");

    /** Starts with a letter or digit: "." and ".." are folder names, and a name becomes a file name. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    /** A suite name, as {@code -Dperf.suite} selects it. */
    private static final Pattern TAG = dev.kafkaperfgate.internal.settings.SettingForms.TAG;
    private static final Set<String> TOPIC_CONFIGS = topicConfigNames();
    private static final int MAX_RECORD_SIZE = 100 * 1024 * 1024;

    private ScenarioFileParser() {
    }

    /**
     * The scenario {@code name} of {@code file}, or {@code null} when the file defines none.
     *
     * @throws ScenarioValidationException listing every problem of the file
     */
    public static Scenario find(Path file, String name) {
        List<ValidationError> errors = new ArrayList<>();
        List<Scenario> scenarios = parse(file, errors);
        if (!errors.isEmpty()) {
            throw new ScenarioValidationException(errors);
        }
        return scenarios.stream().filter(scenario -> scenario.name().equals(name)).findFirst().orElse(null);
    }

    /** The file's scenarios, or none with the problems appended to {@code errors}. */
    public static List<Scenario> parse(Path file, List<ValidationError> errors) {
        int before = errors.size();
        Node root = compose(file, errors);
        if (root == null) {
            return List.of();
        }
        if (!(root instanceof MappingNode mapping)) {
            errors.add(new ValidationError(file, YamlMap.line(root), "(file)", "must be a mapping of scenario fields"));
            return List.of();
        }
        YamlMap doc = new YamlMap(file, "", mapping, errors);
        doc.rejectUnknown(TOP_LEVEL);
        ScenarioDraft draft = read(doc);
        if (errors.size() > before) {
            return List.of();
        }
        return SweepExpansion.expand(doc, draft, errors);
    }

    private static ScenarioDraft read(YamlMap doc) {
        String name = doc.string("name", true);
        if (name != null && !NAME.matcher(name).matches()) {
            doc.report("name", "'" + name + "' may only hold letters, digits, '.', '_' and '-', starting with a letter or digit");
        }
        String workloadKey = doc.string("workload", true);
        WorkloadKind workload = workloadKey == null ? null : WorkloadKind.forKey(workloadKey).orElse(null);
        if (workloadKey != null && workload == null) {
            doc.report("workload", "'" + workloadKey + "' is not a workload; use one of " + WorkloadKind.keys());
        }
        List<String> tags = tags(doc);
        if (workload == WorkloadKind.MIRROR && tags.contains("pr")) {
            doc.report("tags", "a mirror scenario cannot run in the pr suite: paired mode starts one cluster, and a mirror needs "
                    + "two and MirrorMaker 2; tag it nightly");
        }

        int brokers = 1;
        YamlMap cluster = doc.map("cluster");
        if (cluster != null) {
            cluster.rejectUnknown(List.of("brokers"));
            brokers = cluster.integer("brokers", 1, Defaults.MAX_CLUSTER_BROKERS, 1L).intValue();
        }
        int partitions = Defaults.PARTITIONS;
        short replicationFactor = Defaults.REPLICATION_FACTOR;
        Map<String, String> topicConfigs = Map.of();
        YamlMap topic = doc.map("topic");
        if (topic != null) {
            topic.rejectUnknown(List.of("partitions", "replication.factor", "configs"));
            partitions = topic.integer("partitions", 1, 10_000, (long) Defaults.PARTITIONS).intValue();
            replicationFactor = topic.integer("replication.factor", 1, Short.MAX_VALUE, (long) Defaults.REPLICATION_FACTOR).shortValue();
            YamlMap configs = topic.map("configs");
            if (configs != null) {
                configs.rejectUnknown(TOPIC_CONFIGS);
                topicConfigs = configs.scalars();
            }
        }

        if (workload == WorkloadKind.CONSUME && doc.has("duration")) {
            doc.report("duration", "a consume scenario reads a pre-loaded topic: set records (how many to pre-load), not duration");
        } else if (doc.has("records") == doc.has("duration")) {
            doc.report(doc.has("records") ? "duration" : "records", "set exactly one of records (per trial) and duration (per trial)");
        }
        long records = doc.integer("records", 1, Long.MAX_VALUE, 0L);
        Duration duration = doc.duration("duration", null);
        int recordSize = doc.integer("record.size", 1, MAX_RECORD_SIZE, 0L).intValue();
        Path payloadFile = payloadFile(doc);
        RecordSourceSpec recordSource = recordSource(doc);
        long valueSources = VALUE_SOURCES.stream().filter(doc::has).count();
        if (valueSources != 1) {
            doc.report(valueSources == 0 ? "record.size" : VALUE_SOURCES.stream().filter(doc::has).skip(1).findFirst().orElseThrow(),
                    "set exactly one of record.size (generated values), payload.file (values from a file) and "
                            + "record.source (the team's own records)");
        }
        if (!doc.has("record.size") && doc.has("compressibility")) {
            doc.report("compressibility", "applies to generated values (record.size) only");
        }
        double compressibility = doc.number("compressibility", 0, 1, Defaults.PAYLOAD_COMPRESSIBILITY);
        double rate = rate(doc, workload);

        Map<String, String> producer = ClientSections.producer(doc);
        Map<String, String> consumer = ClientSections.consumer(doc, workload);
        String producerFactory = userClass(doc, "producer.factory", ProducerFactory.class);
        if (!doc.has("record.source")) {
            ClientProperties.PRODUCER.userSerializer(producer).ifPresent(serializer -> doc.report("producer",
                    serializer + " needs record.source to make its objects: the built-in payloads are byte[]"));
        }
        WarmupPolicy warmup = warmup(doc);
        int trials = doc.integer("trials", 1, 100, (long) Defaults.TRIALS).intValue();
        Thresholds thresholds = ThresholdsBlock.read(doc, workload);
        FaultSpec fault = NightlyBlocks.fault(doc, workload, tags);
        NetworkSpec network = NightlyBlocks.network(doc, tags);
        MirrorSpec mirror = ClientSections.mirror(doc, workload);
        TrogdorSpec trogdor = NightlyBlocks.trogdor(doc, workload, tags);
        return new ScenarioDraft(name, doc.lineOf("name"), doc.string("description", false), tags, workload, brokers, partitions,
                replicationFactor, topicConfigs, records, duration, recordSize, payloadFile, recordSource, compressibility, rate,
                producer, producerFactory, consumer, warmup, trials, thresholds, fault, network, mirror, trogdor);
    }

    /** The suites a scenario belongs to: pr and nightly as this repository uses them, or a team's own names. */
    private static List<String> tags(YamlMap doc) {
        List<ScalarNode> nodes = doc.list("tags");
        if (nodes == null) {
            if (!doc.has("tags")) {
                doc.report("tags", "required: the suites the scenario belongs to, e.g. [pr, nightly]");
            }
            return List.of();
        }
        List<String> tags = new ArrayList<>();
        for (ScalarNode node : nodes) {
            if (!TAG.matcher(node.getValue()).matches()) {
                doc.reportAt(node, doc.field("tags"), "tag '" + node.getValue()
                        + "' may only hold lower-case letters, digits, '_' and '-', starting with a letter or digit");
            } else {
                tags.add(node.getValue());
            }
        }
        if (nodes.isEmpty()) {
            doc.report("tags", "needs at least one suite, e.g. [pr, nightly]");
        }
        return tags;
    }

    private static final List<String> VALUE_SOURCES = List.of("record.size", "payload.file", "record.source");

    /** {@code record.source: com.example.OrderRecords} or {@code {class: com.example.OrderRecords, config: {k: v}}}. */
    private static RecordSourceSpec recordSource(YamlMap doc) {
        if (!doc.has("record.source")) {
            return null;
        }
        String className;
        Map<String, String> config = Map.of();
        if (doc.raw("record.source") instanceof ScalarNode) {
            className = userClass(doc, "record.source", RecordSource.class);
        } else {
            YamlMap source = doc.map("record.source");
            if (source == null) {
                return null;
            }
            source.rejectUnknown(List.of("class", "config"));
            className = userClass(source, "class", RecordSource.class);
            YamlMap settings = source.map("config");
            if (settings != null) {
                config = settings.scalars();
            }
        }
        return className == null ? null : new RecordSourceSpec(className, config);
    }

    /** A class of the team's named by {@code key}, checked to exist and implement {@code expected}; null when absent or bad. */
    private static String userClass(YamlMap map, String key, Class<?> expected) {
        String className = map.string(key, false);
        if (className == null) {
            return null;
        }
        String problem = UserClasses.problem(className, expected).orElse(null);
        if (problem != null) {
            map.report(key, problem);
            return null;
        }
        return className.trim();
    }

    private static double rate(YamlMap doc, WorkloadKind workload) {
        String text = doc.text("rate", workload != WorkloadKind.CONSUME);
        if (text == null || text.equals("unlimited")) {
            if (workload == WorkloadKind.END_TO_END && text != null) {
                doc.report("rate", "an end-to-end scenario measures latency at a fixed rate: give records/s, not unlimited");
            }
            if (workload == WorkloadKind.MIRROR && text != null) {
                doc.report("rate", "a mirror scenario replicates at a fixed rate: give records/s, not unlimited");
            }
            return ProduceScenario.UNLIMITED;
        }
        if (workload == WorkloadKind.CONSUME) {
            doc.report("rate", "a consume scenario pre-loads as fast as the producer can: leave rate out or set unlimited");
            return ProduceScenario.UNLIMITED;
        }
        Double rate = doc.number("rate", 1, 100_000_000, null);
        return rate == null ? ProduceScenario.UNLIMITED : rate;
    }

    /** The payload file, relative to the scenario file's directory, checked to hold at least one value. */
    private static Path payloadFile(YamlMap doc) {
        String text = doc.string("payload.file", false);
        if (text == null) {
            return null;
        }
        Path file = doc.fileOf().toAbsolutePath().getParent().resolve(text).normalize();
        try {
            PayloadFile.values(file);
        } catch (IllegalArgumentException e) {
            doc.report("payload.file", e.getMessage());
            return null;
        }
        return file;
    }

    private static WarmupPolicy warmup(YamlMap doc) {
        String text = doc.raw("warmup") instanceof ScalarNode ? doc.text("warmup", false) : null;
        if (!doc.has("warmup") || "default".equals(text)) {
            return WarmupPolicy.DEFAULT;
        }
        if ("none".equals(text)) {
            return WarmupPolicy.NONE;
        }
        if (text != null) {
            doc.report("warmup", "must be default, none, or a mapping {min, max, window, windows, tolerance}");
            return WarmupPolicy.DEFAULT;
        }
        YamlMap warmup = doc.map("warmup");
        if (warmup == null) {
            return WarmupPolicy.DEFAULT;
        }
        warmup.rejectUnknown(List.of("min", "max", "window", "windows", "tolerance"));
        WarmupPolicy base = WarmupPolicy.DEFAULT;
        Duration min = warmup.duration("min", base.min());
        Duration max = warmup.duration("max", base.max());
        Duration window = warmup.duration("window", base.window());
        int windows = warmup.integer("windows", 2, 100, (long) base.steadyWindows()).intValue();
        double tolerance = warmup.number("tolerance", 0.001, 10, base.tolerance());
        if (max.compareTo(min) < 0) {
            warmup.report("max", "must not be shorter than min (" + min.toSeconds() + " s)");
            return base;
        }
        return new WarmupPolicy(min, max, window, windows, tolerance);
    }

    private static Node compose(Path file, List<ValidationError> errors) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true); // YamlMap reports duplicates itself, with both lines
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Node root = new Yaml(options).compose(reader);
            if (root == null) {
                errors.add(new ValidationError(file, 1, "(file)", "is empty"));
            }
            return root;
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            errors.add(new ValidationError(file, mark == null ? 1 : mark.getLine() + 1, "(file)",
                    "not valid YAML: " + e.getProblem()));
        } catch (YAMLException e) {
            errors.add(new ValidationError(file, 1, "(file)", "not valid YAML: " + e.getMessage()));
        } catch (IOException e) {
            errors.add(new ValidationError(file, 1, "(file)", "cannot be read: " + e.getMessage()));
        }
        return null;
    }

    /** The topic-level config names Kafka defines, from TopicConfig's *_CONFIG constants. */
    private static Set<String> topicConfigNames() {
        return Arrays.stream(TopicConfig.class.getFields())
                .filter(field -> Modifier.isStatic(field.getModifiers()) && field.getName().endsWith("_CONFIG"))
                .map(ScenarioFileParser::constant)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String constant(Field field) {
        try {
            return (String) field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
