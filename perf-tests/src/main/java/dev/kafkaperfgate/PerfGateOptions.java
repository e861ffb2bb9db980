package dev.kafkaperfgate;

import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.GateSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a gate run runs and how: the {@code -Dperf.*} settings (docs/configuration.md lists every
 * key and its default), built in code or read from system properties, and parsed once, when
 * built: a key the gate does not know, or a value it cannot take, is refused then, never ignored
 * and never minutes into a run. The getters return the typed values, defaults included.
 *
 * <pre>{@code
 * PerfGateOptions options = PerfGateOptions.builder()
 *         .suite("pr")                              // default: pr (every scenario perf.scenarios names, when it does)
 *         .scenariosDir(Path.of("perf"))            // default: perf/
 *         .baselinesDir(Path.of("baselines"))       // default: baselines/
 *         .broker(PerfGateOptions.Broker.PROCESS)   // default: AUTO (a container where Docker answers)
 *         .brokerWarmup(Duration.ofSeconds(10))     // default: 30 s (paired mode: none)
 *         .property("perf.gate.false.alarm.rate", "0.01")
 *         .build();
 * GateResult result = PerfGate.run(options);
 * }</pre>
 */
public final class PerfGateOptions {

    /** Where the broker comes from ({@code perf.broker}). */
    public enum Broker {
        /** A container where a Docker engine answers, else a broker process. */
        AUTO,
        /** Testcontainers' {@code KafkaContainer}. */
        CONTAINER,
        /** The broker's jars in a JVM of their own on this machine (KRaft, combined mode). */
        PROCESS,
        /** An existing cluster ({@link Builder#externalCluster}). */
        EXTERNAL
    }

    /** Paired mode's component stage ({@code perf.components}). */
    public enum Components {
        /** Measure the team's components alone unless both builds are the same by content. */
        AUTO,
        /** Measure them anyway. */
        ALWAYS,
        /** Skip the stage. */
        OFF
    }

    /** How paired mode measures the whole client ({@code perf.paired.design}). */
    public enum ClientDesign {
        /** Each side's client stays open; short alternating windows. */
        WINDOWS,
        /** Whole trials, each on a new client and topic. */
        TRIALS
    }

    private final GateSettings settings;

    private PerfGateOptions(GateSettings settings) {
        this.settings = settings;
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
        return new PerfGateOptions(GateSettings.fromSystemProperties());
    }

    /** Every setting given, by key ({@code perf.suite}); those absent take their defaults. */
    public Map<String, String> properties() {
        return settings.given();
    }

    /** The text given for {@code key} ({@code perf.suite}), if it was given. */
    public Optional<String> get(String key) {
        return Optional.ofNullable(settings.given().get(key));
    }

    /**
     * The scenario tag to run; empty: every scenario ({@code all}, or {@code perf.scenarios}
     * without a suite). Unset, {@code pr}.
     */
    public Optional<String> suite() {
        return Optional.ofNullable(settings.suite());
    }

    /**
     * Whether a {@code PerfGateSuite} runs with these settings: a suite or scenarios are named, or
     * {@code perf.enabled=true} asks for the default suite. Without, it is skipped.
     */
    public boolean runRequested() {
        return settings.runRequested();
    }

    public Path scenariosDir() {
        return settings.scenariosDir();
    }

    public Path baselinesDir() {
        return settings.baselinesDir();
    }

    public Path resultsDir() {
        return settings.resultsDir();
    }

    public Broker broker() {
        return Broker.valueOf(settings.brokerMode().name());
    }

    /** The broker's unmeasured warm-up, when given; unset: 30 s in stored mode, none in paired mode. */
    public Optional<Duration> brokerWarmup() {
        return settings.brokerWarmup();
    }

    public double falseAlarmRate() {
        return settings.falseAlarmRate();
    }

    public boolean baselineRequired() {
        return settings.baselineRequired();
    }

    public boolean allowUnjudged() {
        return settings.allowUnjudged();
    }

    /** The base's git ref the gate checks out and builds (paired mode from this build), if given. */
    public Optional<String> baseRef() {
        return Optional.ofNullable(settings.paired().baseRef());
    }

    public ClientDesign pairedDesign() {
        return ClientDesign.valueOf(settings.paired().design().name());
    }

    public Duration pairedTrial() {
        return settings.paired().trial();
    }

    public Components components() {
        return Components.valueOf(settings.paired().components().name());
    }

    public int componentBlocks() {
        return settings.paired().componentBlocks();
    }

    public int componentLooks() {
        return settings.paired().componentLooks();
    }

    /** The parsed settings the run reads. */
    GateSettings settings() {
        return settings;
    }

    @Override
    public String toString() {
        return "PerfGateOptions" + settings.given();
    }

    /** Fluent construction; {@link #build} checks every key. */
    public static final class Builder {
        private final Map<String, String> values = new TreeMap<>();

        private Builder() {
        }

        /** The scenario tag to run ({@code pr}, {@code nightly}, a team's own); {@code all}: every scenario; unset: {@code pr}. */
        public Builder suite(String suite) {
            return property(GateProperties.SUITE, suite);
        }

        /** Comma-separated name patterns ({@code *} wildcard) of the scenarios to run. */
        public Builder scenarios(String patterns) {
            return property(GateProperties.SCENARIOS, patterns);
        }

