package dev.kafkaperfgate.internal.settings;

import java.time.Duration;

/**
 * Every default of kafka-perf-gate in one place, each with the reason for its value.
 * Builders and settings classes point here instead of repeating numbers.
 */
public final class Defaults {

    private Defaults() {
    }

    /** Kafka version of clients, broker and tools; the container image tag follows it. */
    public static final String KAFKA_VERSION = "4.3.1";

    /** The image users get on runners that can pull from Docker Hub. */
    public static final String BROKER_IMAGE = "apache/kafka:" + KAFKA_VERSION;

    /**
     * How long a broker may take to answer after start. A process broker is ready in about 6 s
     * on a 2-core machine; a container adds image start. Beyond this the broker is declared dead.
     */
    public static final Duration BROKER_STARTUP_TIMEOUT = Duration.ofSeconds(90);

    /** How long to wait for a killed broker process to be gone (it is killed, not shut down: its data is throwaway). */
    public static final Duration BROKER_STOP_TIMEOUT = Duration.ofSeconds(20);

    /** How long an external cluster may take to answer a metadata request before it counts as unreachable. */
    public static final Duration EXTERNAL_CONNECT_TIMEOUT = Duration.ofSeconds(15);

    /**
     * Fixed heap and collector for the process broker JVM. Kafka's own start script defaults to
     * 1 GiB and G1; fixing both keeps heap resizing out of the measurement.
     */
    public static final String BROKER_JVM_FLAGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxGCPauseMillis=20";

    /** Bound on topic creation and deletion requests. */
    public static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

    /** Interval of the progress line during long work, as kafka-producer-perf-test prints it. */
    public static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(5);

    /** How often the broker's liveness is checked while a workload runs. */
    public static final Duration BROKER_WATCH_INTERVAL = Duration.ofMillis(500);

    /**
     * How long a broker stopped by a scenario's {@code fault} may take, once started again, to be
     * back in every in-sync replica set of the scenario's topic; and how long the fault's thread may
     * take to stop and start it. A 3-broker process cluster here rejoined in a few seconds; this
     * bound is for a machine in trouble.
     */
    public static final Duration FAULT_RECOVERY_TIMEOUT = Duration.ofSeconds(120);

    /** How long reading back a fault trial's records (to count what was lost) may take. */
    public static final Duration FAULT_READ_BACK_TIMEOUT = Duration.ofSeconds(60);

    /** The Toxiproxy server a slow link is built with: the newest v2 release the Go module proxy serves. */
    public static final String TOXIPROXY_VERSION = "v2.5.0";

    /** Longest the base's Maven build may take ({@code perf.base.ref}): a cold local repository downloads the world. */
    public static final Duration BASE_BUILD_TIMEOUT = Duration.ofMinutes(15);
    /** Longest a {@code git} command of the base's checkout may take ({@code perf.base.ref}). */
    public static final Duration GIT_TIMEOUT = Duration.ofMinutes(2);
    /**
     * How long the head may run alone against stored baselines when the pull request adopts the
     * gate (scripts/gate.sh --base against a base without it): a whole stored suite, bounded.
     */
    public static final Duration HEAD_ALONE_TIMEOUT = Duration.ofMinutes(120);
    /** Building Toxiproxy's server with {@code go install} took about 30 s here, downloads included. */
    public static final Duration TOXIPROXY_BUILD_TIMEOUT = Duration.ofMinutes(5);

    /** Toxiproxy's server answers its API within a second; this bound is for a machine in trouble. */
    public static final Duration LINK_START_TIMEOUT = Duration.ofSeconds(20);

    /**
     * How long MirrorMaker 2 may take from its start to the first record replicated to the target:
     * it joins its Connect group, creates its internal topics and the remote topic (about 10-20 s
     * here), then the warm-up's first records cross the link.
     */
    public static final Duration MIRROR_START_TIMEOUT = Duration.ofSeconds(120);

    /** MirrorMaker 2's heap: its producer and consumer buffers, the Connect worker; 15 KB records at a few MB/s need little. */
    public static final String MIRROR_JVM_FLAGS = "-Xms256m -Xmx512m -XX:+UseG1GC";

