package dev.kafkaperfgate.internal.kafka;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * Kafka's own {@link Headers} and {@link Header} objects, the very classes a producer hands a
 * serializer, made without naming them: they live in {@code common.header.internals}, outside
 * the public API. Their classes are taken from a {@link ProducerRecord}, which makes them, and
 * their constructors are called through method handles held in constants, which the JIT inlines
 * as it would a {@code new}: a duel's figures do not move for it.
 *
 * <pre>{@code
 * Headers headers = KafkaHeaders.empty();            // what serialize(topic, headers, value) is given
 * Header stamp = KafkaHeaders.header("kpg", bytes);
 * KafkaHeaders.isKafkas(stamp);                     // true
 * }</pre>
 */
public final class KafkaHeaders {

    private static final Class<? extends Headers> HEADERS_CLASS;
    private static final Class<? extends Header> HEADER_CLASS;
    private static final MethodHandle EMPTY;
    private static final MethodHandle OF;
    private static final MethodHandle HEADER;

    static {
        Headers sample = new ProducerRecord<byte[], byte[]>("kpg", null, null, null, null, List.of()).headers();
        sample.add("kpg", new byte[0]);
        HEADERS_CLASS = sample.getClass();
        HEADER_CLASS = sample.lastHeader("kpg").getClass();
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        try {
            EMPTY = lookup.findConstructor(HEADERS_CLASS, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Headers.class));
            OF = lookup.findConstructor(HEADERS_CLASS, MethodType.methodType(void.class, Header[].class))
                    .asType(MethodType.methodType(Headers.class, Header[].class));
            HEADER = lookup.findConstructor(HEADER_CLASS, MethodType.methodType(void.class, String.class, byte[].class))
                    .asType(MethodType.methodType(Header.class, String.class, byte[].class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new ExceptionInInitializerError("kafka-clients' " + HEADERS_CLASS.getName() + " has not the constructors every "
                    + "release from " + KafkaClients.OLDEST_SUPPORTED + " has: " + e);
        }
    }

    private KafkaHeaders() {
    }

    /** A new, empty, writable {@code RecordHeaders}. */
    public static Headers empty() {
        try {
            return (Headers) EMPTY.invokeExact();
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /** A new, writable {@code RecordHeaders} holding {@code headers}, as {@code new RecordHeaders(headers)} makes it. */
    public static Headers of(Header... headers) {
        try {
            return (Headers) OF.invokeExact(headers);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /** A new {@code RecordHeader}. */
    public static Header header(String key, byte[] value) {
        try {
            return (Header) HEADER.invokeExact(key, value);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /** Whether {@code header} is Kafka's own class, not a team's implementation of the interface. */
    public static boolean isKafkas(Header header) {
        return header.getClass() == HEADER_CLASS;
    }

    private static RuntimeException rethrown(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(e);
    }
}
