package dev.kafkaperfgate.internal.figures;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.metrics.Median;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Two fixed measurements of the machine itself, taken once per run and kept with each baseline
 * run: if they moved, the runner moved (another CPU, a busy neighbour), and a change in the
 * scenarios' figures may be the machine's rather than the code's.
 *
 * <pre>{@code
 * Ruler ruler = Ruler.measure(broker);   // about 2 s
 * ruler.cpuNsPerOp();                    // one SHA-256 of 64 KiB, median of 7 batches
 * ruler.roundTripUs();                   // one 100-byte record sent with acks=all and awaited, median
 * }</pre>
 *
 * @param cpuNsPerOp  nanoseconds per SHA-256 digest of 64 KiB; positive
 * @param roundTripUs microseconds for one acks=all send to be acknowledged; positive
 */
public record Ruler(double cpuNsPerOp, double roundTripUs) {

    private static final int CPU_BATCHES = 7;
    private static final int DIGESTS_PER_BATCH = 200;
    private static final int ROUND_TRIPS = 300;
    private static final int ROUND_TRIPS_DISCARDED = 50;

    public static Ruler measure(KafkaBroker broker) {
        return new Ruler(measureCpu(), measureRoundTrip(broker));
    }

    static double measureCpu() {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] block = new byte[64 * 1024];
        Arrays.fill(block, (byte) 7);
        double[] batches = new double[CPU_BATCHES + 1];
        for (int batch = 0; batch <= CPU_BATCHES; batch++) {
            long start = System.nanoTime();
            for (int i = 0; i < DIGESTS_PER_BATCH; i++) {
                block[i % block.length] = sha.digest(block)[0];
            }
            batches[batch] = (System.nanoTime() - start) / (double) DIGESTS_PER_BATCH;
        }
        // The first batch is the JIT's: left out.
        return Median.of(Arrays.copyOfRange(batches, 1, batches.length));
    }

    static double measureRoundTrip(KafkaBroker broker) {
        Map<String, Object> config = new HashMap<>(broker.connectionProperties());
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
        double[] micros = new double[ROUND_TRIPS - ROUND_TRIPS_DISCARDED];
        try (GateTopics topics = new GateTopics(broker);
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config)) {
            String topic = topics.create("ruler", 1, (short) 1, Map.of());
            byte[] value = new byte[100];
            for (int i = 0; i < ROUND_TRIPS; i++) {
                long start = System.nanoTime();
                producer.send(new ProducerRecord<>(topic, value)).get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                if (i >= ROUND_TRIPS_DISCARDED) {
                    micros[i - ROUND_TRIPS_DISCARDED] = (System.nanoTime() - start) / 1e3;
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new BrokerUnavailableException("the ruler's round trip to the broker failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while measuring the ruler", e);
        }
        return Median.of(micros);
    }
}
