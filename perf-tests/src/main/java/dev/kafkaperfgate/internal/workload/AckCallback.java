package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.metrics.LatencyRecorder;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Runs on the producer's I/O thread for every acknowledgement. It reads the clock and records
 * into the latency recorder, and does nothing else: work here delays every other callback and
 * the sending of the next batch.
 */
final class AckCallback implements Callback {

    private final NanoClock clock;
    private final LatencyRecorder latencies;
    private final SendErrors errors;
    private final long intendedNanos;
    private final long sentNanos;
    private final DeliveryLedger ledger;
    private final long sequence;

    AckCallback(NanoClock clock, LatencyRecorder latencies, SendErrors errors, long intendedNanos, long sentNanos) {
        this(clock, latencies, errors, intendedNanos, sentNanos, null, -1);
    }

    /** @param ledger a fault trial's ledger, noting record {@code sequence}'s fate; {@code null} otherwise */
    AckCallback(NanoClock clock, LatencyRecorder latencies, SendErrors errors, long intendedNanos, long sentNanos,
                DeliveryLedger ledger, long sequence) {
        this.ledger = ledger;
        this.sequence = sequence;
        this.clock = clock;
        this.latencies = latencies;
        this.errors = errors;
        this.intendedNanos = intendedNanos;
        this.sentNanos = sentNanos;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception exception) {
        if (exception != null) {
            errors.record(exception);
            if (ledger != null) {
                ledger.refused(sequence, exception);
            }
            return;
        }
        long now = clock.nanoTime();
        latencies.record((now - sentNanos) / 1000, (now - intendedNanos) / 1000);
        if (ledger != null) {
            ledger.acked(sequence, now, (now - sentNanos) / 1000);
        }
    }
}