    /**
     * How long to wait for the last acknowledgements of a trial after the last send. Kafka's
     * delivery.timeout.ms defaults to 120 s; a live broker acks far sooner, a dead one is caught
     * by the broker watch first.
     */
    public static final Duration ACK_DRAIN_TIMEOUT = Duration.ofSeconds(150);

    /**
     * How long a consumer may go without a record while records it should read remain. A live
     * local broker serves a fetch within milliseconds; half a minute of nothing is a stopped
     * consumer, reported as such instead of waiting for the suite's own timeout.
     */
    public static final Duration CONSUMER_STALL_TIMEOUT = Duration.ofSeconds(30);

    /**
     * How long a consume trial's consumer may take to join its group and get partitions. A
     * single-member group on the local process broker joined in 23-90 ms here
     * (rebalance.time.ms); a minute leaves room for a slow remote cluster and still ends a group
     * that never forms.
     */
    public static final Duration CONSUMER_JOIN_TIMEOUT = Duration.ofSeconds(60);

    /** Distinct payloads in a payload pool: enough that batches are not one payload repeated. */
    public static final int PAYLOAD_POOL_SIZE = 1024;

    /** Seed of the payload pool: fixed, so every run sends the same bytes. */
    public static final long PAYLOAD_SEED = 42L;

    /**
     * Share of each payload drawn from a fixed text rather than random bytes. 0.5 compresses to
     * roughly the ratio of log lines and JSON events, neither free nor incompressible.
     */
    public static final double PAYLOAD_COMPRESSIBILITY = 0.5;

    /** Measured repetitions of a scenario; every trial's figures are kept. */
    public static final int TRIALS = 3;

    /** Partitions of a scenario's topic. */
    public static final int PARTITIONS = 1;

    /**
     * The largest cluster a scenario may ask for ({@code cluster: {brokers: N}}): 5. Each broker
     * is a JVM with {@link #BROKER_JVM_FLAGS} (1 GiB fixed: three brokers and the client fit a
     * 24 GiB machine with room); on a 2-core machine more brokers measure their own contention,
     * not the client.
     */
    public static final int MAX_CLUSTER_BROKERS = 5;

    /** Replication factor of a scenario's topic when it names none: 1. */
    public static final short REPLICATION_FACTOR = 1;

    /**
     * Warm-up of a freshly started broker, once, before its first scenario. Measured here with
     * scripts/measure-warmup.sh (5 s windows, unthrottled 1 KiB, fresh broker): one run reached
     * its level (~74k records/s) only after 40 s, after a plateau near 48k at 15-25 s that a
     * steadiness test cannot tell from the level itself; others settled by 10-15 s. 30 s of
     * unthrottled sending (about 2 M records) covers the slow case at the start of a suite, where
     * it is paid once, rather than in every scenario.
     */
    public static final Duration BROKER_WARMUP = Duration.ofSeconds(30);

    /**
     * Warm-up of each scenario: the shortest. Measured here with scripts/measure-warmup.sh on a fresh process
     * broker, three runs each, 2 s windows: unthrottled 1 KiB records climb from 10-16k to 44-50k
     * records/s over the first 6 s, overshoot to 88-112k between 6 and 12 s, and only then
     * fluctuate around 75k (55k-100k per 2 s window on this shared machine). At 20k records/s the
     * median latency per window falls from 1.2-2.5 s in the first window to about 0.75 ms by
     * 16-20 s. 15 s clears the climb and the overshoot in every run; the steadiness test below
     * decides the rest.
     */
    public static final Duration WARMUP_MIN = Duration.ofSeconds(15);

    /** Upper bound of the warm-up; a run that reaches it unsteady is flagged in its result. */
    public static final Duration WARMUP_MAX = Duration.ofSeconds(45);

    /**
     * Length of one warm-up window. Settled 2 s windows still vary by about 15% here; 5 s windows
     * average that down so that the steadiness test measures the trend, not the noise.
     */
    public static final Duration WARMUP_WINDOW = Duration.ofSeconds(5);

