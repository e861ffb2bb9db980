package dev.kafkaperfgate.internal.workload.fault;

import java.time.Duration;

/**
 * Freezes a broker node's JVM for a while and lets it go again, finding the process by its name on
 * this machine. The run supplies it (Trogdor's own {@code ProcessStopFault} on an agent of this
 * machine); this package only schedules it and watches the process to see that it happened.
 */
public interface BrokerPause {

    /**
     * Schedules the pause: at wall-clock {@code startEpochMs} every JVM whose {@code jcmd} line holds
     * {@code jvmName} is sent SIGSTOP, and SIGCONT {@code duration} later. Returns once the carrier
     * has accepted it.
     *
     * @throws RuntimeException when the carrier refuses it or cannot be reached
     */
    Scheduled schedule(String jvmName, long startEpochMs, Duration duration);

    /** Who carries it out, for the console: e.g. "Trogdor's ProcessStopFault on agent-1". */
    String carrier();

    /** A pause handed to its carrier. */
    interface Scheduled extends AutoCloseable {

        /**
         * Waits, up to {@code bound}, until the carrier says the pause is over.
         *
         * @throws RuntimeException with the carrier's error, or when it is not over in time
         */
        void awaitDone(Duration bound);

        /** What the carrier says of it now, for an error message: e.g. "task kpg-pause-… RUNNING: stopped …". */
        String describe();

        /** Ends the pause now if it still runs (the process is let go); never throws. */
        @Override
        void close();
    }
}
