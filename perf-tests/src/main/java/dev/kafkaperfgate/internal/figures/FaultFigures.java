package dev.kafkaperfgate.internal.figures;

import java.util.List;

/**
 * What a trial's {@code fault} did to the producer: when the broker went, how long nothing was
 * acknowledged, and what became of every record, read back after the cluster recovered. Times
 * are from the trial's first send.
 *
 * @param action          stop-broker, kill-broker, pause-broker or partition-broker
 * @param target          as the scenario wrote it: leader-of-partition-N or broker-N
 * @param brokerId        the node stopped
 * @param isrBefore       the partition's in-sync replicas just before
 * @param stopMs          when the stop was sent, ms
 * @param stoppedMs       when the broker's process was gone (a pause or a partition: seen in effect), ms
 * @param restartMs       when it was started again during the trial (a pause or a partition: seen over), ms; −1 when after the trial
 * @param maxAckGapMs     the unavailability window: the longest time without an acknowledgement, ms
 * @param maxAckGapEndMs  when that window ended, ms
 * @param acked           records acknowledged
 * @param refused         sends that failed (never claimed as lost)
 * @param firstRefusal    the first failed send's error, or {@code null}
 * @param lost            acknowledged records missing from the topic afterwards
 * @param duplicates      records found in the topic more than once
 * @param bucketMs        the timeline's resolution, ms
 * @param acksPerBucket   acknowledgements per bucket: the failover timeline
 * @param maxLatencyUs    the slowest acknowledgement per bucket, µs
 * @param isrChanges      the partition's in-sync replicas each time the controller changed them, from the
 *                        stop until all were back in sync (after the trial, too): the shrink and the expand
 */
public record FaultFigures(String action, String target, int brokerId, List<Integer> isrBefore, long stopMs, long stoppedMs,
                           long restartMs, double maxAckGapMs, double maxAckGapEndMs, long acked, long refused, String firstRefusal,
                           long lost, long duplicates, long bucketMs, long[] acksPerBucket, long[] maxLatencyUs,
                           List<IsrChange> isrChanges) {

    /**
     * The in-sync replicas of the fault's partition from {@code atMs} (from the trial's first send) on.
     *
     * @param partition the partition watched: the stopped leader's, or 0 for a broker named by id
     */
    public record IsrChange(long atMs, int partition, List<Integer> isr) {

        public IsrChange {
            isr = List.copyOf(isr);
        }
    }

    public FaultFigures {
        isrBefore = List.copyOf(isrBefore);
        isrChanges = List.copyOf(isrChanges);
    }

    /** Whether the stopped broker was the partition's only in-sync replica: its records were refused, not lost. */
    public boolean stoppedOnlyInSyncReplica() {
        return isrBefore.size() == 1 && isrBefore.get(0) == brokerId;
    }

    /** The console's line, after the trial's own. */
    public String line() {
        return String.format(java.util.Locale.ROOT, "%s broker %d (%s) at %.1f s%s; longest gap between acks %.0f ms (ended at %.1f s); "
                        + "%d acked, %d refused, %d lost, %d duplicated%s", action, brokerId, target, stopMs / 1000.0,
                restartMs < 0 ? "" : String.format(java.util.Locale.ROOT, ", back at %.1f s", restartMs / 1000.0),
                maxAckGapMs, maxAckGapEndMs / 1000.0, acked, refused, lost, duplicates,
                refused == 0 ? "" : "; first refusal: " + firstRefusal) + isrLine();
    }

    /** {@code ; ISR of partition 0: [1, 2, 3] → [2, 3] at 3.1 s → [2, 3, 1] at 11.4 s}, or nothing when it never changed. */
    private String isrLine() {
        if (isrChanges.isEmpty()) {
            return "";
        }
        StringBuilder line = new StringBuilder("; ISR of partition " + isrChanges.get(0).partition() + ": " + isrBefore);
        isrChanges.forEach(change -> line.append(String.format(java.util.Locale.ROOT, " → %s at %.1f s", change.isr(), change.atMs() / 1000.0)));
        return line.toString();
    }
}