    /** Consecutive warm-up windows that must agree. */
    public static final int WARMUP_STEADY_WINDOWS = 3;

    /**
     * Largest relative spread (max - min) / mean of those windows that counts as steady: above the
     * settled noise of 5 s windows, far below the 3-5x climb of a cold start.
     */
    public static final double WARMUP_STEADY_TOLERANCE = 0.20;

    /** Prefix of every topic the gate creates; only topics under it are ever deleted. */
    public static final String TOPIC_PREFIX = "kpg";

    /** Significant decimal digits of the latency histograms: 3 keeps 0.1% resolution. */
    public static final int HISTOGRAM_DIGITS = 3;

    /**
     * The false-alarm budget of one whole gate run (all its comparisons together): at most one
     * clean PR in fifty fails. See {@link dev.kafkaperfgate.internal.verdict.GatePolicy} for how it is split.
     */
    public static final double SUITE_FALSE_ALARM_RATE = 0.02;

    /** The power at which the minimum detectable effect (MDE) is reported: the usual 80%. */
    public static final double VERDICT_POWER = 0.8;

    /**
     * Baseline runs needed before a verdict: with fewer, the run-to-run spread is not measured
     * (one run has none, two give a t with one degree of freedom, whose 95% quantile is 6.3).
     */
    public static final int MIN_BASELINE_RUNS = 3;

    /**
     * Runs a baseline's history keeps: the default of scripts/refresh-baselines.sh --window, which
     * applies it (stated here with every other default, and repeated in the script). Ten nightly runs
     * are a working fortnight, long enough to estimate run-to-run noise, short enough to follow
     * the runner fleet as it changes.
     */
    public static final int BASELINE_WINDOW = 10;

    /**
     * How far the ruler (CPU loop, broker round trip) may move against the baselines' before a run
     * is marked drifted. On this shared 2-core machine, run to run, the round trip ranged 350-800 µs
     * and the CPU ruler 255-500 µs per op under neighbours' load; ±25% flagged ordinary runs, ±50%
     * flags a different class of machine or a heavily loaded one.
     */
    public static final double DRIFT_BOUND = 0.5;

    /**
     * Where baselines live, relative to the module that runs the suite (Surefire's working
     * directory): one folder per profile. This repository points it at its top-level baselines/.
     */
    public static final String BASELINES_DIR = "baselines";

    /**
     * Free space /dev/shm must have before the process broker keeps its logs there (else
     * java.io.tmpdir): the largest catalog scenario pre-loads 600 MB, and topics are deleted
     * after each scenario.
     */
    public static final long BROKER_TMPFS_MIN_FREE_BYTES = 4L * 1024 * 1024 * 1024;

    /** Where result files, summary.json and report.html are written, relative to the module that runs the suite. */
    public static final String RESULTS_DIR = "target/perf-results";

    /**
     * Paired mode: ABBA blocks per scenario. Each block gives one paired log-ratio, and the t
     * test's degrees of freedom are blocks − 1: 8 blocks leave 7, where the one-sided 97% quantile
     * is 2.3 (5 blocks: 2.8; infinitely many: 1.9). See scripts/gate-power.sh --paired for what
     * this detects on a 2-core runner, and the README's power table.
     */
    public static final int PAIRED_BLOCKS = 8;
    /**
     * Paired mode: how many times a scenario's whole-client measurement may be judged while a
     * metric is INCONCLUSIVE, {@link #PAIRED_BLOCKS} more blocks each time (each look at α / looks).
     * 1, measure once: the PR gate's wall time is already above its goal, so more looks are a
     * team's choice of time for decisions ({@code perf.paired.looks}).
     */
    public static final int PAIRED_LOOKS = 1;

    /**
     * Paired mode's warm windows: each window's length. A window pays a command's round trip and the
     * wait for its last acknowledgements (milliseconds) and no client, topic or settle, so a second
     * is measured for about 1.1 s of wall time; the noise that matters is the machine's hiccups,
     * which more, shorter windows in ABBA order average out (docs/power.md measures it).
     */
    public static final Duration PAIRED_WINDOW = Duration.ofSeconds(1);

