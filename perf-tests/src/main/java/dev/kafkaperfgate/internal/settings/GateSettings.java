package dev.kafkaperfgate.internal.settings;

import dev.kafkaperfgate.internal.settings.machine.JvmFlags;
import dev.kafkaperfgate.internal.settings.machine.MachineSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Every {@code perf.*} setting of one run, parsed once, here: the one place that reads a key
 * ({@link GateProperties}) and turns its text into a type. An unknown key or a value the gate
 * cannot take is refused when the settings are made, before anything starts. Code under
 * {@code internal} reads these getters, never a key (ArchitectureTest keeps it so).
 *
 * <pre>{@code
 * GateSettings settings = GateSettings.of(Map.of("perf.suite", "pr", "perf.broker", "process"));
 * settings.suite();        // "pr"
 * settings.brokerMode();   // BrokerMode.PROCESS
 * }</pre>
 *
 * A getter of a setting without a default returns {@code null} when it is unset; one whose
 * default depends on the mode (paired or stored) returns an empty optional.
 */
public final class GateSettings {

    private final Map<String, String> values;

    private final BrokerMode brokerMode;
    private final Duration brokerStartupTimeout;
    private final Optional<Duration> brokerWarmup;
    private final boolean requireContainer;
    private final boolean baselineRequired;
    private final boolean allowUnjudged;
    private final boolean enabled;
    private final double falseAlarmRate;
    private final long injectBurnNs;
    private final int injectBurnEvery;
    private final int injectAllocBytes;
    private final PairedSettings paired;
    private final MachineSettings machine;

