package dev.kafkaperfgate.internal.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A broker failure in the middle of every measured trial of a cluster scenario, as a scenario file
 * writes it:
 *
 * <pre>
 * fault:
 *   stop-broker: leader-of-partition-0   # or kill-broker (SIGKILL, a crash), pause-broker or partition-broker; or broker-2 (a node id)
 *   at: 20s                              # after the trial's first send
 *   restart-after: 10s                   # optional: the broker comes back during the trial
 *                                        # (pause-broker: resume-after, partition-broker: heal-after, required)
 * </pre>
 *
 * A stop is a clean shutdown (SIGTERM: the broker hands its leaderships over first); a kill is a
 * crash (SIGKILL: the controller fences the broker once its heartbeats stop); a pause freezes the
 * broker's JVM (SIGSTOP, as a long GC pause or a frozen machine would: its connections stay open
 * and nothing answers) and resumes it (SIGCONT), through Trogdor's own {@code ProcessStopFault}; a
 * partition cuts the broker off from the other brokers (its clients still reach it) and heals the
 * cut, through Trogdor's own {@code NetworkPartitionFault}.
 * Without {@code restart-after} the gate restarts a stopped broker after the trial, unmeasured;
 * either way it waits for the topic's replicas to be back in sync before the next trial.
 *
 * @param kind          stop, kill or pause
 * @param partition     the partition whose leader is stopped, or −1 when {@code brokerId} names the broker
 * @param brokerId      the node id to stop (1..brokers), or −1 when {@code partition} picks it
 * @param at            time from the trial's first send to the stop, longer than zero
 * @param restartAfter  time from the stop to the restart (a pause: to the resume, a partition: to the
 *                      heal, required), or {@code null} for after the trial
 */
public record FaultSpec(Kind kind, int partition, int brokerId, Duration at, Duration restartAfter) {

    /** What happens to the broker, with the key the scenario file writes for it. */
    public enum Kind {
        /** A clean shutdown (SIGTERM). */
        STOP("stop-broker"),
        /** A crash (SIGKILL). */
        KILL("kill-broker"),
        /** A frozen JVM (SIGSTOP, later SIGCONT), by Trogdor's ProcessStopFault. */
        PAUSE("pause-broker"),
        /** A broker cut off from its peers (iptables in its own network namespace), by Trogdor's NetworkPartitionFault. */
        PARTITION("partition-broker");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The scenario file's key: {@code stop-broker}, {@code kill-broker} or {@code pause-broker}. */
        public String key() {
            return key;
        }

        /** The key after the stop: {@code resume-after} for a pause, {@code heal-after} for a partition, else {@code restart-after}. */
        public String backKey() {
            return switch (this) {
                case PAUSE -> "resume-after";
                case PARTITION -> "heal-after";
                default -> "restart-after";
            };
        }

        /** Carried out by Trogdor for a set time, its end required: a pause or a partition. */
        public boolean timed() {
            return this == PAUSE || this == PARTITION;
        }
    }

    private static final Pattern LEADER = Pattern.compile("leader-of-partition-(\\d{1,5})");
    private static final Pattern BROKER = Pattern.compile("broker-(\\d{1,2})");

    public FaultSpec {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(at, "at");
        if ((partition < 0) == (brokerId < 0)) {
            throw new IllegalArgumentException("a fault names exactly one of a partition's leader and a broker id");
        }
        if (at.isNegative() || at.isZero()) {
            throw new IllegalArgumentException("fault at must be longer than zero, got " + at);
        }
        if (restartAfter != null && (restartAfter.isNegative() || restartAfter.isZero())) {
            throw new IllegalArgumentException("fault " + kind.backKey() + " must be longer than zero, got " + restartAfter);
        }
        if (kind.timed() && restartAfter == null) {
            throw new IllegalArgumentException("a " + kind.key() + " fault needs " + kind.backKey() + ": Trogdor ends it after that long");
        }
    }

    /**
     * Reads a target as the scenario file writes it.
     *
     * @throws IllegalArgumentException naming the two spellings when {@code target} is neither
     */
    public static FaultSpec of(Kind kind, String target, Duration at, Duration restartAfter) {
        Matcher leader = LEADER.matcher(target);
        if (leader.matches()) {
            return new FaultSpec(kind, Integer.parseInt(leader.group(1)), -1, at, restartAfter);
        }
        Matcher broker = BROKER.matcher(target);
        if (broker.matches()) {
            return new FaultSpec(kind, -1, Integer.parseInt(broker.group(1)), at, restartAfter);
        }
        throw new IllegalArgumentException("'" + target + "' is not a broker to stop; write leader-of-partition-N or broker-N");
    }

    /** The target as the scenario file writes it. */
    public String target() {
        return partition >= 0 ? "leader-of-partition-" + partition : "broker-" + brokerId;
    }

    /** {@code stop-broker}, {@code kill-broker}, {@code pause-broker} or {@code partition-broker}. */
    public String action() {
        return kind.key();
    }

    /** A crash: SIGKILL rather than a clean stop. */
    public boolean kill() {
        return kind == Kind.KILL;
    }
}
