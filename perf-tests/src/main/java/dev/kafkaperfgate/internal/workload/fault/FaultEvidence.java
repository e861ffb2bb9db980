package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.broker.BrokerNodes;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How this machine sees a timed fault on one broker for itself, rather than taking its carrier's
 * word: a frozen JVM in {@code /proc}, a cut-off node's DROP rules in its network namespace. Also
 * the gate's last resort to end it, so that no node stays frozen or cut off.
 */
interface FaultEvidence {

    /** Whether the fault is in effect now. */
    boolean inEffect();

    /** Ends the fault if it is still in effect; never throws. */
    void end();

    /** What is watched, for the console: "pid 1234". */
    String describe();

    /** How often {@link #inEffect()} is worth reading. */
    Duration poll();

    /** How the console and the errors speak of this fault. */
    Words words();

    /**
     * The fault's words: "pausing broker 2", "did not freeze", "did not resume", "broker 2 frozen
     * from 4.1 s to 9.2 s".
     */
    record Words(String starting, String start, String end, String state) {
        static final Words PAUSE = new Words("pausing", "freeze", "resume", "frozen");
        static final Words CUT_OFF = new Words("cutting off", "cut off", "heal", "cut off from its peers");
    }

    /**
     * Waits until {@link #inEffect()} is {@code wanted}.
     *
     * @return the {@link System#nanoTime()} it was first seen so, or −1 when {@code deadlineNanos} came first
     */
    default long await(boolean wanted, long deadlineNanos) throws InterruptedException {
        while (true) {
            long now = System.nanoTime();
            if (inEffect() == wanted) {
                return now;
            }
            if (now >= deadlineNanos) {
                return -1;
            }
            TimeUnit.NANOSECONDS.sleep(poll().toNanos());
        }
    }

    /** A JVM of this machine frozen by SIGSTOP. */
    static FaultEvidence frozen(long pid) {
        return new FaultEvidence() {
            @Override
            public boolean inEffect() {
                return ProcessState.stopped(pid);
            }

            @Override
            public void end() {
                ProcessState.resume(pid);
            }

            @Override
            public String describe() {
                return "pid " + pid;
            }

            @Override
            public Duration poll() {
                return Duration.ofMillis(5);
            }

            @Override
            public Words words() {
                return Words.PAUSE;
            }
        };
    }

    /**
     * A node cut off from its peers: DROP rules in its own network namespace (the partition's side
     * of it); ended by removing those rules from every node's namespace, since each peer drops the
     * cut-off node's packets too.
     */
    static FaultEvidence cutOff(BrokerNodes.NetworkNamespace node, List<BrokerNodes.NetworkNamespace> all) {
        return new FaultEvidence() {
            @Override
            public boolean inEffect() {
                return !NamespaceFirewall.dropRules(node.pid()).isEmpty();
            }

            @Override
            public void end() {
                all.forEach(each -> NamespaceFirewall.removeDropRules(each.pid()));
            }

            @Override
            public String describe() {
                return "the network namespace of pid " + node.pid() + " (" + node.address() + ")";
            }

            @Override
            public Duration poll() {
                return Duration.ofMillis(50);
            }

            @Override
            public Words words() {
                return Words.CUT_OFF;
            }
        };
    }
}
