package dev.kafkaperfgate.internal.settings;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The {@code -Dperf.*} properties the gate understands. Any other {@code perf.*} property is a
 * typo and stops the run, rather than silently meaning nothing.
 */
public final class GateProperties {

    private GateProperties() {
    }

    /** auto|container|process|external. */
    public static final String BROKER = "perf.broker";
    /** Container image; must be compatible with apache/kafka. */
    public static final String BROKER_IMAGE = "perf.broker.image";
    /** Seconds a broker may take to become ready. */
    public static final String BROKER_STARTUP_TIMEOUT = "perf.broker.startup.timeout";
    /** CPU list the broker is pinned to (taskset / --cpuset-cpus form). */
    public static final String BROKER_CPUS = "perf.broker.cpus";
    /** Heap and GC flags of the broker JVM (process and container modes). */
    public static final String BROKER_JVM_FLAGS = "perf.broker.jvm.flags";
    /** File listing the broker runtime's jars; written by the broker-runtime module. */
    public static final String BROKER_CLASSPATH_FILE = "perf.broker.classpath.file";
    /** Seconds of unmeasured sending to a freshly started broker before the first scenario; 0 skips it. */
    public static final String BROKER_WARMUP = "perf.broker.warmup";
    /** CPU list the client JVM pins itself to. */
    public static final String CLIENT_CPUS = "perf.client.cpus";
    /** The client JVM's heap and GC flags: a Maven property that becomes Surefire's argLine. */
    public static final String CLIENT_JVM_FLAGS = "perf.client.jvm.flags";
    /** bootstrap.servers of an external cluster. */
    public static final String EXTERNAL_BOOTSTRAP_SERVERS = "perf.external.bootstrap.servers";
    /** Client properties file (security settings) of an external cluster. */
    public static final String EXTERNAL_CLIENT_PROPERTIES = "perf.external.client.properties";
    /**
     * The external cluster's brokers' JMX, comma-separated: {@code host:port} (the RMI registry of
     * each broker's remote connector) or {@code service:jmx:...} URLs; unset, its broker side is not read.
     */
    public static final String EXTERNAL_JMX = "perf.external.jmx";
    /** Fail instead of skipping when no Docker engine is usable (CI sets it). */
    public static final String REQUIRE_CONTAINER = "perf.require.container";
    /** Directory of the scenario files. */
    public static final String SCENARIOS_DIR = "perf.scenarios.dir";
    /** Suite to run: a tag (pr, nightly) or all; unset, pr (all when {@link #SCENARIOS} names scenarios). */
    public static final String SUITE = "perf.suite";
    /** Runs a PerfGateSuite at the default suite although neither a suite nor scenarios are named (scripts/gate.sh sets it). */
    public static final String ENABLED = "perf.enabled";
    /** Comma-separated name patterns (* wildcard) of the scenarios to run; all of the suite when unset. */
    public static final String SCENARIOS = "perf.scenarios";
    /** Directory result files are written to. */
    public static final String RESULTS_DIR = "perf.results.dir";