        /** Where the scenario files are; default {@code perf}. */
        public Builder scenariosDir(Path directory) {
            return property(GateProperties.SCENARIOS_DIR, directory.toString());
        }

        /** Where the profiles' baselines are; default {@code baselines}. */
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

        /** Where results, summary.json and report.html go; default {@code target/perf-results}. */
        public Builder resultsDir(Path directory) {
            return property(GateProperties.RESULTS_DIR, directory.toString());
        }

        /** The baseline profile; default derived from the machine, e.g. {@code linux-amd64-2c}. */
        public Builder profile(String profile) {
            return property(GateProperties.PROFILE, profile);
        }

        /** Where the broker comes from; default {@link Broker#AUTO}. */
        public Builder broker(Broker mode) {
            return property(GateProperties.BROKER, mode.name().toLowerCase(Locale.ROOT));
        }

        /** The container broker's image; default {@code apache/kafka} of the gate's Kafka version. */
        public Builder brokerImage(String image) {
            return property(GateProperties.BROKER_IMAGE, image);
        }

        /** Unmeasured sending to a freshly started broker, 0 to skip; default 30 s, in paired mode none. */
        public Builder brokerWarmup(Duration warmup) {
            return property(GateProperties.BROKER_WARMUP, text(warmup));
        }

        /** How long a broker may take to answer; default 90 s. */
        public Builder brokerStartupTimeout(Duration timeout) {
            return property(GateProperties.BROKER_STARTUP_TIMEOUT, text(timeout));
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

        /** Paired mode: ABBA blocks per look, 2 to 100; default 24 warm windows, 8 trials. */
        public Builder pairedBlocks(int blocks) {
            return property(GateProperties.PAIRED_BLOCKS, Integer.toString(blocks));
        }

        /**
         * Paired mode: how many times a scenario's whole-client measurement may be judged while a
         * metric is INCONCLUSIVE, each look {@link #pairedBlocks} more blocks; 1 to 5, default 2 for
         * warm windows, 1 for trials.
         */
        public Builder pairedLooks(int looks) {
            return property(GateProperties.PAIRED_LOOKS, Integer.toString(looks));
        }

        /** Paired mode: how the whole client is measured; default {@link ClientDesign#WINDOWS}. */
        public Builder pairedDesign(ClientDesign design) {
            return property(GateProperties.PAIRED_DESIGN, design.name().toLowerCase(Locale.ROOT));
        }

        /** Paired mode: the length of one warm window; default 1 s. */
        public Builder pairedWindow(Duration window) {
            return property(GateProperties.PAIRED_WINDOW, text(window));
        }

        /** Paired mode: once a regression is confirmed, skip confirmations that cannot change the decision; default true. */
        public Builder failFast(boolean failFast) {
            return property(GateProperties.FAIL_FAST, Boolean.toString(failFast));
        }

        /** Paired mode: the length of one trial; default 3 s. */
        public Builder pairedTrial(Duration trial) {
            return property(GateProperties.PAIRED_TRIAL, text(trial));
        }

        /**
         * Paired mode: the shortest first warm-up of each new pair of worker JVMs, whose JIT is
         * cold; default 15 s. Later scenarios on the same JVMs warm up for 6 s; the steadiness test
         * decides past either.
         */
        public Builder pairedWarmup(Duration warmup) {
            return property(GateProperties.PAIRED_WARMUP, text(warmup));
        }

        /**
         * Paired mode: at most this many discarded settle trials a side before each scenario's
         * measured trials, 0 to 20 (0: none); default 6. They stop
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
         * Paired mode's component stage: {@link Components#AUTO} (default: measure the team's
         * serializers, partitioner and interceptors alone unless both builds are the same by
         * content), {@link Components#ALWAYS} or {@link Components#OFF}.
         */
        public Builder components(Components mode) {
            return property(GateProperties.COMPONENTS, mode.name().toLowerCase(Locale.ROOT));
        }

        /** Paired mode's component stage: duels per component and look (each a JVM alternating base and head, one ABBA block), 2 to 20; default 4. */
        public Builder componentBlocks(int blocks) {
            return property(GateProperties.COMPONENT_BLOCKS, Integer.toString(blocks));
        }

        /** Paired mode's component stage: how many times a measurement may be judged while INCONCLUSIVE, 1 to 5; default 3. */
        public Builder componentLooks(int looks) {
            return property(GateProperties.COMPONENT_LOOKS, Integer.toString(looks));
        }

        /** Paired mode: heap and GC flags of both worker JVMs; default {@code -Xms1g -Xmx1g -XX:+UseG1GC -XX:+AlwaysPreTouch}. */
        public Builder workerJvmFlags(String flags) {
            return property(GateProperties.WORKER_JVM_FLAGS, flags);
        }

        /** The measured commit and the run's id, recorded in summary.json and so in baselines. */
        public Builder provenance(String commit, String runId) {
            return property(GateProperties.RUN_COMMIT, commit).property(GateProperties.RUN_ID, runId);
        }

        /** Any setting by its key, e.g. {@code perf.client.cpus} (docs/configuration.md). */
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
            return new PerfGateOptions(GateSettings.of(values));
        }

        private static String text(Duration duration) {   // the form the one parser reads, given back as it was, to the millisecond
            return duration.toMillis() + "ms";
        }
    }
}
