package dev.kafkaperfgate.internal.kafka;

import org.apache.kafka.clients.producer.ProducerConfig;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * One round trip through the library a producer's {@code compression.type} loads: snappy-java,
 * lz4-java, zstd-jni or the JDK's gzip, found through the class loader that loaded kafka-clients,
 * so the very jars (and native code) the producer will use. Kafka's own codec classes moved
 * between releases ({@code CompressionType} wrapped streams until 3.7, {@code Compression} since
 * 3.8, both outside the public API); these libraries' entry points have not.
 *
 * <pre>{@code
 * byte[] back = Codecs.roundTrip("zstd", bytes);   // throws what loading the codec throws
 * }</pre>
 */
public final class Codecs {

    private Codecs() {
    }

    /**
     * Compresses {@code value} with {@code codec} and back.
     *
     * @throws IllegalArgumentException for a codec Kafka does not name
     * @throws IllegalStateException     when the codec's library is not on the class path
     * @throws LinkageError              when its native code cannot load (as the producer's I/O thread would meet it)
     */
    public static byte[] roundTrip(String codec, byte[] value) throws IOException {
        return switch (codec) {
            case "gzip" -> gzip(value);
            case "snappy" -> (byte[]) call("org.xerial.snappy.Snappy", "uncompress", new Class<?>[]{byte[].class},
                    null, call("org.xerial.snappy.Snappy", "compress", new Class<?>[]{byte[].class}, null, value));
            case "zstd" -> (byte[]) call("com.github.luben.zstd.Zstd", "decompress", new Class<?>[]{byte[].class, int.class}, null,
                    call("com.github.luben.zstd.Zstd", "compress", new Class<?>[]{byte[].class}, null, value), value.length);
            case "lz4" -> lz4(value);
            default -> throw new IllegalArgumentException("no such compression.type: " + codec);
        };
    }

    private static byte[] gzip(byte[] value) throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(buffer)) {
            out.write(value);
        }
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(buffer.toByteArray()))) {
            return in.readAllBytes();
        }
    }

    /** Kafka's lz4 codec takes {@code LZ4Factory.fastestInstance()}: JNI where it loads, else Java. */
    private static byte[] lz4(byte[] value) {
        Object factory = call("net.jpountz.lz4.LZ4Factory", "fastestInstance", new Class<?>[0], null);
        Object compressor = invoke(factory, "fastCompressor");
        Object decompressor = invoke(factory, "fastDecompressor");
        byte[] compressed = (byte[]) invoke(compressor, "compress", new Class<?>[]{byte[].class}, value);
        return (byte[]) invoke(decompressor, "decompress", new Class<?>[]{byte[].class, int.class}, compressed, value.length);
    }

    private static Object call(String className, String method, Class<?>[] types, Object target, Object... args) {
        try {
            Class<?> type = Class.forName(className, true, ProducerConfig.class.getClassLoader());
            return run(type.getMethod(method, types), target, args);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new IllegalStateException("the codec library is not usable on this class path: " + e, e);
        }
    }

    private static Object invoke(Object target, String method, Class<?>[] types, Object... args) {
        try {
            // Through the public abstract type: the factory's implementations are not public classes.
            Method found = publicMethod(target.getClass(), method, types);
            return run(found, target, args);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("the codec library is not usable on this class path: " + e, e);
        }
    }

    private static Object invoke(Object target, String method) {
        return invoke(target, method, new Class<?>[0]);
    }

    private static Method publicMethod(Class<?> type, String method, Class<?>[] types) throws NoSuchMethodException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                try {
                    return c.getMethod(method, types);
                } catch (NoSuchMethodException ignored) {
                    // a superclass may declare it
                }
            }
        }
        throw new NoSuchMethodException(type.getName() + "." + method);
    }

    private static Object run(Method method, Object target, Object[] args) {
        try {
            return method.invoke(target, args);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            if (cause instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(cause);
        }
    }
}
