package dev.kafkaperfgate.internal.workload.send;

import dev.kafkaperfgate.internal.figures.Delivery;

/**
 * Follows the produce loop phase by phase (0 is the warm-up, then trial 1, 2, ..., or a warm
 * window's number): how a reader
 * on the same topic, the end-to-end workload's, joins the produce workload without a copy of it.
 */
public interface PhaseListener {

    PhaseListener NONE = new PhaseListener() {
        @Override
        public SendPhase.RecordStamp stamp() {
            return SendPhase.RecordStamp.NONE;
        }

        @Override
        public Delivery phaseEnded(String scenario, int phase, long sent) {
            return null;
        }
    };

    /** What the phase's histogram measures, as the trial's console line names it. */
    default String measures() {
        return "end-to-end latency";
    }

    /** What the reader did with the records, as the trial's throughput line names it: "consumed", "replicated". */
    default String delivers() {
        return "consumed";
    }

    /**
     * Called before the phase's first send. A warm window's phases reuse the reader's slots (its
     * windows are numbered past any fixed count), so a slot is emptied here, never after its phase
     * ended: a record of that phase received twice is still counted against it.
     */
    default void phaseStarting(int phase) {
    }

    /** Headers for every record sent. */
    SendPhase.RecordStamp stamp();

    /**
     * Called once every send of the phase was acknowledged.
     *
     * @param sent records sent in the phase, all acknowledged
     * @return what the listener received of the phase, or {@code null}
     * @throws dev.kafkaperfgate.internal.workload.ScenarioFailedException when the listener cannot account for the phase's records
     */
    Delivery phaseEnded(String scenario, int phase, long sent);
}
