package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.kafka.Codecs;
import org.apache.kafka.clients.producer.ProducerConfig;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Compresses and decompresses one small batch with the scenario's codec before the producer
 * starts. snappy, lz4 and zstd load native code at first use, unpacked into java.io.tmpdir; when
 * that fails (e.g. /tmp mounted noexec) the error is thrown on the producer's I/O thread, which
 * dies, and the sends would only time out minutes later with no word about the codec.
 */
public final class CodecCheck {

    private CodecCheck() {
    }

    /** @throws ScenarioFailedException naming the scenario and the codec when it cannot be used */
    public static void verify(String scenario, Map<String, String> producer) {
        String name = producer.getOrDefault(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        if (name.equals("none")) {
            return;
        }
        byte[] value = "kafka-perf-gate codec check, kafka-perf-gate codec check".getBytes(StandardCharsets.US_ASCII);
        try {
            if (!Arrays.equals(Codecs.roundTrip(name, value), value)) {
                throw new IllegalStateException("a " + name + " round trip changed the bytes");
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            // LinkageError covers UnsatisfiedLinkError and a failed static initializer of the codec class.
            throw new ScenarioFailedException("scenario " + scenario + ": compression.type=" + name
                    + " cannot be used in this JVM: " + rootCause(e) + ". Native codecs unpack into java.io.tmpdir ("
                    + ThisJvm.tmpDir() + "): is it mounted noexec? Point -Djava.io.tmpdir"
                    + " (or org.xerial.snappy.tempdir for snappy) at a directory that allows execution.", e);
        }
    }

    /**
     * The innermost cause's first line: the wrappers (KafkaException, ExceptionInInitializerError)
     * repeat its text, and zstd-jni appends lines about other ways it tried that mislead here.
     */
    private static String rootCause(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = String.valueOf(cause.getMessage());
        int newline = message.indexOf('\n');
        return cause.getClass().getName() + ": " + (newline < 0 ? message : message.substring(0, newline));
    }
}
