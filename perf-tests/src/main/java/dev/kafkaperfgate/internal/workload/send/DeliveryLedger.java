package dev.kafkaperfgate.internal.workload.send;

import dev.kafkaperfgate.internal.kafka.KafkaHeaders;
import org.apache.kafka.common.header.Headers;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.BitSet;

/**
 * What became of every record of one fault trial: each carries its sequence number in a header,
 * and the ledger notes which were acknowledged and which refused, when each acknowledgement came
 * (in {@link #BUCKET_NANOS} buckets for the failover timeline), and the longest silence between
 * two acknowledgements: the unavailability window.
 *
 * <pre>{@code
 * DeliveryLedger ledger = new DeliveryLedger();
 * ledger.begin(firstSendNanos);
 * Headers headers = ledger.stamp(null, seq); // on the sending thread
 * ledger.acked(seq, ackNanos, latencyMicros); // in the producer's callback
 * ledger.maxGapNanos();                       // after the trial
 * }</pre>
 *
 * Only fault trials keep a ledger: its synchronized bookkeeping stays off the ordinary send path.
 */
public final class DeliveryLedger {

    /** The header that carries a record's sequence number in the trial, 8 bytes big-endian. */
    static final String SEQUENCE_HEADER = "kpg-seq";
    /** The timeline's resolution: 100 ms shows a failover of a few hundred ms as more than one bar. */
    public static final long BUCKET_NANOS = 100_000_000L;

    private long startNanos;
    private final BitSet acked = new BitSet();
    private final BitSet refused = new BitSet();
    private long[] acksPerBucket = new long[64];
    private long[] maxLatencyMicrosPerBucket = new long[64];
    private long lastAckNanos;
    private long maxGapNanos;
    private long maxGapEndNanos;
    private Exception firstRefusal;

    /** Called by the send loop at the trial's first send, on the workload's clock. */
    synchronized void begin(long firstSendNanos) {
        startNanos = firstSendNanos;
        lastAckNanos = firstSendNanos;
    }

    /**
     * Called once the trial's sends are all answered: a silence that lasted to the end (a
     * partition that never came back) counts as a gap too.
     */
    public synchronized void finish(long endNanos) {
        if (endNanos - lastAckNanos > maxGapNanos) {
            maxGapNanos = endNanos - lastAckNanos;
            maxGapEndNanos = endNanos;
        }
    }

    Headers stamp(Headers headers, long sequence) {
        Headers stamped = headers == null ? KafkaHeaders.empty() : headers;
        stamped.add(SEQUENCE_HEADER, ByteBuffer.allocate(Long.BYTES).putLong(sequence).array());
        return stamped;
    }

    /** Reads the sequence number a record carries, or −1 when it has none. */
    public static long sequenceOf(Headers headers) {
        var header = headers.lastHeader(SEQUENCE_HEADER);
        return header == null || header.value().length != Long.BYTES ? -1 : ByteBuffer.wrap(header.value()).getLong();
    }

    synchronized void acked(long sequence, long ackNanos, long latencyMicros) {
        acked.set(Math.toIntExact(sequence));
        long gap = ackNanos - lastAckNanos;
        if (gap > maxGapNanos) {
            maxGapNanos = gap;
            maxGapEndNanos = ackNanos;
        }
        lastAckNanos = Math.max(lastAckNanos, ackNanos);
        int bucket = (int) Math.max(0, (ackNanos - startNanos) / BUCKET_NANOS);
        if (bucket >= acksPerBucket.length) {
            int size = Math.max(bucket + 1, acksPerBucket.length * 2);
            acksPerBucket = Arrays.copyOf(acksPerBucket, size);
            maxLatencyMicrosPerBucket = Arrays.copyOf(maxLatencyMicrosPerBucket, size);
        }
        acksPerBucket[bucket]++;
        maxLatencyMicrosPerBucket[bucket] = Math.max(maxLatencyMicrosPerBucket[bucket], latencyMicros);
    }

    synchronized void refused(long sequence, Exception cause) {
        refused.set(Math.toIntExact(sequence));
        if (firstRefusal == null) {
            firstRefusal = cause;
        }
    }

    synchronized boolean isAcked(long sequence) {
        return sequence >= 0 && sequence <= Integer.MAX_VALUE && acked.get((int) sequence);
    }

    public synchronized long ackedCount() {
        return acked.cardinality();
    }

    public synchronized long refusedCount() {
        return refused.cardinality();
    }

    public synchronized Exception firstRefusal() {
        return firstRefusal;
    }

    /** The acknowledged records a read-back did not see: lost. */
    public synchronized BitSet ackedBut(BitSet seen) {
        BitSet lost = (BitSet) acked.clone();
        lost.andNot(seen);
        return lost;
    }

    /** The longest time without an acknowledgement, from the trial's first send or an ack to the next ack. */
    public synchronized long maxGapNanos() {
        return maxGapNanos;
    }

    /** When that longest silence ended, from the trial's start. */
    public synchronized long maxGapEndNanos() {
        return maxGapEndNanos - startNanos;
    }

    /** Acknowledgements per {@link #BUCKET_NANOS} from the trial's start, up to {@code buckets}. */
    public synchronized long[] acksPerBucket(int buckets) {
        return Arrays.copyOf(acksPerBucket, buckets);
    }

    /** The slowest acknowledgement's latency per bucket, microseconds, up to {@code buckets}. */
    public synchronized long[] maxLatencyMicrosPerBucket(int buckets) {
        return Arrays.copyOf(maxLatencyMicrosPerBucket, buckets);
    }
}