    /** Baseline profile (folder under the baselines directory); derived from the machine when unset. */
    public static final String PROFILE = "perf.profile";
    /** Directory holding one folder per profile. */
    public static final String BASELINES_DIR = "perf.baselines.dir";
    /** Whether a scenario without a usable baseline (NEW, MISMATCH) fails the build. */
    public static final String BASELINE_REQUIRED = "perf.baseline.required";
    /**
     * Whether a run that judged nothing (every verdict NEW or MISMATCH) may pass: for the nightly's
     * first recording and a first adoption. Without it such a run ends NOT_JUDGED (exit 2).
     */
    public static final String ALLOW_UNJUDGED = "perf.allow.unjudged";
    /** False-alarm budget of a whole run, e.g. 0.02. */
    public static final String GATE_FALSE_ALARM_RATE = "perf.gate.false.alarm.rate";
    /** Nanoseconds of CPU a producer interceptor burns inside send() per record: an injected regression, for proving the gate. */
    public static final String INJECT_BURN_NS = "perf.inject.burn.ns";
    /** Burn on every n-th record only (1: every record); a rare long burn moves p99 more than throughput. */
    public static final String INJECT_BURN_EVERY = "perf.inject.burn.every";
    /** Bytes a producer interceptor allocates inside send() per record: an injected allocation regression. */
    public static final String INJECT_ALLOC_BYTES = "perf.inject.alloc.bytes";
    /** Commit, date and run id recorded in summary.json for the baseline's provenance. */
    public static final String RUN_COMMIT = "perf.run.commit";
    /**
     * The team's module, relative to its repository's root, as {@code scripts/gate.sh --module}
     * got it: recorded in summary.json so that the PR comment's reproduce line names it.
     */
    public static final String RUN_MODULE = "perf.run.module";
    public static final String RUN_ID = "perf.run.id";
    /**
     * The login that set the pull request's accept label, as the gate action read it from GitHub's
     * API at decision time: a confirmed regression then ends ACCEPTED (exit 0). Never from the
     * pull request's files.
     */
    public static final String ACCEPTED_BY = "perf.accepted.by";
    /** The accept label's name, for the headline ({@code perf-accepted} by default). */
    public static final String ACCEPT_LABEL = "perf.accept.label";
    /** When the accept label was set (ISO-8601), for the headline. */
    public static final String ACCEPTED_AT = "perf.accepted.at";
    /**
     * The head the accept label was set on: the pull request's head in the label's own event (the
     * run that setting started), as GitHub wrote it; empty in any other run. A label accepts that
     * head only (issue 74).
     */
    public static final String ACCEPTED_HEAD = "perf.accepted.head";
    /** The head this run's push replaced (a synchronize event's {@code before}), named when the label was set on an earlier head. */
    public static final String ACCEPT_REPLACED = "perf.accept.replaced";
    /** The pull request's author, from the event: their own label accepts nothing. */
    public static final String ACCEPT_AUTHOR = "perf.accept.author";
    /**
     * The head whose failing result the gate's comment showed when the accept label was set (its hidden result line,
     * posted before the label's time); empty when it showed none. A label accepts only a cost someone saw (issue 81).
     */
    public static final String ACCEPT_SHOWN = "perf.accept.shown";

    /**
     * Paired mode from a team's own build ({@code mvn verify -Dperf.suite=pr -Dperf.base.ref=origin/main}):
     * the gate checks the ref out in a git worktree, builds its test classpath with Maven and judges
     * this build's code against it. The head decides in its own build, so this is for local use;
     * CI runs {@code scripts/gate.sh --base} from trusted code (docs/security.md).
     */
    public static final String BASE_REF = "perf.base.ref";
    /** Paired mode: a file holding the base commit's test classpath (set by scripts/gate.sh --base). */
    public static final String BASE_CLASSPATH_FILE = "perf.base.classpath.file";
    /** Paired mode: a file holding the head's test classpath; this JVM's own classpath when unset. */
    public static final String HEAD_CLASSPATH_FILE = "perf.head.classpath.file";
    /** Paired mode: the base commit's scenario directory, whose suites, thresholds and experiments judge the head. */
    public static final String BASE_SCENARIOS_DIR = "perf.base.scenarios.dir";
    /** Paired mode: the base commit, for the headline. */
    public static final String BASE_COMMIT = "perf.base.commit";
    /** Paired mode: ABBA blocks per scenario. */
    public static final String PAIRED_BLOCKS = "perf.paired.blocks";
    /**
     * Paired mode: while a whole-client metric is INCONCLUSIVE, measure {@code perf.paired.blocks}
     * more and judge again, up to this many looks, each at α / looks; 1 (the default) measures once.
     */
    public static final String PAIRED_LOOKS = "perf.paired.looks";
    /**
     * Paired mode: how the whole client is measured: {@code windows} (default) keeps each side's
     * producer open for the whole scenario and measures it in short alternating windows;
     * {@code trials} measures whole trials, each on a new client and topic.
     */
    public static final String PAIRED_DESIGN = "perf.paired.design";
    /** Paired mode: length of one warm window (1s, 500ms). */
    public static final String PAIRED_WINDOW = "perf.paired.window";
    /**
     * Paired mode: once a regression is confirmed, skip the confirmations that cannot change the
     * decision (default true); every scenario still gets its first measurement.
     */
    public static final String FAIL_FAST = "perf.fail.fast";
    /**
     * Paired mode's whole client: {@code auto} (default) does not measure a scenario whose client
     * side is the same on both sides (classes by content, the subject's settings and files, the
     * worker's JVM flags); {@code always} measures it anyway.
     */
    public static final String CLIENTS = "perf.clients";
    /** Paired mode: length of one trial (5s, 2500ms). */
    public static final String PAIRED_TRIAL = "perf.paired.trial";
    /** Paired mode: the shortest first warm-up of each new pair of worker JVMs, whose JIT is cold (15s, 5s). */
    public static final String PAIRED_WARMUP = "perf.paired.warmup";
    /** Paired mode: at most this many discarded settle trials a side before a scenario's measured ones, 0 to 20 (0: none). */
    public static final String PAIRED_SETTLE = "perf.paired.settle";
    /**
     * Paired mode: pin the broker to the first half of this process's CPUs and both workers to the
     * other half (default true; {@code perf.broker.cpus} and {@code perf.client.cpus} win when set).
     */
    public static final String PAIRED_PIN = "perf.paired.pin";
    /**
     * Paired mode's component stage: {@code auto} (default) measures the team's serializers,
     * partitioner and interceptors alone, base against head, unless both sides' classpaths are
     * the same by content; {@code always} measures them anyway; {@code off} skips the stage.
     */
    public static final String COMPONENTS = "perf.components";
    /** Paired mode's component stage: duels per component and look, each one ABBA block. */
    public static final String COMPONENT_BLOCKS = "perf.component.blocks";
    /** Paired mode's component stage: how many times a component's measurement may be judged while it is INCONCLUSIVE. */
    public static final String COMPONENT_LOOKS = "perf.component.looks";
    /** Paired mode: heap and GC flags of the two worker JVMs. */
    public static final String WORKER_JVM_FLAGS = "perf.worker.jvm.flags";

