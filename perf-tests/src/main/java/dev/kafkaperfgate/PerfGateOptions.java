package dev.kafkaperfgate;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What a gate run runs and how: an immutable set of the {@code -Dperf.*} settings
 * ({@link GateProperties}), built in code or read from system properties. Every setting left
 * unset takes its {@link Defaults} value; a key the gate does not know is refused, never ignored.
 *
 * <pre>{@code
 * PerfGateOptions options = PerfGateOptions.builder()
 *         .suite("pr")                              // default: every scenario
 *         .scenariosDir(Path.of("perf"))            // default: perf/
 *         .baselinesDir(Path.of("baselines"))       // default: baselines/
 *         .broker("process")                        // default: auto (a container where Docker answers)
 *         .brokerWarmup(Duration.ofSeconds(10))     // default: 30 s (paired mode: none)
 *         .property("perf.gate.false.alarm.rate", "0.01")
 *         .build();
 * GateResult result = PerfGate.run(options);
 * }</pre>
 */
public final class PerfGateOptions {

    private final Map<String, String> properties;

    private PerfGateOptions(Map<String, String> properties) {
        this.properties = Map.copyOf(properties);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The {@code perf.*} system properties, as {@code mvn -Dperf.suite=pr} sets them.
     *
     * @throws IllegalArgumentException naming every {@code perf.*} property the gate does not know
     */
    public static PerfGateOptions fromSystemProperties() {
        Builder builder = builder();
        Properties system = System.getProperties();
        system.stringPropertyNames().stream().filter(name -> name.startsWith("perf."))
                .forEach(name -> builder.values.put(name, system.getProperty(name)));
        return builder.build();
    }

    /** Every setting given, by property name; those absent take their defaults. */
    public Map<String, String> properties() {
        return properties;
    }

    /** The setting of {@code property} (a {@link GateProperties} name), if given. */
    public Optional<String> get(String property) {
        return Optional.ofNullable(properties.get(property));
    }

    /** Fluent construction; {@link #build} checks every key. */
    public static final class Builder {

        private final Map<String, String> values = new TreeMap<>();

        private Builder() {
        }

        /** The scenario tag to run ({@code pr}, {@code nightly}, a team's own); {@code all} or unset: every scenario. */
        public Builder suite(String suite) {
            return property(GateProperties.SUITE, suite);
        }

        /** Comma-separated name patterns ({@code *} wildcard) of the scenarios to run. */
        public Builder scenarios(String patterns) {
            return property(GateProperties.SCENARIOS, patterns);
        }

        /** Where the scenario files are; default {@value Defaults#SCENARIOS_DIR}. */
        public Builder scenariosDir(Path directory) {
            return property(GateProperties.SCENARIOS_DIR, directory.toString());
        }

        /** Where the profiles' baselines are; default {@value Defaults#BASELINES_DIR}. */
        public Builder baselinesDir(Path directory) {
            return property(GateProperties.BASELINES_DIR, directory.toString());
        }

        /**
         * Stored mode on a pull request: the base commit. A scenario whose baseline exists there
         * but not here is not judged, instead of passing as NEW.
         */
        public Builder baselinesRef(String baseCommit) {
            return property(GateProperties.BASELINES_REF, baseCommit);
        }

        /** Where results, summary.json and report.html go; default {@value Defaults#RESULTS_DIR}. */
        public Builder resultsDir(Path directory) {
            return property(GateProperties.RESULTS_DIR, directory.toString());
        }

        /** The baseline profile; default derived from the machine, e.g. {@code linux-amd64-2c}. */
        public Builder profile(String profile) {
            return property(GateProperties.PROFILE, profile);
        }

        /** {@code auto}, {@code container}, {@code process} or {@code external}; default {@code auto}. */
        public Builder broker(String mode) {
            return property(GateProperties.BROKER, mode);
        }

        /** The container broker's image; default {@value Defaults#BROKER_IMAGE}. */
        public Builder brokerImage(String image) {
            return property(GateProperties.BROKER_IMAGE, image);
        }

        /** Unmeasured sending to a freshly started broker, 0 to skip; default {@link Defaults#BROKER_WARMUP}, in paired mode {@link Defaults#PAIRED_BROKER_WARMUP}. */
        public Builder brokerWarmup(Duration warmup) {
            return property(GateProperties.BROKER_WARMUP, Long.toString(warmup.toSeconds()));
        }

        /** How long a broker may take to answer; default 90 s. */
        public Builder brokerStartupTimeout(Duration timeout) {
            return property(GateProperties.BROKER_STARTUP_TIMEOUT, Long.toString(timeout.toSeconds()));
        }

        /** Heap and GC flags of the broker JVM (process and container brokers). */
        public Builder brokerJvmFlags(String flags) {
            return property(GateProperties.BROKER_JVM_FLAGS, flags);
        }

        /** The CPUs the broker runs on, in {@code taskset} form ({@code 0}, {@code 0-1}, {@code 0,2}). */
        public Builder brokerCpus(String cpus) {
            return property(GateProperties.BROKER_CPUS, cpus);
        }

        /** The CPUs the clients run on (in paired mode, both worker JVMs), in {@code taskset} form. */
        public Builder clientCpus(String cpus) {
            return property(GateProperties.CLIENT_CPUS, cpus);
        }

        /**
         * An existing cluster instead of a broker the gate starts: its {@code bootstrap.servers}, and the
         * client properties file with its security settings ({@code null} when it needs none).
         */
        public Builder externalCluster(String bootstrapServers, Path clientProperties) {
            property(GateProperties.BROKER, "external");
            property(GateProperties.EXTERNAL_BOOTSTRAP_SERVERS, bootstrapServers);
            return clientProperties == null ? this : property(GateProperties.EXTERNAL_CLIENT_PROPERTIES, clientProperties.toString());
        }

        /** Fail, rather than skip, the container path when no Docker engine is usable; default false. */
        public Builder requireContainer(boolean required) {
            return property(GateProperties.REQUIRE_CONTAINER, Boolean.toString(required));
        }

        /** Make a scenario without a usable baseline (NEW, MISMATCH) fail the build; default false. */
        public Builder baselineRequired(boolean required) {
            return property(GateProperties.BASELINE_REQUIRED, Boolean.toString(required));
        }

        /** Let a run that compared nothing pass (a first nightly, a first adoption); default false: NOT_JUDGED. */
        public Builder allowUnjudged(boolean allowed) {
            return property(GateProperties.ALLOW_UNJUDGED, Boolean.toString(allowed));
        }

        /** The false-alarm budget of a whole run, split over its comparisons; default 0.02. */
        public Builder falseAlarmRate(double rate) {
            return property(GateProperties.GATE_FALSE_ALARM_RATE, Double.toString(rate));
        }

        /**
         * Paired mode from this build: the git ref of the base (e.g. {@code origin/main}), checked
         * out and built by the gate. For local use: the head decides inside its own build.
         */
        public Builder baseRef(String ref) {
            return property(GateProperties.BASE_REF, ref);
        }

        /** Paired mode: ABBA blocks per scenario, 2 to 100; default {@value Defaults#PAIRED_BLOCKS}. */
        public Builder pairedBlocks(int blocks) {
            return property(GateProperties.PAIRED_BLOCKS, Integer.toString(blocks));
        }

        /**
         * Paired mode: how many times a scenario's whole-client measurement may be judged while a
         * metric is INCONCLUSIVE, each look {@link #pairedBlocks} more blocks at α / looks; 1 to 5,
         * default {@value Defaults#PAIRED_LOOKS} (measure once).
         */
        public Builder pairedLooks(int looks) {
            return property(GateProperties.PAIRED_LOOKS, Integer.toString(looks));
        }

        /** Paired mode: the length of one trial; default {@link Defaults#PAIRED_TRIAL}. */
        public Builder pairedTrial(Duration trial) {
            return property(GateProperties.PAIRED_TRIAL, trial.toMillis() + "ms");
        }

        /**
         * Paired mode: the shortest first warm-up of each new pair of worker JVMs, whose JIT is
         * cold; default {@link Defaults#WARMUP_MIN}. Later scenarios on the same JVMs warm up for
         * {@link Defaults#PAIRED_WARMUP_MIN}; the steadiness test decides past either.
         */
        public Builder pairedWarmup(Duration warmup) {
            return property(GateProperties.PAIRED_WARMUP, warmup.toMillis() + "ms");
        }

        /**
         * Paired mode: at most this many discarded settle trials a side before each scenario's
         * measured trials, 0 to 20 (0: none); default {@value Defaults#PAIRED_SETTLE_MAX}. They stop
         * sooner once both worker JVMs have all but stopped compiling.
         */
        public Builder pairedSettle(int trials) {
            return property(GateProperties.PAIRED_SETTLE, Integer.toString(trials));
        }

        /** Paired mode: pin the broker and the workers to halves of the CPUs; default true. */
        public Builder pairedPin(boolean pin) {
            return property(GateProperties.PAIRED_PIN, Boolean.toString(pin));
        }

        /**
         * Paired mode's component stage: {@code auto} (default: measure the team's serializers,
         * partitioner and interceptors alone unless both builds are byte for byte the same),
         * {@code always} or {@code off}.
         */
        public Builder components(String mode) {
            return property(GateProperties.COMPONENTS, mode);
        }

        /** Paired mode's component stage: duels per component and look (each a JVM alternating base and head, one ABBA block), 2 to 20; default {@value Defaults#COMPONENT_BLOCKS}. */
        public Builder componentBlocks(int blocks) {
            return property(GateProperties.COMPONENT_BLOCKS, Integer.toString(blocks));
        }

        /** Paired mode's component stage: how many times a measurement may be judged while INCONCLUSIVE, 1 to 5; default {@value Defaults#COMPONENT_LOOKS}. */
        public Builder componentLooks(int looks) {
            return property(GateProperties.COMPONENT_LOOKS, Integer.toString(looks));
        }

        /** Paired mode: heap and GC flags of both worker JVMs; default {@value Defaults#WORKER_JVM_FLAGS}. */
        public Builder workerJvmFlags(String flags) {
            return property(GateProperties.WORKER_JVM_FLAGS, flags);
        }

        /** The measured commit and the run's id, recorded in summary.json and so in baselines. */
        public Builder provenance(String commit, String runId) {
            property(GateProperties.RUN_COMMIT, commit);
            return property(GateProperties.RUN_ID, runId);
        }

        /** Any {@link GateProperties} setting by its name, e.g. {@code perf.client.cpus}. */
        public Builder property(String name, String value) {
            values.put(name, value);
            return this;
        }

        /**
         * Checks every key, and every value whose form the gate knows, once, here: a bad value fails
         * the build of the options, not a run minutes later.
         *
         * @throws IllegalArgumentException naming every key the gate does not know, or the first value it cannot take
         */
        public PerfGateOptions build() {
            Properties check = new Properties();
            check.putAll(values);
            GateProperties.rejectUnknown(check);
            values.keySet().stream().filter(name -> !name.startsWith("perf.")).findFirst().ifPresent(name -> {
                throw new IllegalArgumentException("'" + name + "' is not a gate setting; the gate knows: "
                        + String.join(", ", GateProperties.ALL));
            });
            // The same parsers the run uses, so the options refuse exactly what the run would.
            dev.kafkaperfgate.internal.broker.BrokerMode.parse(values.getOrDefault(GateProperties.BROKER, "auto"));
            GateProperties.seconds(values, GateProperties.BROKER_WARMUP, Defaults.BROKER_WARMUP);
            GateProperties.seconds(values, GateProperties.PAIRED_TRIAL, Defaults.PAIRED_TRIAL);
            GateProperties.seconds(values, GateProperties.PAIRED_WARMUP, Defaults.WARMUP_MIN);
            GateProperties.integer(values, GateProperties.PAIRED_BLOCKS, Defaults.PAIRED_BLOCKS, 2, 100);
            GateProperties.integer(values, GateProperties.PAIRED_LOOKS, Defaults.PAIRED_LOOKS, 1, 5);
            GateProperties.integer(values, GateProperties.PAIRED_SETTLE, Defaults.PAIRED_SETTLE_MAX, 0, 20);
            GateProperties.integer(values, GateProperties.COMPONENT_BLOCKS, Defaults.COMPONENT_BLOCKS, 2, 20);
            GateProperties.integer(values, GateProperties.COMPONENT_LOOKS, Defaults.COMPONENT_LOOKS, 1, 5);
            dev.kafkaperfgate.internal.component.ComponentStage.Mode.parse(values.getOrDefault(GateProperties.COMPONENTS, "auto"));
            GateProperties.number(values, GateProperties.GATE_FALSE_ALARM_RATE, Defaults.SUITE_FALSE_ALARM_RATE, 1e-6, 0.5);
            for (String flag : java.util.List.of(GateProperties.REQUIRE_CONTAINER, GateProperties.BASELINE_REQUIRED,
                    GateProperties.ALLOW_UNJUDGED, GateProperties.PAIRED_PIN)) {
                GateProperties.flag(values, flag, false);
            }
            return new PerfGateOptions(values);
        }
    }
}
