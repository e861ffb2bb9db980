package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.figures.FaultFigures;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Carries out a scenario's {@code fault} in one measured trial: picks the broker (the partition's
 * leader as the trial starts, or a fixed node), stops it {@code at} into the trial on a thread of
 * its own, starts it again after {@code restart-after} or once the trial is over, and waits until
 * the topic's replicas are all back in sync, so that the next trial starts from a whole cluster.
 * A pause or a partition is handed to a {@link TimedFault} (Trogdor) and watched on this machine
 * ({@link FaultEvidence}: the JVM's state in {@code /proc}, the node's DROP rules in its network
 * namespace): the times recorded are when it was seen in effect and over, and a fault that did
 * not happen fails the trial.
 *
 * <pre>{@code
 * FaultInjector fault = FaultInjector.arm(broker, spec, topic, console, label, timedFault);
 * fault.begin(clock.nanoTime());   // as the trial's first send goes out
 * ... the trial ...
 * FaultInjector.Times times = fault.finish();
 * }</pre>
 */
final class FaultInjector implements AutoCloseable {

    /**
     * What happened when, in nanoseconds from the trial's start.
     *
     * @param brokerId     the node stopped
     * @param isrBefore    the partition's in-sync replicas before the stop (the stopped node among them)
     * @param stopNanos    when the stop was sent
     * @param stoppedNanos when the node's process was gone
     * @param restartNanos when it was started again during the trial (a pause or a partition: seen over),
     *                     or −1 when that happened after it
     * @param isrChanges   the watched partition's ISR as it changed, from the trial's start until all were in sync
     */
    record Times(int brokerId, List<Integer> isrBefore, long stopNanos, long stoppedNanos, long restartNanos,
                 List<FaultFigures.IsrChange> isrChanges) {

        Times withIsrChanges(List<FaultFigures.IsrChange> changes) {
            return new Times(brokerId, isrBefore, stopNanos, stoppedNanos, restartNanos, changes);
        }

        /** Whether the stopped node was the only in-sync replica: the partition was offline until it came back. */
        boolean stoppedOnlyInSyncReplica() {
            return onlyInSync(isrBefore, brokerId);
        }
    }

    /**
     * How far a pause or a partition may start or end from its planned instant before the trial
     * fails (a pause's agent runs jcmd, a JVM, first: about 0.5 s, seconds on a loaded machine).
     */
    static final Duration TIMED_SLACK = Duration.ofSeconds(10);
    /** How often the watched partition's ISR is read during the fault. */
    static final Duration ISR_POLL = Duration.ofMillis(200);

    private final BrokerNodes nodes;
    private final FaultSpec fault;
    private final String topic;
    private final Admin admin;
    private final PrintStream console;
    private final String label;
    private final int brokerId;
    private final List<Integer> isrBefore;
    private final AtomicReference<Times> times = new AtomicReference<>();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    /** A pause's or a partition's carrier, what the carrier finds the broker by, and how this machine sees it; {@code null} for a stop or a kill. */
    private final TimedFault timed;
    private final String timedTarget;
    private final FaultEvidence evidence;
    private volatile TimedFault.Scheduled scheduled;
    /** The partition whose ISR is watched: the stopped leader's, or 0 for a broker named by id. */
    private final int watchedPartition;
    private final List<FaultFigures.IsrChange> isrChanges = new CopyOnWriteArrayList<>();
    private volatile boolean watching;
    private Thread watcher;
    private volatile boolean stopSent;
    private volatile boolean restarted;
    private Thread thread;

    private FaultInjector(BrokerNodes nodes, FaultSpec fault, String topic, Admin admin, PrintStream console, String label,
                          int brokerId, List<Integer> isrBefore, TimedFault timed, String timedTarget, FaultEvidence evidence) {
        this.nodes = nodes;
        this.fault = fault;
        this.topic = topic;
        this.admin = admin;
        this.console = console;
        this.label = label;
        this.brokerId = brokerId;
        this.isrBefore = isrBefore;
        this.timed = timed;
        this.timedTarget = timedTarget;
        this.evidence = evidence;
        this.watchedPartition = Math.max(0, fault.partition());
    }