    /**
     * Why stored baselines judge a run that asked for paired mode (a base that does not build, or
     * has no gate): set by scripts/gate.sh --base and by the gate itself, shown in the headline.
     */
    public static final String FALLBACK_REASON = "perf.fallback.reason";

    /**
     * Stored mode on a pull request: the base commit (e.g. the merge base). A selected scenario
     * whose baseline file exists there but not in the head is not judged (exit 2) instead of
     * passing as NEW. For stored runs by hand: the gate action refuses stored mode on a pull request.
     */
    public static final String BASELINES_REF = "perf.baselines.ref";

    /** A slow link's Toxiproxy server binary; by default toxiproxy-server on the PATH, or built with Go once. */
    public static final String TOXIPROXY_SERVER = "perf.toxiproxy.server";

    /**
     * Trogdor scenarios: an existing coordinator's address ({@code http://host:8889}); unset, the
     * gate starts a coordinator and the agents on this machine.
     */
    public static final String TROGDOR_COORDINATOR = "perf.trogdor.coordinator";
    /** Trogdor scenarios: the existing coordinator's agents, by node name, comma-separated. */
    public static final String TROGDOR_AGENTS = "perf.trogdor.agents";

    public static final List<String> ALL = List.of(BROKER, BROKER_IMAGE, BROKER_STARTUP_TIMEOUT, BROKER_CPUS,
            BROKER_JVM_FLAGS, BROKER_CLASSPATH_FILE, BROKER_WARMUP, CLIENT_CPUS, CLIENT_JVM_FLAGS, EXTERNAL_BOOTSTRAP_SERVERS,
            EXTERNAL_CLIENT_PROPERTIES, EXTERNAL_JMX, REQUIRE_CONTAINER, SCENARIOS_DIR, SUITE, ENABLED, SCENARIOS, RESULTS_DIR, PROFILE,
            BASELINES_DIR, BASELINES_REF, BASELINE_REQUIRED, GATE_FALSE_ALARM_RATE, INJECT_BURN_NS, INJECT_BURN_EVERY, INJECT_ALLOC_BYTES, RUN_COMMIT, RUN_ID, RUN_MODULE,
            ACCEPTED_BY, ACCEPT_LABEL, ACCEPTED_AT, ACCEPTED_HEAD, ACCEPT_REPLACED, ACCEPT_AUTHOR, ACCEPT_SHOWN,
            BASE_REF, BASE_CLASSPATH_FILE, HEAD_CLASSPATH_FILE, BASE_SCENARIOS_DIR, BASE_COMMIT, PAIRED_BLOCKS, PAIRED_LOOKS, PAIRED_DESIGN, PAIRED_WINDOW, FAIL_FAST, CLIENTS, PAIRED_TRIAL, PAIRED_WARMUP, PAIRED_SETTLE, PAIRED_PIN, WORKER_JVM_FLAGS, COMPONENTS, COMPONENT_BLOCKS, COMPONENT_LOOKS,
            FALLBACK_REASON, ALLOW_UNJUDGED, TOXIPROXY_SERVER, TROGDOR_COORDINATOR, TROGDOR_AGENTS);

