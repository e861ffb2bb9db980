package dev.kafkaperfgate.internal.workload.payload;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.spec.PayloadFile;
import dev.kafkaperfgate.internal.spec.ProduceScenario;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A fixed, seeded set of record values with controlled compressibility. A constant payload makes
 * compression codecs look free, and random bytes make them look useless; real events are in
 * between. Each byte is taken from a fixed text with probability {@code compressibility},
 * else drawn at random, so 0.0 is incompressible and 1.0 compresses almost to nothing.
 *
 * <p>The same seed gives the same bytes on every run and machine.
 */
public final class PayloadPool implements RecordPool {

    private static final byte[] TEXT = ("{\"event\":\"order-created\",\"tenant\":\"acme\",\"region\":\"eu-west-1\","
            + "\"status\":\"accepted\",\"amount\":1999,\"currency\":\"EUR\",\"items\":[{\"sku\":\"A-1001\",\"qty\":2}]}")
            .getBytes(StandardCharsets.US_ASCII);

    private final byte[][] payloads;

    private PayloadPool(byte[][] payloads) {
        this.payloads = payloads;
    }

    /**
     * The records a scenario sends: its record source's objects, else its payload file's lines, or
     * generated payloads of its record size and compressibility.
     *
     * @param producerConfig the producer's config, whose value serializer sizes a record source's values
     */
    public static RecordPool records(ProduceScenario scenario, Map<String, Object> producerConfig) {
        if (scenario.recordSource() != null) {
            return UserRecords.of(scenario.name(), scenario.recordSource(), scenario.payloadSeed(), producerConfig);
        }
        return of(scenario);
    }

    /**
     * The byte payloads of a scenario without a record source: its payload file's lines, or
     * generated payloads of its record size and compressibility.
     */
    public static PayloadPool of(ProduceScenario scenario) {
        if (scenario.payloadFile() != null) {
            return fromLines(scenario.payloadFile());
        }
        return new PayloadPool(scenario.recordSize(), Defaults.PAYLOAD_POOL_SIZE, scenario.compressibility(), scenario.payloadSeed());
    }

    /**
     * One payload per non-empty line of {@code file} (UTF-8, the newline not included), cycled in
     * file order, as kafka-producer-perf-test's {@code --payload-file} with its default delimiter.
     *
     * @throws IllegalArgumentException when the file cannot be read or has no non-empty line
     */
    public static PayloadPool fromLines(Path file) {
        return new PayloadPool(PayloadFile.values(file).toArray(new byte[0][]));
    }

    /**
     * @param recordSize      bytes per record value, 1 or more
     * @param count           distinct payloads, 1 or more
     * @param compressibility share of bytes taken from the fixed text, 0.0 to 1.0
     * @param seed            the random seed
     */
    public PayloadPool(int recordSize, int count, double compressibility, long seed) {
        if (recordSize < 1) {
            throw new IllegalArgumentException("record size must be at least 1 byte, got " + recordSize);
        }
        if (count < 1) {
            throw new IllegalArgumentException("payload pool needs at least 1 payload, got " + count);
        }
        if (!(compressibility >= 0.0 && compressibility <= 1.0)) {
            throw new IllegalArgumentException("compressibility must be between 0.0 and 1.0, got " + compressibility);
        }
        SplittableRandom random = new SplittableRandom(seed);
        payloads = new byte[count][];
        for (int p = 0; p < count; p++) {
            byte[] payload = new byte[recordSize];
            int offset = random.nextInt(TEXT.length);
            for (int i = 0; i < recordSize; i++) {
                payload[i] = random.nextDouble() < compressibility
                        ? TEXT[(offset + i) % TEXT.length]
                        : (byte) random.nextInt(256);
            }
            payloads[p] = payload;
        }
    }

    /** The payload for record {@code index}; the pool is cycled. Do not modify the array. */
    public byte[] get(long index) {
        return payloads[(int) (index % payloads.length)];
    }

    /** Generated and file payloads have no key, as kafka-producer-perf-test sends them. */
    @Override
    public Object key(long index) {
        return null;
    }

    @Override
    public Object value(long index) {
        return get(index);
    }

    @Override
    public int valueBytes(long index) {
        return get(index).length;
    }

    @Override
    public int meanValueBytes() {
        return meanLength();
    }

    public int size() {
        return payloads.length;
    }

    /** Mean payload length in bytes, for progress lines; results count the bytes actually sent. */
    public int meanLength() {
        long total = 0;
        for (byte[] payload : payloads) {
            total += payload.length;
        }
        return (int) Math.round((double) total / payloads.length);
    }
}
