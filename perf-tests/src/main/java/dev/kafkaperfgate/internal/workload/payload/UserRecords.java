package dev.kafkaperfgate.internal.workload.payload;

import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.UserInstances;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.Serializer;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A pool of a team's own records, made by its {@link RecordSource} before the warm-up. Each value
 * is serialized once here with the scenario's own value serializer, which gives the byte counts
 * the results report and fails the scenario early, with the record's index, when the serializer
 * cannot take what the source makes.
 */
final class UserRecords implements RecordPool {

    private final Object[] keys;
    private final Object[] values;
    private final int[] valueBytes;

    private UserRecords(Object[] keys, Object[] values, int[] valueBytes) {
        this.keys = keys;
        this.values = values;
        this.valueBytes = valueBytes;
    }

    /**
     * @param producerConfig the producer's config as the workload hands it over, naming the serializers
     */
    static UserRecords of(String scenario, RecordSourceSpec spec, long seed, Map<String, Object> producerConfig) {
        RecordSource<?, ?> source = UserInstances.create(scenario, "record.source", spec.className(), RecordSource.class);
        source.configure(spec.config());
        int size = Defaults.PAYLOAD_POOL_SIZE;
        Object[] keys = new Object[size];
        Object[] values = new Object[size];
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < size; i++) {
            SourceRecord<?, ?> record;
            try {
                record = source.create(i, random);
            } catch (RuntimeException e) {
                throw new ScenarioFailedException("scenario " + scenario + ": record.source " + spec.className()
                        + " failed making record " + i + ": " + e, e);
            }
            if (record == null) {
                throw new ScenarioFailedException("scenario " + scenario + ": record.source " + spec.className()
                        + " returned null for record " + i, null);
            }
            keys[i] = record.key();
            values[i] = record.value();
        }
        return new UserRecords(keys, values, serializedSizes(scenario, values, producerConfig));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int[] serializedSizes(String scenario, Object[] values, Map<String, Object> producerConfig) {
        Object configured = producerConfig.get(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        String className = configured instanceof Class<?> type ? type.getName() : String.valueOf(configured);
        Serializer serializer = UserInstances.create(scenario, "value.serializer", className, Serializer.class);
        Map<String, Object> config = new HashMap<>(producerConfig);
        int[] sizes = new int[values.length];
        try {
            serializer.configure(config, false);
            for (int i = 0; i < values.length; i++) {
                byte[] bytes = serializer.serialize("kpg-size-check", values[i]);
                sizes[i] = bytes == null ? 0 : bytes.length;
            }
        } catch (RuntimeException e) {
            throw new ScenarioFailedException("scenario " + scenario + ": value.serializer " + className
                    + " cannot serialize what record.source makes: " + e, e);
        } finally {
            serializer.close();
        }
        return sizes;
    }

    @Override
    public Object key(long index) {
        return keys[(int) (index % keys.length)];
    }

    @Override
    public Object value(long index) {
        return values[(int) (index % values.length)];
    }

    @Override
    public int valueBytes(long index) {
        return valueBytes[(int) (index % valueBytes.length)];
    }

    @Override
    public int meanValueBytes() {
        long total = 0;
        for (int size : valueBytes) {
            total += size;
        }
        return (int) Math.round((double) total / valueBytes.length);
    }
}
