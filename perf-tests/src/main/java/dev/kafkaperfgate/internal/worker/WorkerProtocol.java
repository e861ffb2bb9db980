package dev.kafkaperfgate.internal.worker;

/**
 * The line protocol between the paired-mode coordinator and a side's worker JVM: one JSON object
 * per line on the worker's stdin (a command, {@code "op"} naming it) and one per line on its
 * stdout (the reply, {@code "ok"} true or false with {@code "error"}). Everything else the worker
 * prints, the team's own code included, goes to its stderr, which the coordinator forwards with
 * the side's name.
 *
 * <pre>{@code
 *                                                            ← {"pid":123,"jitThreads":[130,131]} (first, unasked: {@link WorkerLaunch})
 * → {"op":"hello"}                                           ← {"ok":true,"protocol":2,"kafkaClients":"4.3.1"}
 * → {"op":"catalog","dir":"perf","suite":"pr","names":null}  ← {"ok":true,"scenarios":[{"name":..,"file":..,"thresholds":{..}}]}
 * → {"op":"open","experimentFile":..,"subjectFile":..,"name":..,"bootstrap":..,"trialMillis":5000,"warmupMinMillis":6000,
 *    "injection":{"burnNs":0,"every":1,"allocBytes":0}}     ← {"ok":true,"changes":[..],"experimentChanges":[..]}
 * → {"op":"preload","topic":..}                              (consume scenarios only)
 * → {"op":"warmup","topic":..}
 * → {"op":"trial","topic":..,"trial":3}                      ← {"ok":true,"definition":{..},"figures":{..}}
 * → {"op":"beginWindows","topic":..,"windowMillis":1000}  (produce scenarios: one producer, warmed up once, kept open)
 * → {"op":"window","window":3}                               ← {"ok":true,"definition":{..},"figures":{..}} of one warm window
 * → {"op":"profileStart"}                                    (after a whole client's verdict: JFR, a few more windows)
 * → {"op":"profileStop"}                                     ← {"ok":true,"file":"/…/tmp/kpg-client-profile-….jfr"}
 * → {"op":"endWindows"}
 * → {"op":"close"}                                           ← {"ok":true}, then the worker exits
 * }</pre>
 *
 * A window's and a trial's reply also carry {@code "stalls":{"gcPauseMillis":3,"gcCount":1}}: the
 * worker JVM's GC pauses while it measured, shown beside the p99 and never judged.
 *
 * Every successful reply also carries {@code "jitMillis"}: the worker JVM's time spent compiling so
 * far ({@code CompilationMXBean}), from which the coordinator decides when both JVMs have settled
 * enough to measure; a reply without it comes from an older gate.
 *
 * A worker also exits when its stdin closes, so a coordinator killed outright leaves none behind.
 */
public final class WorkerProtocol {

    private WorkerProtocol() {
    }

    /**
     * Raised when a side's gate speaks another version: the base's gate library is older (or newer)
     * than the head's. The coordinator then says so and falls back.
     */
    public static final int VERSION = 2;

    /** The field of every successful reply that says how long the worker JVM has compiled so far, in milliseconds. */
    public static final String JIT_MILLIS = "jitMillis";

    /** The worker's main class, started with the side's own test classpath. */
    public static final String MAIN_CLASS = WorkerLaunch.class.getName();
}