    /**
     * Paired mode's warm windows: ABBA blocks per look. A window holds a third of a trial's records,
     * so it takes about three times the blocks for the same MDE, at about a fifth of a trial's wall
     * time each (docs/power.md measures both designs side by side). At least 13 blocks let the p99's
     * signed-rank test reach the PR suite's α at all.
     */
    public static final int PAIRED_WINDOW_BLOCKS = 24;

    /**
     * Paired mode's warm windows: looks while a metric is INCONCLUSIVE and more blocks could still
     * decide it, each at α / looks. Cheap with windows: a look of 24 blocks is about 100 s.
     */
    public static final int PAIRED_WINDOW_LOOKS = 2;

    /**
     * Paired mode's p99 floor: a p99 too noisy to resolve its percentage threshold is still OK when
     * its interval rules out a rise of more than this, in absolute terms. A p99 in 1 s windows at a
     * fixed rate here has an MDE of 15-60% (docs/power.md), so without a floor it is INCONCLUSIVE on
     * almost every run; a millisecond is below what a reader of a producer's latency acts on.
     * Detection is unchanged: a REGRESSION still needs the threshold and the interval.
     */
    public static final Duration PAIRED_P99_FLOOR = Duration.ofMillis(1);

    /**
     * Paired mode: length of one measured trial (after a 0.5 s settle on its fresh topic). Short
     * trials make more blocks in the same time, and adjacent short trials share more of the
     * machine's state than long ones far apart. Measured here in an A/A run of the PR suite at 6
     * blocks of 5 s, the block-to-block spread was 4-7% on CPU and allocation per record and 7% on
     * unthrottled throughput: the spread came from the machine's hiccups, not from too few records
     * (3 s at the PR suite's rates is 15k-300k records), so more, shorter trials buy more power.
     * 2 s trials were measured against 3 s on 2026-11-26 (eight alternating A/A runs): they save
     * about 1.5 minutes per PR-suite run, but the end-to-end scenario's CPU/record MDE was wider at
     * 2 s in all 4 pairs (8.3-15.2% against 3.3-13.4%), so 3 s stays (docs/log/2026-11.md).
     */
    public static final Duration PAIRED_TRIAL = Duration.ofSeconds(3);

    /**
     * Paired mode: the broker's own warm-up, none. Both sides measure on the one broker, in ABBA
     * blocks, so a broker still warming shifts both sides alike and its drift cancels; and the
     * first scenario's cold warm-up on each side (at least {@link #WARMUP_MIN} each) already
     * sends through it. Measured on 2026-11-26 in four alternating A/A runs of the PR suite: the
     * first scenario's MDEs were no wider than after 30 s of broker warm-up, and the run was about
     * 22 s shorter (the first pre-load on a cold broker took 4-5 s longer of the 31 s saved).
     * {@code perf.broker.warmup} still sets one.
     */
    public static final Duration PAIRED_BROKER_WARMUP = Duration.ZERO;

    /**
     * Paired mode: each side's warm-up before its first trial of a scenario. The worker JVMs stay
     * warm from scenario to scenario, so this only has to settle the scenario's own path (a new
     * topic, a new serializer), not a cold JIT; the steadiness test still decides past the minimum.
     */
    public static final Duration PAIRED_WARMUP_MIN = Duration.ofSeconds(6);

    /**
     * Paired mode: a side's worker JVM is settled enough to measure when it compiled for at most
     * this share of a trial's length since its previous reply (300 ms at 3 s trials). Measured on
     * the 2-core machine at 20k records/s: 3-9 s of compiling per interval in a scenario's first
     * trials after a full warm-up, then 70-480 ms, falling below 100 ms later in the run.
     */
    public static final double PAIRED_JIT_SETTLED = 0.10;

    /** Paired mode: at most this many settle trials a side before a scenario's measured trials; a side still compiling is measured anyway, and says so. */
    public static final int PAIRED_SETTLE_MAX = 6;

