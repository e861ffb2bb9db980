package dev.kafkaperfgate.internal.workload.endtoend;

import dev.kafkaperfgate.internal.figures.Delivery;
import dev.kafkaperfgate.internal.kafka.KafkaHeaders;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.send.PhaseListener;
import dev.kafkaperfgate.internal.workload.send.SendPhase;
import dev.kafkaperfgate.internal.settings.Defaults;
import org.HdrHistogram.Recorder;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The consuming half of an end-to-end scenario: a consumer on its own thread, assigned every
 * partition of the topic from the start, that takes each record's send time from a header and
 * records receive minus send, in microseconds, per phase. Producer and consumer share this JVM's
 * {@code System.nanoTime}, so the two clocks are one.
 *
 * <p>Assigned rather than subscribed: a group join would put a rebalance into the first
 * records' latency, which is the consume workload's measurement, not this one's.
 */
public final class EndToEndReader implements PhaseListener, AutoCloseable {

    static final String HEADER = "kpg-send";
    private static final Duration POLL_TIMEOUT = Duration.ofMillis(100);

    private final Consumer<?, ?> consumer;
    private final NanoClock clock;
    private final Duration stallTimeout;
    /** What carries the records to this reader, as a stall's message names it. */
    private final String path;
    /** Whether MirrorMaker 2 carries them: the console then speaks of lag and replication. */
    private final boolean mirrored;
    private final Recorder[] latencies;
    private final AtomicLongArray received;
    private final AtomicLongArray receivedBytes;
    /** Per phase, System.nanoTime of its first and its last read. */
    private final AtomicLongArray firstRead;
    private final AtomicLongArray lastRead;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * Positions the consumer at the start of every partition, then starts reading.
     *
     * @param phases       the warm-up and the trials: trials + 1; or the slots a warm window's phases
     *                     take in turn (phase modulo slots, emptied by {@link #phaseStarting})
     * @param stallTimeout how long a phase may go without a record before the consumer counts as stopped
     * @param path         what carries the records here, for a stall's message: "the consumer", "MirrorMaker 2"
     */
    public EndToEndReader(Consumer<?, ?> consumer, String topic, int partitions, int phases, NanoClock clock,
                   Duration stallTimeout, String path) {
        this.consumer = consumer;
        this.clock = clock;
        this.stallTimeout = stallTimeout;
        this.path = path;
        this.mirrored = path.startsWith("MirrorMaker");
        this.latencies = new Recorder[phases];
        for (int i = 0; i < phases; i++) {
            latencies[i] = new Recorder(Defaults.HISTOGRAM_DIGITS);
        }
        this.received = new AtomicLongArray(phases);
        this.receivedBytes = new AtomicLongArray(phases);
        this.firstRead = new AtomicLongArray(phases);
        this.lastRead = new AtomicLongArray(phases);
        List<TopicPartition> assignment = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            assignment.add(new TopicPartition(topic, p));
        }
        try {
            consumer.assign(assignment);
            consumer.seekToBeginning(assignment);
            // Resolve the positions now, so the first produced records are not read during a lookup.
            assignment.forEach(partition -> consumer.position(partition, Defaults.ADMIN_TIMEOUT));
        } catch (RuntimeException e) {
            consumer.close(Duration.ZERO);
            throw e;
        }
        this.thread = new Thread(this::readLoop, "kpg-end-to-end-reader");
        thread.setDaemon(true);
        thread.start();
    }

    /** "mirror lag" when MirrorMaker 2 carries the records here, else "end-to-end latency". */
    @Override
    public String measures() {
        return mirrored ? "mirror lag" : PhaseListener.super.measures();
    }

    @Override
    public SendPhase.RecordStamp stamp() {
        return (phase, sendNanos) -> KafkaHeaders.of(new Header[]{KafkaHeaders.header(HEADER,
                ByteBuffer.allocate(12).putInt(phase).putLong(sendNanos).array())});
    }

    @Override
    public String delivers() {
        return mirrored ? "replicated" : PhaseListener.super.delivers();
    }

    /** Empties the phase's slot: a warm window reuses the slot of a window before it. */
    @Override
    public void phaseStarting(int phase) {
        int slot = slot(phase);
        latencies[slot].reset();
        received.set(slot, 0);
        receivedBytes.set(slot, 0);
        firstRead.set(slot, 0);
        lastRead.set(slot, 0);
    }

    private int slot(int phase) {
        return Math.floorMod(phase, latencies.length);
    }

    /** Waits until every record of the phase was received; bounded by the stall timeout. */
    @Override
    public Delivery phaseEnded(String scenario, int phase, long sent) {
        int slot = slot(phase);
        long lastCount = -1;
        long lastProgress = clock.nanoTime();
        while (true) {
            Throwable error = failure.get();
            if (error != null) {
                throw new ScenarioFailedException("scenario " + scenario + ": the end-to-end consumer failed: " + error, error);
            }
            long count = received.get(slot);
            long now = clock.nanoTime();
            if (count > sent) {
                throw new ScenarioFailedException("scenario " + scenario + ", " + phaseName(phase) + ": " + sent
                        + " records sent but " + count + " received: records were delivered twice", null);
            }
            if (count == sent) {
                return new Delivery(latencies[slot].getIntervalHistogram(), count, receivedBytes.get(slot),
                        lastRead.get(slot) - firstRead.get(slot));
            }
            if (count != lastCount) {
                lastCount = count;
                lastProgress = now;
            } else if (now - lastProgress > stallTimeout.toNanos()) {
                throw new ScenarioFailedException("scenario " + scenario + ", " + phaseName(phase)
                        + ": " + path + " stopped delivering: " + count + " of " + sent + " records received, none for "
                        + stallTimeout.toSeconds() + " s", null);
            }
            clock.sleepUntil(now + 1_000_000);
        }
    }

    private void readLoop() {
        try {
            while (running) {
                for (ConsumerRecord<?, ?> record : consumer.poll(POLL_TIMEOUT)) {
                    long now = clock.nanoTime();
                    Header header = record.headers().lastHeader(HEADER);
                    if (header == null || header.value().length != 12) {
                        throw new IllegalStateException("record at " + record.topic() + "-" + record.partition() + "@"
                                + record.offset() + " has no " + HEADER + " header");
                    }
                    ByteBuffer stamp = ByteBuffer.wrap(header.value());
                    int phase = slot(stamp.getInt());
                    long sendNanos = stamp.getLong();
                    latencies[phase].recordValue(Math.max(0, (now - sendNanos) / 1000));
                    // Only this thread writes these while the phase runs; the count is incremented last, so a phase seen
                    // complete has its figures.
                    if (received.get(phase) == 0) {
                        firstRead.set(phase, now);
                    }
                    lastRead.set(phase, now);
                    receivedBytes.addAndGet(phase, Math.max(0, record.serializedValueSize()));
                    received.incrementAndGet(phase);
                }
            }
        } catch (WakeupException e) {
            if (running) {
                failure.set(e);
            }
        } catch (RuntimeException e) {
            failure.set(e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private static String phaseName(int phase) {
        return phase == 0 ? "warm-up" : "trial " + phase;
    }

    /** Stops the reader; bounded: the consumer is woken from its poll. */
    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
