package dev.kafkaperfgate.internal.workload.payload;

/**
 * The fixed set of records a scenario cycles through while it sends, made before the warm-up so
 * that making them is never measured: the built-in {@link PayloadPool} of byte values, or a
 * team's own objects from a {@link dev.kafkaperfgate.spi.RecordSource} ({@link UserRecords}).
 */
public interface RecordPool {

    /** The key of record {@code index}, the pool cycled; may be {@code null}. */
    Object key(long index);

    /** The value of record {@code index}, the pool cycled. */
    Object value(long index);

    /** The serialized size of record {@code index}'s value in bytes: what results count as bytes sent. */
    int valueBytes(long index);

    /** Mean serialized value size in bytes, for progress lines. */
    int meanValueBytes();
}