    /** Throws naming every {@code perf.*} property that the gate does not know. */
    static void rejectUnknown(Properties properties) {
        TreeSet<String> unknown = properties.stringPropertyNames().stream()
                .filter(name -> name.startsWith("perf."))
                .filter(name -> !ALL.contains(name))
                .collect(Collectors.toCollection(TreeSet::new));
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown propert" + (unknown.size() == 1 ? "y " : "ies ")
                    + unknown.stream().map(name -> name + Spelling.nearest(name, ALL)
                            .map(near -> " (did you mean " + near + "?)").orElse("")).collect(Collectors.joining(", "))
                    + "; the gate knows: " + String.join(", ", ALL));
        }
    }

    /**
     * A duration property, written as scenario files write durations ({@code 500ms}, {@code 30s},
     * {@code 2m}), or as whole seconds ({@code 30}); {@code fallback} when unset.
     *
     * @throws IllegalArgumentException naming the property and the forms it takes
     */
    static java.time.Duration seconds(Map<?, ?> properties, String name, java.time.Duration fallback) {
        String text = get(properties, name, null);
        if (text == null) {
            return fallback;
        }
        try {
            return text.matches("\\d{1,9}") ? java.time.Duration.ofSeconds(Long.parseLong(text))
                    : DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("-D" + name + "=" + text + ": " + e.getMessage() + ", or whole seconds", e);
        }
    }

    /**
     * A whole-number property in {@code min..max}; {@code fallback} when unset.
     *
     * @throws IllegalArgumentException naming the property, its value and the range
     */
    static long integer(Map<?, ?> properties, String name, long fallback, long min, long max) {
        String text = get(properties, name, null);
        if (text == null) {
            return fallback;
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + name + "=" + text + ": must be a whole number in " + min + ".." + max);
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("-D" + name + "=" + text + ": must be in " + min + ".." + max);
        }
        return value;
    }

    /** A path the setting names, made once where the settings are ({@code null} when unset with no fallback), its key named if it is none. */
    static java.nio.file.Path path(Map<?, ?> properties, String name, String fallback) {
        String text = get(properties, name, fallback);
        try {
            return text == null ? null : java.nio.file.Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException("-D" + name + ": not a path: " + e.getMessage());
        }
    }

    /**
     * A decimal property in {@code min..max} (never NaN or infinite); {@code fallback} when unset.
     *
     * @throws IllegalArgumentException naming the property, its value and the range
     */
    static double number(Map<?, ?> properties, String name, double fallback, double min, double max) {
        String text = get(properties, name, null);
        if (text == null) {
            return fallback;
        }
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException("-D" + name + "=" + text + ": must be a number in " + min + ".." + max);
        }
        return value;
    }

    /**
     * {@code true} or {@code false}, nothing else: {@code -Dperf.baseline.required=yes} must not
     * silently mean false.
     *
     * @throws IllegalArgumentException naming the property and its value
     */
    static boolean flag(Map<?, ?> properties, String name, boolean fallback) {
        String text = get(properties, name, null);
        if (text == null) {
            return fallback;
        }
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("-D" + name + "=" + text + ": must be true or false");
        };
    }

    /**
     * The value of {@code name}, one of {@code choices} (lower case), or {@code fallback} when unset.
     *
     * @throws IllegalArgumentException naming the property, its value and the choices
     */
    static String choice(Map<?, ?> properties, String name, String fallback, List<String> choices) {
        String text = get(properties, name, fallback);
        if (!choices.contains(text)) {
            throw new IllegalArgumentException("-D" + name + "=" + text + ": must be one of " + String.join(", ", choices));
        }
        return text;
    }

    /** The value of {@code name}, or {@code fallback} when it is unset or blank. */
    static String get(Map<?, ?> properties, String name, String fallback) {
        Object value = properties.get(name);
        return value == null || value.toString().isBlank() ? fallback : value.toString().trim();
    }
}