    private GateSettings(Map<String, String> values) {
        try {
            this.values = Map.copyOf(values);
        Properties check = new Properties();
        check.putAll(values);
        GateProperties.rejectUnknown(check);
        values.keySet().stream().filter(name -> !name.startsWith("perf.")).findFirst().ifPresent(name -> {
            throw new IllegalArgumentException("'" + name + "' is not a gate setting; the gate knows: " + String.join(", ", GateProperties.ALL));
        });
        SettingForms.check(values);
        brokerMode = BrokerMode.parse(GateProperties.get(values, GateProperties.BROKER, "auto"));
        brokerStartupTimeout = GateProperties.seconds(values, GateProperties.BROKER_STARTUP_TIMEOUT, Defaults.BROKER_STARTUP_TIMEOUT);
        if (brokerStartupTimeout.toSeconds() < 1 || brokerStartupTimeout.toSeconds() > 3600) {
            throw new IllegalArgumentException("-D" + GateProperties.BROKER_STARTUP_TIMEOUT + ": must be 1s..3600s, got "
                    + brokerStartupTimeout.toSeconds() + " s");
        }
        brokerWarmup = isSet(GateProperties.BROKER_WARMUP)
                ? Optional.of(GateProperties.seconds(values, GateProperties.BROKER_WARMUP, Duration.ZERO)) : Optional.empty();
        requireContainer = GateProperties.flag(values, GateProperties.REQUIRE_CONTAINER, false);
        baselineRequired = GateProperties.flag(values, GateProperties.BASELINE_REQUIRED, false);
        allowUnjudged = GateProperties.flag(values, GateProperties.ALLOW_UNJUDGED, false);
        enabled = GateProperties.flag(values, GateProperties.ENABLED, false);
        falseAlarmRate = GateProperties.number(values, GateProperties.GATE_FALSE_ALARM_RATE, Defaults.SUITE_FALSE_ALARM_RATE, 1e-6, 0.5);
        injectBurnNs = GateProperties.integer(values, GateProperties.INJECT_BURN_NS, 0, 0, 1_000_000_000L);
        injectBurnEvery = (int) GateProperties.integer(values, GateProperties.INJECT_BURN_EVERY, 1, 1, 1_000_000);
        injectAllocBytes = (int) GateProperties.integer(values, GateProperties.INJECT_ALLOC_BYTES, 0, 0, 100_000_000);
        paired = new PairedSettings(text(GateProperties.BASE_REF), GateProperties.path(values, GateProperties.BASE_CLASSPATH_FILE, null),
                GateProperties.path(values, GateProperties.HEAD_CLASSPATH_FILE, null),
                GateProperties.path(values, GateProperties.BASE_SCENARIOS_DIR, null), text(GateProperties.BASE_COMMIT),
                ClientDesign.valueOf(GateProperties.choice(values, GateProperties.PAIRED_DESIGN, "windows",
                        java.util.List.of("windows", "trials")).toUpperCase(Locale.ROOT)),
                // At least 2: a t test needs two blocks.
                optionalInt(GateProperties.PAIRED_BLOCKS, 2, 100), optionalInt(GateProperties.PAIRED_LOOKS, 1, 5),
                GateProperties.seconds(values, GateProperties.PAIRED_TRIAL, Defaults.PAIRED_TRIAL),
                GateProperties.seconds(values, GateProperties.PAIRED_WINDOW, Defaults.PAIRED_WINDOW),
                GateProperties.seconds(values, GateProperties.PAIRED_WARMUP, Defaults.WARMUP_MIN),
                (int) GateProperties.integer(values, GateProperties.PAIRED_SETTLE, Defaults.PAIRED_SETTLE_MAX, 0, 20),
                GateProperties.flag(values, GateProperties.PAIRED_PIN, true), GateProperties.flag(values, GateProperties.FAIL_FAST, true),
                ClientsMode.valueOf(GateProperties.choice(values, GateProperties.CLIENTS, "auto",
                        java.util.List.of("auto", "always")).toUpperCase(Locale.ROOT)),
                ComponentsMode.valueOf(GateProperties.choice(values, GateProperties.COMPONENTS, "auto",
                        java.util.List.of("auto", "always", "off")).toUpperCase(Locale.ROOT)),
                (int) GateProperties.integer(values, GateProperties.COMPONENT_BLOCKS, Defaults.COMPONENT_BLOCKS, 2, 20),
                (int) GateProperties.integer(values, GateProperties.COMPONENT_LOOKS, Defaults.COMPONENT_LOOKS, 1, 5),
                JvmFlags.of(GateProperties.get(values, GateProperties.WORKER_JVM_FLAGS, Defaults.WORKER_JVM_FLAGS)));
            machine = MachineSettings.parse(key -> GateProperties.get(values, key, null));
            scenariosDir();   // the folders' paths, checked while the settings are made (each read the same way later)
            baselinesDir();
            resultsDir();
        } catch (InvalidSettingException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // Every value refused while the settings are made is a setting the user gave: named as such, nothing else is.
            throw new InvalidSettingException(e.getMessage(), e);
        }
    }

    /**
     * The settings {@code values} give, by key.
     *
     * @throws IllegalArgumentException naming every key the gate does not know, or the first value it cannot take
     */
    public static GateSettings of(Map<String, String> values) {
        return new GateSettings(new TreeMap<>(values));
    }

    /**
     * The {@code perf.*} settings among {@code properties} (system properties, or a copy of them),
     * as {@link #of(Map)}; the JVM's and other libraries' own properties are not the gate's and are passed over.
     */
    public static GateSettings of(Properties properties) {
        Map<String, String> given = new TreeMap<>();
        properties.stringPropertyNames().stream().filter(name -> name.startsWith("perf."))
                .forEach(name -> given.put(name, properties.getProperty(name)));
        return new GateSettings(given);
    }

    /**
     * The {@code perf.*} system properties of this JVM, as {@code mvn -Dperf.suite=pr} sets them:
     * the one place a setting is read from the JVM.
     *
     * @throws IllegalArgumentException as {@link #of}
     */
    public static GateSettings fromSystemProperties() {
        return of(System.getProperties());
    }

    /** No setting given: every default. */
    public static GateSettings defaults() {
        return of(Map.of());
    }

    /** These settings with {@code key} set to {@code value} (removed when {@code null}), checked again. */
    public GateSettings with(String key, String value) {
        return with(java.util.Collections.singletonMap(key, value));
    }

