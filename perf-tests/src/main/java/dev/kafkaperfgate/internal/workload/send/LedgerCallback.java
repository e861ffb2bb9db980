package dev.kafkaperfgate.internal.workload.send;

import dev.kafkaperfgate.internal.workload.NanoClock;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A fault trial's callback: the ordinary {@link AckCallback}, then the record's fate in the
 * trial's {@link DeliveryLedger}. A separate object, so that the callback of every other trial
 * stays as small and as cheap as it was.
 */
final class LedgerCallback implements Callback {

    private final Callback acks;
    private final NanoClock clock;
    private final DeliveryLedger ledger;
    private final long sequence;
    private final long sentNanos;

    LedgerCallback(Callback acks, NanoClock clock, DeliveryLedger ledger, long sequence, long sentNanos) {
        this.acks = acks;
        this.clock = clock;
        this.ledger = ledger;
        this.sequence = sequence;
        this.sentNanos = sentNanos;
    }

    @Override
    public void onCompletion(RecordMetadata metadata, Exception exception) {
        acks.onCompletion(metadata, exception);
        if (exception != null) {
            ledger.refused(sequence, exception);
        } else {
            long now = clock.nanoTime();
            ledger.acked(sequence, now, (now - sentNanos) / 1000);
        }
    }
}
