package dev.kafkaperfgate.internal.spec;

import dev.kafkaperfgate.internal.settings.Defaults;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A producer scenario, as kafka-producer-perf-test would be run, validated on construction.
 * Build one with {@link #builder(String)}; every unset field takes its value from {@link Defaults}.
 *
 * <pre>{@code
 * ProduceScenario scenario = ProduceScenario.builder("producer-1k-acks1")
 *         .recordSize(1024)
 *         .recordsPerTrial(600_000)
 *         .recordsPerSecond(20_000)
 *         .producerProperty("acks", "1")
 *         .build();
 * }</pre>
 *
 * @param name              unique and stable (it keys the baseline): letters, digits, '.', '_', '-', '[', ']', '='
 * @param partitions        partitions of the scenario's topic, 1 or more
 * @param brokers           brokers of the cluster the topic lives on, 1 to {@link Defaults#MAX_CLUSTER_BROKERS}:
 *                          the gate starts a cluster of this size (external mode: the cluster must have as many)
 * @param replicationFactor replication factor of the topic, 1 to {@code brokers}
 * @param topicConfigs      topic configs, Kafka's own keys
 * @param recordsPerTrial   records each measured trial sends, or 0 when the trial is timed
 * @param trialDuration     length of each measured trial, or {@code null} when it counts records
 * @param recordSize        bytes per record value, 1 to 100 MiB; 0 when the values come from {@code payloadFile} or {@code recordSource}
 * @param payloadFile       a file whose non-empty lines are the record values, or {@code null}; one value per line, as kafka-producer-perf-test --payload-file
 * @param recordSource      a team's own {@link dev.kafkaperfgate.spi.RecordSource} making keys and values, or {@code null}
 * @param compressibility   0.0 (random bytes) to 1.0 (fixed text) of generated values
 * @param payloadSeed       seed of the payload pool
 * @param recordsPerSecond  target rate in records/s, or {@link #UNLIMITED}
 * @param producer          producer properties, Kafka's own keys verbatim; may name the team's serializers,
 *                          interceptors and partitioner
 * @param producerFactory   a team's {@link dev.kafkaperfgate.spi.ProducerFactory} (its wrapper), or {@code null} for a plain KafkaProducer
 * @param warmup            warm-up before the trials, never measured
 * @param trials            measured repetitions, 1 or more
 * @param fault             a broker stopped in the middle of every measured trial, or {@code null}; needs a
 *                          cluster of 2 or more and a timed trial longer than the fault's {@code at}
 * @param network           a slow link between the clients and the brokers (a mirror scenario: between the
 *                          source cluster and MirrorMaker 2), or {@code null} for the host's own loopback
 * @param mirror            MirrorMaker 2's settings when the records are mirrored to a second cluster, or
 *                          {@code null} for every other workload; needs a target rate
 */
public record ProduceScenario(String name, int partitions, int brokers, short replicationFactor, Map<String, String> topicConfigs,
                              long recordsPerTrial, Duration trialDuration, int recordSize, Path payloadFile,
                              RecordSourceSpec recordSource, double compressibility,
                              long payloadSeed, double recordsPerSecond, Map<String, String> producer,
                              String producerFactory, WarmupPolicy warmup, int trials, FaultSpec fault,
                              NetworkSpec network, MirrorSpec mirror) {

    /** No target rate: send as fast as the producer accepts records, like --throughput -1. */
    public static final double UNLIMITED = -1;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._\\-\\[\\]=]+");
    private static final int MAX_RECORD_SIZE = 100 * 1024 * 1024;

    public ProduceScenario {
        Objects.requireNonNull(name, "name");
        topicConfigs = Map.copyOf(topicConfigs);
        producer = Map.copyOf(producer);
        Objects.requireNonNull(warmup, "warmup");
        List<String> problems = new ArrayList<>();
        if (!NAME.matcher(name).matches()) {
            problems.add("name '" + name + "' may only hold letters, digits and . _ - [ ] =");
        }
        if (partitions < 1) {
            problems.add("partitions must be at least 1, got " + partitions);
        }
        if (brokers < 1 || brokers > Defaults.MAX_CLUSTER_BROKERS) {
            problems.add("cluster brokers must be 1 to " + Defaults.MAX_CLUSTER_BROKERS + ", got " + brokers);
        }
        if (replicationFactor < 1) {
            problems.add("replication factor must be at least 1, got " + replicationFactor);
        } else if (replicationFactor > brokers) {
            problems.add("replication factor " + replicationFactor + " needs a cluster of at least " + replicationFactor
                    + " brokers (cluster: {brokers: " + replicationFactor + "}), got " + brokers);
        }
        String minIsr = topicConfigs.get("min.insync.replicas");
        if (minIsr != null && minIsr.matches("\\d{1,5}") && Integer.parseInt(minIsr) > replicationFactor) {
            // Kafka accepts the topic and then refuses every acks=all send (NOT_ENOUGH_REPLICAS).
            problems.add("min.insync.replicas " + minIsr + " is more than the replication factor " + replicationFactor
                    + ": every acks=all send would be refused");
        }
        if ((recordsPerTrial > 0) == (trialDuration != null)) {
            problems.add("set exactly one of records per trial and trial duration");
        }
        if (recordsPerTrial < 0) {
            problems.add("records per trial must be positive, got " + recordsPerTrial);
        }
        if (trialDuration != null && (trialDuration.isNegative() || trialDuration.isZero())) {
            problems.add("trial duration must be longer than zero, got " + trialDuration);
        }
        int valueSources = (recordSize != 0 ? 1 : 0) + (payloadFile != null ? 1 : 0) + (recordSource != null ? 1 : 0);
        if (valueSources != 1) {
            problems.add("set exactly one of record size, payload file and record source");
        } else if (recordSize != 0 && (recordSize < 1 || recordSize > MAX_RECORD_SIZE)) {
            problems.add("record size must be 1 byte to 100 MiB, got " + recordSize);
        }
        if (recordSource != null) {
            UserClasses.problem(recordSource.className(), dev.kafkaperfgate.spi.RecordSource.class)
                    .ifPresent(problem -> problems.add("record source: " + problem));
        } else {
            ClientProperties.PRODUCER.userSerializer(producer).ifPresent(serializer -> problems.add(serializer
                    + " needs a record source to make its objects: the built-in payloads are byte[]"));
        }
        if (producerFactory != null) {
            UserClasses.problem(producerFactory, dev.kafkaperfgate.spi.ProducerFactory.class)
                    .ifPresent(problem -> problems.add("producer factory: " + problem));
        }
        if (!(compressibility >= 0 && compressibility <= 1)) {
            problems.add("compressibility must be between 0.0 and 1.0, got " + compressibility);
        }
        if (recordsPerSecond != UNLIMITED && !(recordsPerSecond > 0 && Double.isFinite(recordsPerSecond))) {
            problems.add("records per second must be positive or UNLIMITED (-1), got " + recordsPerSecond);
        }
        if (trials < 1) {
            problems.add("trials must be at least 1, got " + trials);
        }
        if (fault != null) {
            faultProblems(fault, brokers, partitions, trialDuration, problems);
        }
        if (mirror != null) {
            if (recordsPerSecond == UNLIMITED) {
                problems.add("a mirror scenario replicates at a fixed rate: give records/s, not unlimited (the source would outrun "
                        + "MirrorMaker 2 and only the backlog would be measured)");
            }
            if (fault != null) {
                problems.add("a mirror scenario has no fault: stop brokers in a produce scenario");
            }
            problems.addAll(ClientProperties.PRODUCER.problems(mirror.producer()).stream().map(p -> "mirror.producer: " + p).toList());
            problems.addAll(ClientProperties.CONSUMER.problems(mirror.consumer()).stream().map(p -> "mirror.consumer: " + p).toList());
        }
        problems.addAll(ClientProperties.PRODUCER.problems(producer, producerFactory != null));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("scenario " + name + ": " + String.join("; ", problems));
        }
    }

    private static void faultProblems(FaultSpec fault, int brokers, int partitions, Duration trialDuration, List<String> problems) {
        if (brokers < 2) {
            problems.add("a fault stops a broker: it needs a cluster (cluster: {brokers: 3}), got " + brokers + " broker");
        } else if (fault.brokerId() > brokers) {
            problems.add("fault broker-" + fault.brokerId() + " is not in a cluster of " + brokers + " brokers");
        }
        if (fault.partition() >= partitions) {
            problems.add("fault " + fault.target() + ": the topic has " + partitions + " partition" + (partitions == 1 ? "" : "s")
                    + " (0.." + (partitions - 1) + ")");
        }
        if (trialDuration == null) {
            problems.add("a fault happens at a time in the trial: give the trial a duration, not a record count");
        } else if (fault.at().compareTo(trialDuration) >= 0) {
            problems.add("fault at " + fault.at().toMillis() + " ms is not inside the trial of " + trialDuration.toMillis() + " ms");
        } else if (fault.kind().timed() && fault.at().plus(fault.restartAfter()).compareTo(trialDuration) >= 0) {
            problems.add("fault " + fault.action() + " at " + fault.at().toMillis() + " ms for " + fault.restartAfter().toMillis()
                    + " ms ends after the trial of " + trialDuration.toMillis() + " ms: the broker must " + (fault.kind() == FaultSpec.Kind.PAUSE
                    ? "resume" : "rejoin its peers") + " inside the trial, so that the trial measures the recovery");
        }
    }

    /**
     * This scenario as one paired-mode trial: one measured trial of {@code trialDuration} (a
     * scenario that counts records keeps its count) after {@code warmup}.
     */
    public ProduceScenario asPairedTrial(Duration duration, WarmupPolicy trialWarmup) {
        return new ProduceScenario(name, partitions, brokers, replicationFactor, topicConfigs, trialDuration == null ? recordsPerTrial : 0,
                trialDuration == null ? null : duration, recordSize, payloadFile, recordSource, compressibility, payloadSeed,
                recordsPerSecond, producer, producerFactory, trialWarmup, 1, fault, network, mirror);
    }

    /**
     * One warm window of paired mode: {@code window} long whatever the scenario counts its trials
     * in, after {@code warmup} (run once, when the window's producer opens).
     */
    public ProduceScenario asWarmWindow(Duration window, WarmupPolicy warmup) {
        return new ProduceScenario(name, partitions, brokers, replicationFactor, topicConfigs, 0, window, recordSize, payloadFile,
                recordSource, compressibility, payloadSeed, recordsPerSecond, producer, producerFactory, warmup, 1, fault, network, mirror);
    }

    /** This experiment with another side's subject: its producer settings and producer factory. */
    public ProduceScenario withSubject(Map<String, String> producerProperties, String factory) {
        return new ProduceScenario(name, partitions, brokers, replicationFactor, topicConfigs, recordsPerTrial, trialDuration, recordSize,
                payloadFile, recordSource, compressibility, payloadSeed, recordsPerSecond, producerProperties, factory, warmup, trials, fault,
                network, mirror);
    }

    public boolean isRateLimited() {
        return recordsPerSecond != UNLIMITED;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Fluent construction; unset fields take their {@link Defaults}. */
    public static final class Builder {
        private final String name;
        private int partitions = Defaults.PARTITIONS;
        private int brokers = 1;
        private short replicationFactor = Defaults.REPLICATION_FACTOR;
        private final Map<String, String> topicConfigs = new TreeMap<>();
        private long recordsPerTrial;
        private Duration trialDuration;
        private int recordSize = 1024;
        private Path payloadFile;
        private RecordSourceSpec recordSource;
        private String producerFactory;
        private double compressibility = Defaults.PAYLOAD_COMPRESSIBILITY;
        private long payloadSeed = Defaults.PAYLOAD_SEED;
        private double recordsPerSecond = UNLIMITED;
        private final Map<String, String> producer = new TreeMap<>();
        private WarmupPolicy warmup = WarmupPolicy.DEFAULT;
        private int trials = Defaults.TRIALS;
        private FaultSpec fault;
        private NetworkSpec network;
        private MirrorSpec mirror;

        private Builder(String name) {
            this.name = name;
        }

        public Builder partitions(int value) {
            partitions = value;
            return this;
        }

        /** Brokers of the cluster, 1 (default) to {@link Defaults#MAX_CLUSTER_BROKERS}. */
        public Builder brokers(int value) {
            brokers = value;
            return this;
        }

        public Builder replicationFactor(short value) {
            replicationFactor = value;
            return this;
        }

        public Builder topicConfigs(Map<String, String> values) {
            topicConfigs.putAll(values);
            return this;
        }

        public Builder producerProperties(Map<String, String> values) {
            producer.putAll(values);
            return this;
        }

        public Builder recordsPerTrial(long value) {
            recordsPerTrial = value;
            return this;
        }

        public Builder trialDuration(Duration value) {
            trialDuration = value;
            return this;
        }

        public Builder recordSize(int bytes) {
            recordSize = bytes;
            return this;
        }

        /** Values from the file's non-empty lines instead of generated ones; clears the record size. */
        public Builder payloadFile(Path file) {
            payloadFile = file;
            recordSize = file == null ? recordSize : 0;
            return this;
        }

        /** The team's own records instead of generated ones; clears the record size. */
        public Builder recordSource(RecordSourceSpec source) {
            recordSource = source;
            recordSize = source == null ? recordSize : 0;
            return this;
        }

        /** Send through the team's wrapper, built by this {@link dev.kafkaperfgate.spi.ProducerFactory} class. */
        public Builder producerFactory(String className) {
            producerFactory = className;
            return this;
        }

        public Builder compressibility(double value) {
            compressibility = value;
            return this;
        }

        public Builder payloadSeed(long value) {
            payloadSeed = value;
            return this;
        }

        public Builder recordsPerSecond(double value) {
            recordsPerSecond = value;
            return this;
        }

        public Builder producerProperty(String key, String value) {
            producer.put(key, value);
            return this;
        }

        public Builder warmup(WarmupPolicy value) {
            warmup = value;
            return this;
        }

        public Builder trials(int value) {
            trials = value;
            return this;
        }

        /** A broker stopped in every measured trial; {@code null} (default) for none. */
        public Builder fault(FaultSpec value) {
            fault = value;
            return this;
        }

        /** A slow link between the clients and the brokers; {@code null} (default) for none. */
        public Builder network(NetworkSpec value) {
            network = value;
            return this;
        }

        /** Mirror the records to a second cluster with MirrorMaker 2 of these settings; {@code null} (default) for no mirror. */
        public Builder mirror(MirrorSpec value) {
            mirror = value;
            return this;
        }

        public ProduceScenario build() {
            return new ProduceScenario(name, partitions, brokers, replicationFactor, topicConfigs, recordsPerTrial, trialDuration,
                    recordSize, payloadFile, recordSource, compressibility, payloadSeed, recordsPerSecond, producer, producerFactory,
                    warmup, trials, fault, network, mirror);
        }
    }
}