    /** These settings with every entry of {@code changes} applied as {@link #with(String, String)} does. */
    public GateSettings with(Map<String, String> changes) {
        Map<String, String> changed = new TreeMap<>(values);
        changes.forEach((key, value) -> changed.compute(key, (k, was) -> value));   // null removes the key
        return new GateSettings(changed);
    }

    // --- typed changes: the run's own steps change its settings through these, never by a key (ArchitectureTest)

    public GateSettings withResultsDir(Path folder) {
        return with(GateProperties.RESULTS_DIR, folder.toString());
    }

    public GateSettings withScenariosDir(Path folder) {
        return with(GateProperties.SCENARIOS_DIR, folder.toString());
    }

    public GateSettings withBaselinesDir(Path folder) {
        return with(GateProperties.BASELINES_DIR, folder.toString());
    }

    /** These settings with the run's commit {@code sha}, unless one was given. */
    public GateSettings withRunCommitUnlessGiven(String sha) {
        return isSet(GateProperties.RUN_COMMIT) ? this : with(GateProperties.RUN_COMMIT, sha);
    }

    public GateSettings withBrokerCpus(CpuSet cpus) {
        return with(GateProperties.BROKER_CPUS, cpus.cpus());
    }

    /**
     * The settings of a stored run standing in for a paired one: the reason in its headline and, when
     * {@code passUnjudged} (an adoption), a run that judged nothing passes unless {@code perf.allow.unjudged} was given.
     */
    public GateSettings storedInstead(String reason, boolean passUnjudged) {
        GateSettings stored = with(Map.of(GateProperties.FALLBACK_REASON, reason));
        return passUnjudged && !isSet(GateProperties.ALLOW_UNJUDGED) ? stored.with(GateProperties.ALLOW_UNJUDGED, "true") : stored;
    }

    /** These settings without a base to pair with: the paired sides' keys removed. */
    public GateSettings withoutBase() {
        Map<String, String> changes = new TreeMap<>();
        List.of(GateProperties.BASE_REF, GateProperties.BASE_CLASSPATH_FILE, GateProperties.HEAD_CLASSPATH_FILE,
                GateProperties.BASE_SCENARIOS_DIR, GateProperties.BASE_COMMIT).forEach(key -> changes.put(key, null));
        return with(changes);
    }

    public GateSettings withProcessBroker() {
        return with(GateProperties.BROKER, "process");
    }

    /**
     * These settings with the module's files (baselines, also by default; results, the broker's class path file, an external
     * cluster's properties) made absolute against {@code module}. The scenarios stay relative: each side reads its own tree.
     */
    public GateSettings resolvedAgainst(Path module) {
        Map<String, String> changes = new TreeMap<>();
        for (String key : List.of(GateProperties.BASELINES_DIR, GateProperties.RESULTS_DIR, GateProperties.BROKER_CLASSPATH_FILE,
                GateProperties.EXTERNAL_CLIENT_PROPERTIES)) {
            String value = values.get(key);
            if (value != null && !value.isBlank() && !Path.of(value).isAbsolute()) {
                changes.put(key, module.resolve(value).toString());
            }
        }
        changes.putIfAbsent(GateProperties.BASELINES_DIR, module.resolve(baselinesDir().toString()).toString());
        return with(changes);
    }

    /** Every setting given, by key: what a child process or a report repeats. */
    public Map<String, String> given() {
        return values;
    }

    private boolean isSet(String key) {
        return text(key) != null;
    }
    private String text(String key) {
        return GateProperties.get(values, key, null);
    }

    private OptionalInt optionalInt(String key, int min, int max) {
        return isSet(key) ? OptionalInt.of((int) GateProperties.integer(values, key, 0, min, max)) : OptionalInt.empty();
    }

    // --- what runs and where its files are

    /**
     * The scenario tag to run; {@code null} for every scenario ({@code all}). Unset, the default
     * suite, {@code pr}, decided here for every way in (scripts/gate.sh, the JUnit suite,
     * {@code PerfGate.run}); unset with {@code perf.scenarios}, every scenario those patterns name.
     */
    public String suite() {
        String suite = text(GateProperties.SUITE);
        if (suite == null) {
            return scenarioPatterns() != null ? null : Defaults.SUITE;
        }
        return "all".equals(suite) ? null : suite;
    }

