package dev.kafkaperfgate.internal.workload.send;

import dev.kafkaperfgate.internal.workload.BrokerWatch;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.Pacer;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.SendErrors;
import dev.kafkaperfgate.internal.workload.payload.RecordPool;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.metrics.LatencyRecorder;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;

/**
 * Sends records on the caller's thread until a stop rule says so, then waits (bounded) for every
 * acknowledgement. The same loop serves warm-up and trials; only the stop rule differs.
 */
public final class SendPhase {

    /**
     * Headers for each record, e.g. the send time an end-to-end reader subtracts. Called on the
     * sending thread just before {@code send}.
     */
    public interface RecordStamp {
        RecordStamp NONE = (phase, sendNanos) -> null;

        /** @return the record's headers, or {@code null} for none */
        Headers stamp(int phase, long sendNanos);
    }

    /** Looked at on every tick; returns true to stop sending. */
    public interface Tick {
        boolean onTick(LatencyRecorder.Interval interval, long nowNanos);
    }

    /**
     * @param sent           records handed to the producer
     * @param bytes          serialized record value bytes handed to the producer
     * @param startNanos     the first send
     * @param endNanos       when the last acknowledgement had been seen
     */
    public record Outcome(long sent, long bytes, long startNanos, long endNanos) {
        public double seconds() {
            return (endNanos - startNanos) / 1e9;
        }
    }

    private final Producer<Object, Object> producer;
    private final String topic;
    private final RecordPool records;
    private final NanoClock clock;
    private final BrokerWatch watch;
    private final RecordStamp stamp;

    public SendPhase(Producer<Object, Object> producer, String topic, RecordPool records, NanoClock clock, BrokerWatch watch,
              RecordStamp stamp) {
        this.producer = producer;
        this.stamp = stamp;
        this.topic = topic;
        this.records = records;
        this.clock = clock;
        this.watch = watch;
    }

    /**
     * @param phase        0 for the warm-up, else the trial number; handed to the stamp
     * @param pacer        the schedule; restarted here
     * @param maxRecords   stop after this many sends (Long.MAX_VALUE for none)
     * @param tickNanos    how often {@code tick} runs
     * @param tick         progress and the time-based stop rule
     * @param latencies    where the callbacks record
     * @param errors       where the callbacks report failures
     */
    public Outcome run(int phase, Pacer pacer, long maxRecords, long tickNanos, Tick tick, LatencyRecorder latencies, SendErrors errors) {
        return run(phase, pacer, maxRecords, tickNanos, tick, latencies, errors, null);
    }

    /**
     * @param ledger a fault trial's ledger: every record carries its sequence number, and a refused
     *               send does not stop the loop (refusals during a failover are what is measured);
     *               {@code null} otherwise, when the first failed send stops it
     */
    public Outcome run(int phase, Pacer pacer, long maxRecords, long tickNanos, Tick tick, LatencyRecorder latencies, SendErrors errors,
                DeliveryLedger ledger) {
        pacer.restart();
        long start = clock.nanoTime();
        if (ledger != null) {
            ledger.begin(start);
        }
        long nextTick = start + tickNanos;
        long sent = 0;
        long bytes = 0;
        while (sent < maxRecords) {
            long intended = pacer.awaitSlot(sent);
            long now = clock.nanoTime();
            if (now - nextTick >= 0) {
                nextTick = now + tickNanos;
                if (tick.onTick(latencies.drain(), now)) {
                    break;
                }
            }
            if ((errors.count() > 0 && ledger == null) || watch.isDead()) {
                break;
            }
            Headers headers = stamp.stamp(phase, now);
            Callback callback = new AckCallback(clock, latencies, errors, intended, now);
            if (ledger != null) {
                headers = ledger.stamp(headers, sent);
                callback = new LedgerCallback(callback, clock, ledger, sent, now);
            }
            producer.send(new ProducerRecord<>(topic, null, null, records.key(sent), records.value(sent), headers), callback);
            bytes += records.valueBytes(sent);
            sent++;
        }
        return new Outcome(sent, bytes, start, awaitAcks(sent, latencies, errors));
    }

    /** Returns when every send has been acknowledged or failed; the clock time at that moment. */
    private long awaitAcks(long sent, LatencyRecorder latencies, SendErrors errors) {
        long deadline = clock.nanoTime() + Defaults.ACK_DRAIN_TIMEOUT.toNanos();
        while (true) {
            latencies.drain();
            long now = clock.nanoTime();
            if (latencies.count() + errors.count() >= sent || watch.isDead()) {
                return now;
            }
            if (now - deadline > 0) {
                throw new ScenarioFailedException((sent - latencies.count() - errors.count()) + " of " + sent
                        + " records were neither acknowledged nor failed within " + Defaults.ACK_DRAIN_TIMEOUT.toSeconds()
                        + " s of the last send", null);
            }
            clock.sleepUntil(now + 1_000_000);
        }
    }
}