    /**
     * Finds the broker to stop, as the cluster stands now.
     *
     * @param timed the run's carrier of a pause-broker or partition-broker fault; {@code null} when it has none
     * @throws ScenarioFailedException when the cluster's nodes cannot be stopped (an external
     *                                 cluster), a pause or a partition has no carrier, a pause no
     *                                 process of this machine to freeze, a partition no network
     *                                 namespace of its own to cut, or the topic cannot be described
     */
    static FaultInjector arm(KafkaBroker broker, FaultSpec fault, String topic, PrintStream console, String label,
                             TimedFault timed) {
        BrokerNodes nodes = broker.nodes().orElseThrow(() -> new ScenarioFailedException(label + "a fault stops a broker, and this "
                + broker.info().mode() + " broker gives the gate no node to stop: faults run on a cluster the gate starts "
                + "itself (-Dperf.broker=process)", null));
        Admin admin = Admin.create(TopicReplicas.adminConfig(broker));
        try {
            TopicPartitionInfo partition = TopicReplicas.describe(admin, topic).partitions().get(Math.max(0, fault.partition()));
            List<Integer> isr = partition.isr().stream().map(Node::id).toList();
            int target = fault.brokerId() > 0 ? fault.brokerId()
                    : partition.leader() == null ? -1 : partition.leader().id();
            if (target < 0) {
                throw new ScenarioFailedException(label + "partition " + fault.partition() + " of " + topic
                        + " has no leader to stop", null);
            }
            if (!fault.kind().timed()) {
                return new FaultInjector(nodes, fault, topic, admin, console, label, target, isr, null, null, null);
            }
            if (timed == null) {
                throw new ScenarioFailedException(label + fault.action() + " needs Trogdor, and the run gave this scenario none", null);
            }
            if (fault.kind() == FaultSpec.Kind.PAUSE) {
                BrokerNodes.LocalJvm jvm = nodes.localJvm(target).orElseThrow(() -> new ScenarioFailedException(label + "pause-broker "
                        + "freezes a broker's JVM on this machine, and broker " + target + " of this " + broker.info().mode()
                        + " broker is not one (a container's JVM is not in this machine's jcmd list): use -Dperf.broker=process", null));
                return new FaultInjector(nodes, fault, topic, admin, console, label, target, isr, timed, jvm.name(),
                        FaultEvidence.frozen(jvm.pid()));
            }
            List<BrokerNodes.NetworkNamespace> namespaces = FaultTrial.partitionNamespaces(broker, label);
            return new FaultInjector(nodes, fault, topic, admin, console, label, target, isr, timed, "broker-" + target,
                    FaultEvidence.cutOff(namespaces.get(target - 1), namespaces));
        } catch (RuntimeException e) {
            admin.close(Duration.ofSeconds(5));
            throw e;
        }
    }