    /**
     * Paired mode's A-against-A control: how far the base's later stretches of a scenario may differ
     * from its earlier ones before the machine counts as having moved under the measurement
     * (INCONCLUSIVE). Dekaf's A-B-A gate uses 10% between whole runs; a neighbour arriving mid-run
     * moved unthrottled throughput here by 25-40%, which ABBA blocks cancel when it is gradual.
     */
    public static final double PAIRED_CONTROL_BOUND = 0.20;

    /**
     * A component's regression bar in ns/op, +10%: below the +20% the component stage must catch
     * with 95% power, so that an effect that size does not pass half the time.
     */
    public static final double COMPONENT_NS_THRESHOLD_PERCENT = 10;
    /**
     * Duels per component and look, each a fresh JVM holding both sides and each one ABBA block.
     * One duel's CPU ratio of the same Jackson serializer on both sides moved by ±3% here (A/A),
     * so four of them resolve +20% at the run's α; fewer leave Student's t too few degrees of freedom.
     */
    public static final int COMPONENT_BLOCKS = 4;
    /**
     * How many times a component's measurement may be judged: while a metric is INCONCLUSIVE,
     * {@link #COMPONENT_BLOCKS} more duels are measured, up to 3 looks (12 duels), each look at
     * α / 3 (Bonferroni over a fixed maximum of looks).
     */
    public static final int COMPONENT_LOOKS = 3;
    /**
     * Copies of each side in one duel, each in a class loader of its own and compiled on its own: a
     * side's figure is their median, so one copy that the JIT settled on a slower form does not move it.
     */
    public static final int COMPONENT_COPIES = 3;
    /** A duel's shortest warm-up: the batches calibrate and the first compilations start. */
    public static final Duration COMPONENT_WARMUP_MIN = Duration.ofSeconds(2);
    /**
     * A duel's longest warm-up: it ends earlier once the JIT compiled for at most 2% of two
     * half-second windows running. A Jackson serializer's six copies settled in 4-8 s here.
     */
    public static final Duration COMPONENT_WARMUP_MAX = Duration.ofSeconds(20);
    /** How long a duel measures its alternating batches after the warm-up. */
    public static final Duration COMPONENT_MEASURE = Duration.ofSeconds(3);
    /**
     * How long one batch of calls on one copy aims to take. Each switch to another copy costs the
     * next batch its warm caches and branch history, which inflates every copy's figure alike and
     * so dilutes a fixed added cost: measured 2026-11-28 (AMD EPYC, 8 duels each, shared libraries),
     * a Jackson serializer's CPU-only change read +14.4% at 2 ms and +19.6% at 20 ms (alone, in
     * fresh JVMs: +40%), an Avro one +21.5% and +28.8% (alone +38%). Longer batches gave no more
     * on an Intel Xeon (2026-11-29: Avro +36.7% at 20 ms, +36.4% at 100 ms, alone +41.9%) and leave a
     * 3 s duel 5 rounds instead of about 25.
     */
    public static final Duration COMPONENT_BATCH = Duration.ofMillis(20);
    /** Longest one component JVM (a duel, or a side's listing) may take, setup (the team's RecordSource) included. */
    public static final Duration COMPONENT_FORK_TIMEOUT = Duration.ofSeconds(120);

    /** A component's regression bar in allocated bytes per call, +5%: allocation per call is nearly noise-free. */
    public static final double COMPONENT_BYTES_THRESHOLD_PERCENT = 5;

    /** Paired mode: heap and GC of each worker JVM, as the JUnit suite's client JVM (Surefire's argLine). */
    public static final String WORKER_JVM_FLAGS = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:+AlwaysPreTouch";

    /** How long a paired worker may take to answer a command beyond the work it was given (start, topic, JIT). */
    public static final Duration WORKER_REPLY_MARGIN = Duration.ofSeconds(120);

    /** Where scenario files live, relative to the module that runs the suite. */
    public static final String SCENARIOS_DIR = "perf";
    /** The suite a run without {@code perf.suite} runs, unless {@code perf.scenarios} names scenarios (then every one it names). */
    public static final String SUITE = "pr";
}
