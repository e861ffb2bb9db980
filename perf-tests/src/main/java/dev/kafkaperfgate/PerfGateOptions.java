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
 *         .brokerWarmup(Duration.ofSeconds(10))     // default: 30 s
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

        /** Unmeasured sending to a freshly started broker, 0 to skip; default {@link Defaults#BROKER_WARMUP}. */
        public Builder brokerWarmup(Duration warmup) {
            return property(GateProperties.BROKER_WARMUP, Long.toString(warmup.toSeconds()));
        }

        /** Any {@link GateProperties} setting by its name, e.g. {@code perf.client.cpus}. */
        public Builder property(String name, String value) {
            values.put(name, value);
            return this;
        }

        /** @throws IllegalArgumentException naming every key the gate does not know */
        public PerfGateOptions build() {
            Properties check = new Properties();
            check.putAll(values);
            GateProperties.rejectUnknown(check);
            values.keySet().stream().filter(name -> !name.startsWith("perf.")).findFirst().ifPresent(name -> {
                throw new IllegalArgumentException("'" + name + "' is not a gate setting; the gate knows: "
                        + String.join(", ", GateProperties.ALL));
            });
            return new PerfGateOptions(values);
        }
    }
}
