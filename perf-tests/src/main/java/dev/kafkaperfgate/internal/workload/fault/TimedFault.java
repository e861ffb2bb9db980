package dev.kafkaperfgate.internal.workload.fault;

import java.time.Duration;

/**
 * A fault that a carrier outside this package applies to one broker from an instant, for a while,
 * and then ends: a frozen JVM (Trogdor's {@code ProcessStopFault}), a broker cut off from its peers
 * (Trogdor's {@code NetworkPartitionFault}). The run supplies the carrier; this package schedules
 * it and watches, on this machine, that it really happened, since a carrier may report success
 * having done nothing (no JVM by that name, no rule applied).
 */
public interface TimedFault {

    /**
     * Schedules the fault: at wall-clock {@code startEpochMs} it acts on {@code target}, and it ends
     * {@code duration} later. Returns once the carrier has accepted it.
     *
     * @param target how the carrier finds the broker: a pause, a string in the JVM's {@code jcmd}
     *               line that no other JVM's holds; a partition, the node's name {@code broker-<id>}
     * @throws RuntimeException when the carrier refuses it or cannot be reached
     */
    Scheduled schedule(String target, long startEpochMs, Duration duration);

    /** Who carries it out, for the console: e.g. "Trogdor's ProcessStopFault on agent-1". */
    String carrier();

    /** A fault handed to its carrier. */
    interface Scheduled extends AutoCloseable {

        /**
         * Waits, up to {@code bound}, until the carrier says the fault is over.
         *
         * @throws RuntimeException with the carrier's error, or when it is not over in time
         */
        void awaitDone(Duration bound);

        /** What the carrier says of it now, for an error message: e.g. "task kpg-pause-… RUNNING: stopped …". */
        String describe();

        /** Ends the fault now if it still lasts (the JVM let go, the cut healed); never throws. */
        @Override
        void close();
    }
}