    /** Starts the clock: the stop comes {@code at} after {@code trialStartNanos} (System.nanoTime). */
    void begin(long trialStartNanos) {
        thread = new Thread(() -> run(trialStartNanos), "kpg-fault");
        thread.setDaemon(true);
        thread.start();
        watching = true;
        watcher = new Thread(() -> watchIsr(trialStartNanos), "kpg-fault-isr");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * Records the watched partition's ISR each time it changes, as the controller reports it (in
     * KRaft the controller, not the leader, shrinks it for a stopped or fenced broker, so the
     * brokers' IsrShrinksPerSec does not count that), every {@link #ISR_POLL} until {@link #finish}
     * has seen every replica back in sync.
     */
    private void watchIsr(long start) {
        List<Integer> last = isrBefore;
        while (watching) {
            try {
                List<Integer> isr = TopicReplicas.describe(admin, topic).partitions().get(watchedPartition).isr().stream().map(Node::id).toList();
                if (!isr.equals(last)) {
                    isrChanges.add(new FaultFigures.IsrChange((System.nanoTime() - start) / 1_000_000, watchedPartition, isr));
                    last = isr;
                }
            } catch (RuntimeException e) {
                // The cluster is between leaders: the next poll reads it again.
            }
            try {
                Thread.sleep(ISR_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Stops the ISR watcher, once it has had a last look. */
    private List<FaultFigures.IsrChange> stopWatching() {
        watching = false;
        if (watcher != null) {
            try {
                watcher.join(Duration.ofSeconds(15).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return List.copyOf(isrChanges);
    }

    private void run(long start) {
        if (timed != null) {
            runTimed(start);
            return;
        }
        try {
            sleepUntil(start + fault.at().toNanos());
            long stop = System.nanoTime();
            console.printf("%s%s broker %d (%s) at %.1f s%s%n", label, fault.kill() ? "killing" : "stopping", brokerId,
                    fault.target(), (stop - start) / 1e9, onlyInSync(isrBefore, brokerId)
                            ? ": it is the only in-sync replica, the partition stays offline until it returns" : "");
            stopSent = true;
            nodes.stop(brokerId, fault.kill());
            long stopped = System.nanoTime();
            long restart = -1;
            if (fault.restartAfter() != null) {
                sleepUntil(stop + fault.restartAfter().toNanos());
                restart = System.nanoTime();
                console.printf("%sstarting broker %d again at %.1f s%n", label, brokerId, (restart - start) / 1e9);
                nodes.start(brokerId);
                restarted = true;
            }
            times.set(new Times(brokerId, isrBefore, stop - start, stopped - start, restart < 0 ? -1 : restart - start, List.of()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure.set(e);
        }
    }

    /**
     * Hands the pause or partition to its carrier at once, to start {@code at} into the trial by the
     * wall clock, then watches it on this machine: in effect within {@link #TIMED_SLACK} of that
     * instant, over within it of its end, else the fault failed (no JVM by that name, no rule
     * applied, a carrier that did nothing).
     */
    private void runTimed(long start) {
        boolean pause = fault.kind() == FaultSpec.Kind.PAUSE;
        FaultEvidence.Words words = evidence.words();
        try {
            long atNanos = start + fault.at().toNanos();
            long atEpochMs = System.currentTimeMillis() + TimeUnit.NANOSECONDS.toMillis(atNanos - System.nanoTime());
            console.printf("%s%s broker %d (%s) at %.1f s for %.1f s: %s, %s%s%n", label, words.starting(),
                    brokerId, fault.target(), fault.at().toMillis() / 1e3, fault.restartAfter().toMillis() / 1e3, timed.carrier(),
                    evidence.describe(), onlyInSync(isrBefore, brokerId) && pause
                            ? "; it is the only in-sync replica, the partition stalls until it resumes" : "");
            scheduled = timed.schedule(timedTarget, atEpochMs, fault.restartAfter());
            long began = evidence.await(true, atNanos + TIMED_SLACK.toNanos());
            if (began < 0) {
                throw new IllegalStateException(timed.carrier() + " did not " + words.start() + " broker " + brokerId
                        + " (" + evidence.describe() + ", target " + timedTarget + ") within " + TIMED_SLACK.toSeconds() + " s of "
                        + fault.at().toMillis() / 1e3 + " s (" + scheduled.describe() + ")");
            }
            long ended = evidence.await(false, began + fault.restartAfter().toNanos() + TIMED_SLACK.toNanos());
            if (ended < 0) {
                throw new IllegalStateException(timed.carrier() + " did not " + words.end() + " broker " + brokerId
                        + " within " + TIMED_SLACK.toSeconds() + " s of the fault's end (" + scheduled.describe() + ")");
            }
            restarted = true;
            console.printf("%sbroker %d %s from %.1f s to %.1f s%n", label, brokerId, words.state(),
                    (began - start) / 1e9, (ended - start) / 1e9);
            times.set(new Times(brokerId, isrBefore, atNanos - start, began - start, ended - start, List.of()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            failure.set(e);
        }
    }

    /**
     * Waits for the fault's thread, starts the node again if it is still down, and returns once
     * every partition of the topic has all its replicas in sync again.
     *
     * @throws ScenarioFailedException when the fault never happened (the trial ended first), the
     *                                 node could not be stopped or started, or the replicas are not
     *                                 back in sync within {@link Defaults#FAULT_RECOVERY_TIMEOUT}
     */
    Times finish() {
        try {
            thread.join(Defaults.FAULT_RECOVERY_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ScenarioFailedException(label + "interrupted while the fault ran", e);
        }
        if (failure.get() != null) {
            throw new ScenarioFailedException(label + "the fault failed: " + failure.get().getMessage(), failure.get());
        }
        Times done = times.get();
        if (done == null) {
            throw new ScenarioFailedException(label + "the trial ended before the fault (" + fault.action() + " at "
                    + fault.at().toMillis() + " ms) had run", null);
        }
        if (scheduled != null) {
            scheduled.awaitDone(TIMED_SLACK);
        }
        if (!restarted) {
            console.printf("%sstarting broker %d again after the trial (not measured)%n", label, brokerId);
            nodes.start(brokerId);
            restarted = true;
        }
        TopicReplicas.awaitInSync(admin, topic, brokerId, label);
        // One more look after everything is in sync, so that the expand is on record.
        sleepQuietly(ISR_POLL.toMillis() * 2);
        return done.withIsrChanges(stopWatching());
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean onlyInSync(List<Integer> isr, int brokerId) {
        return isr.size() == 1 && isr.get(0) == brokerId;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long wait = nanos - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }

    /** Never leaves a node down: an aborted trial still starts it again. */
    @Override
    public void close() {
        stopWatching();
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(Defaults.BROKER_STOP_TIMEOUT.toMillis() * 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (scheduled != null) {
            scheduled.close();
        }
        if (evidence != null) {
            // The carrier's stop should have ended it; the gate never leaves a node frozen or cut off.
            if (evidence.inEffect()) {
                console.println(label + "broker " + brokerId + "'s " + fault.action() + " was still in effect: ending it ("
                        + evidence.describe() + ")");
                evidence.end();
            }
        } else if (stopSent && !restarted) {
            try {
                nodes.start(brokerId);
                restarted = true;
            } catch (RuntimeException e) {
                console.println(label + "could not start broker " + brokerId + " again: " + e.getMessage());
            }
        }
        admin.close(Duration.ofSeconds(5));
    }
}
