package dev.kafkaperfgate.tools.power;

import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * One side's serializer in a real, long-running {@code KafkaProducer}: the second opinion on a
 * change's size ({@link ProducerProbe}). The thread that calls {@code send} runs the serializer, so
 * its CPU time per record holds the serializer's cost as production pays it, beside the client's
 * own work on that thread. Records come from the subject's RecordSource, made before the clock
 * starts and cycled, so making them costs nothing measured.
 *
 * <p>Arguments: bootstrap servers, topic, serializer class, RecordSource class, warm-up seconds,
 * measured seconds, records/s. Prints one line: {@code producer-fork: <records> records, <ns> CPU ns/record}.
 */
public final class ProducerFork {

    private ProducerFork() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0];
        String topic = args[1];
        long warmupNanos = Long.parseLong(args[4]) * 1_000_000_000L;
        long measureNanos = Long.parseLong(args[5]) * 1_000_000_000L;
        long intervalNanos = 1_000_000_000L / Long.parseLong(args[6]);
        RecordSource<Object, Object> source = (RecordSource<Object, Object>) Class.forName(args[3]).getConstructor().newInstance();
        SplittableRandom random = new SplittableRandom(61);
        Object[][] pool = new Object[4096][];
        for (int i = 0; i < pool.length; i++) {
            SourceRecord<Object, Object> record = source.create(i, random);
            pool[i] = new Object[] {record.key(), record.value()};
        }
        Properties settings = new Properties();
        settings.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        settings.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        settings.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, args[2]);
        settings.put(ProducerConfig.ACKS_CONFIG, "1");
        settings.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        try (KafkaProducer<Object, Object> producer = new KafkaProducer<>(settings)) {
            send(producer, topic, pool, warmupNanos, intervalNanos);
            Sent measured = send(producer, topic, pool, measureNanos, intervalNanos);
            producer.flush();
            System.out.printf(Locale.ROOT, "producer-fork: %d records, %.1f CPU ns/record%n", measured.records(),
                    measured.cpuNanos() / (double) measured.records());
        }
    }

    /** What one period sent: its records, and the sending thread's CPU time in the sends. */
    private record Sent(long records, long cpuNanos) {
    }

    /**
     * Sends at one record per {@code intervalNanos} for {@code forNanos}, in ticks of a millisecond:
     * each wake-up sends every record due. The CPU time counted is the thread's in the sends only:
     * what waking up costs (the timer, the scheduler) moves with the machine, not the code.
     */
    private static Sent send(KafkaProducer<Object, Object> producer, String topic, Object[][] pool, long forNanos, long intervalNanos) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long sent = 0;
        long cpuNanos = 0;
        while (true) {
            long now = System.nanoTime();
            if (now - start >= forNanos) {
                return new Sent(sent, cpuNanos);
            }
            long due = (now - start) / intervalNanos + 1;
            long cpu = threads.getCurrentThreadCpuTime();
            for (; sent < due; sent++) {
                Object[] record = pool[(int) (sent % pool.length)];
                producer.send(new ProducerRecord<>(topic, record[0], record[1]));
            }
            cpuNanos += threads.getCurrentThreadCpuTime() - cpu;
            LockSupport.parkNanos(1_000_000);
        }
    }
}
