package dev.kafkaperfgate.internal.workload.send;

import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.SendErrors;
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

    AckCallback(NanoClock clock, LatencyRecorder latencies, SendErrors errors, long intendedNanos, long sentNanos) {
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
            return;
        }
        long now = clock.nanoTime();
        latencies.record((now - sentNanos) / 1000, (now - intendedNanos) / 1000);
    }
}