    /**
     * Whether these settings ask a JUnit suite to run: a suite or scenarios named, or
     * {@code perf.enabled=true}. Without, a team's ordinary {@code mvn test} starts no broker.
     */
    public boolean runRequested() {
        return text(GateProperties.SUITE) != null || scenarioPatterns() != null || enabled;
    }

    /** Comma-separated name patterns of the scenarios to run; {@code null}: the whole suite. */
    public String scenarioPatterns() {
        return text(GateProperties.SCENARIOS);
    }

    public Path scenariosDir() {
        return GateProperties.path(values, GateProperties.SCENARIOS_DIR, Defaults.SCENARIOS_DIR);
    }

    public Path baselinesDir() {
        return GateProperties.path(values, GateProperties.BASELINES_DIR, Defaults.BASELINES_DIR);
    }

    /** Stored mode on a pull request: the base commit whose baselines must not vanish; {@code null} when unset. */
    public String baselinesRef() {
        return text(GateProperties.BASELINES_REF);
    }

    public Path resultsDir() {
        return GateProperties.path(values, GateProperties.RESULTS_DIR, Defaults.RESULTS_DIR);
    }

    /** The baseline profile asked for; {@code null}: derived from the machine. */
    public String profile() {
        return text(GateProperties.PROFILE);
    }

    // --- the decision's rules

    public boolean baselineRequired() {
        return baselineRequired;
    }

    public boolean allowUnjudged() {
        return allowUnjudged;
    }

    public double falseAlarmRate() {
        return falseAlarmRate;
    }

    /** Why stored baselines judge a run that asked for paired mode; {@code null} when they do not stand in. */
    public String fallbackReason() {
        return text(GateProperties.FALLBACK_REASON);
    }

    // --- provenance

    public String runCommit() {
        return text(GateProperties.RUN_COMMIT);
    }

    public String runId() {
        return text(GateProperties.RUN_ID);
    }

    /** The accept label's facts, as the gate action read them ({@link AcceptFacts}); every one empty when none was given. */
    public AcceptFacts accept() {
        return new AcceptFacts(orEmpty(GateProperties.ACCEPTED_BY), orEmpty(GateProperties.ACCEPT_LABEL), orEmpty(GateProperties.ACCEPTED_AT),
                orEmpty(GateProperties.ACCEPTED_HEAD), orEmpty(GateProperties.ACCEPT_REPLACED), orEmpty(GateProperties.ACCEPT_AUTHOR),
                orEmpty(GateProperties.ACCEPT_SHOWN));
    }

    private String orEmpty(String key) {
        String text = text(key);
        return text == null ? "" : text.strip();
    }

    public String runModule() {
        return text(GateProperties.RUN_MODULE);
    }

    // --- the broker and the client JVM

    public BrokerMode brokerMode() {
        return brokerMode;
    }

    public String brokerImage() {
        return GateProperties.get(values, GateProperties.BROKER_IMAGE, Defaults.BROKER_IMAGE);
    }

    public Duration brokerStartupTimeout() {
        return brokerStartupTimeout;
    }

    /** Where the gate's processes run and how it reaches what it did not start: CPU lists, flags, files, addresses. */
    public MachineSettings machine() {
        return machine;
    }

    /** Unmeasured sending to a new broker; empty: the mode's default (stored 30 s, paired none). */
    public Optional<Duration> brokerWarmup() {
        return brokerWarmup;
    }

    public boolean requireContainer() {
        return requireContainer;
    }

    public String externalBootstrapServers() {
        return text(GateProperties.EXTERNAL_BOOTSTRAP_SERVERS);
    }

    // --- an injected cost, for proving the gate

    public long injectBurnNs() {
        return injectBurnNs;
    }

    public int injectBurnEvery() {
        return injectBurnEvery;
    }

    public int injectAllocBytes() {
        return injectAllocBytes;
    }

    // --- paired mode

    public PairedSettings paired() {
        return paired;
    }

    @Override
    public String toString() {
        return "GateSettings" + values;
    }
}
