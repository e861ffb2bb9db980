package dev.kafkaperfgate.internal.component.call;

import dev.kafkaperfgate.internal.kafka.KafkaHeaders;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.internal.spec.UserClasses;
import dev.kafkaperfgate.internal.workload.payload.PayloadPool;
import dev.kafkaperfgate.internal.workload.payload.RecordPool;
import dev.kafkaperfgate.spi.ProducerFactory;
import dev.kafkaperfgate.spi.RecordSource;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.function.Function;
import dev.kafkaperfgate.internal.settings.Defaults;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * One call of a component on record {@code i} of the scenario's pool, as the client makes it:
 * {@code serialize(topic, headers, value)} with a record's fresh headers, {@code partition(...)}
 * with the bytes the side's own serializers made, {@code onSend(record)} with a new record,
 * {@code deserialize(topic, headers, bytes)}, and a producer factory's wrapper's
 * {@code send(record, callback)} around a producer that completes at once. The records are made once, before any call is
 * measured; making them (the team's RecordSource) is not the component's cost, and is measured
 * on its own: {@code create(i, random)}, reported only ({@link #REPORTED_ROLE}).
 */
public final class ComponentCall implements AutoCloseable {

    /** Records cycled through: a power of two, and enough that a cache of the last few values cannot help. */
    public static final int POOL = 1024;

    /**
     * The one role measured and reported but never judged: the team's RecordSource making a record.
     * It is the team's test code, not the client's send path, so its cost says why records got
     * dearer to make, but fails nothing.
     */
    public static final String REPORTED_ROLE = "record.source";

    private static final byte[] NOTHING = new byte[0];
    /** An output that cannot be compared by its bytes: the component is then never taken as confined. */
    private static final byte[] NOT_COMPARABLE = new byte[0];

    private final IntFunction<Object> call;
    private final AutoCloseable component;
    /** What record {@code i} of the scenario's whole pool gives the client, comparable (issue 72); {@code null} when not compared. */
    private final IntFunction<byte[]> output;
    /** How many records the scenario's pool holds: the client cycles through all of them. */
    private final int records;

    private ComponentCall(IntFunction<Object> call, AutoCloseable component) {
        this(call, component, null, 0);
    }

    private ComponentCall(IntFunction<Object> call, AutoCloseable component, IntFunction<byte[]> output, int records) {
        this.call = call;
        this.component = component;
        this.output = output;
        this.records = records;
    }

    /**
     * What the component gives the client for every record of the scenario's pool (all of it, as
     * the client cycles through it), in order, as one digest: a serializer's bytes and the headers
     * after its call, on the record the side's own interceptors made (as the client calls it), and
     * a partitioner's partition. {@code n/a} for a role whose output is not compared. Two sides
     * with the same digest hand the client the same thing.
     */
    public String outputs() {
        // A serializer told of the cluster on the client's I/O thread does work no duel calls.
        if (output == null || component instanceof org.apache.kafka.common.ClusterResourceListener) {
            return "n/a";
        }
        MessageDigest digest = sha256();
        for (int i = 0; i < records; i++) {
            byte[] bytes = output.apply(i);
            if (bytes == NOT_COMPARABLE) {
                return "n/a";
            }
            digest.update(ByteBuffer.allocate(4).putInt(bytes == null ? -1 : bytes.length).array());
            if (bytes != null) {
                digest.update(bytes);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The records the client cycles through: the payload file's lines, or the pool's. */
    private static int size(Scenario scenario, RecordPool pool) {
        return pool instanceof PayloadPool payloads ? payloads.size() : Defaults.PAYLOAD_POOL_SIZE;
    }

    /** The side's interceptors, as the client makes them: they run on a record before its serializers. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static List<ProducerInterceptor> interceptors(Map<String, Object> producer) {
        List<ProducerInterceptor> interceptors = new ArrayList<>();
        for (String name : String.valueOf(producer.getOrDefault("interceptor.classes", "")).split(",")) {
            if (!name.isBlank()) {
                ProducerInterceptor interceptor = UserClasses.instantiate(name.trim(), ProducerInterceptor.class);
                interceptor.configure(producer);
                interceptors.add(interceptor);
            }
        }
        return interceptors;
    }

    /** Record {@code i} as the client hands it to its serializers: made from the pool, then through the side's interceptors. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static IntFunction<ProducerRecord> intercepted(Map<String, Object> producer, String topic, RecordPool pool) {
        List<ProducerInterceptor> interceptors = interceptors(producer);
        return i -> {
            ProducerRecord record = new ProducerRecord(topic, null, null, pool.key(i), pool.value(i), KafkaHeaders.empty());
            for (ProducerInterceptor interceptor : interceptors) {
                try {
                    record = interceptor.onSend(record);
                } catch (RuntimeException e) {
                    // Kafka's client logs an interceptor's exception and sends the record as it was.
                }
            }
            return record;
        };
    }

    /** A serializer's bytes for record {@code i}, and the headers after its call: what the client sends. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static IntFunction<byte[]> serialized(Serializer serializer, Map<String, Object> producer, boolean key, String topic,
                                                  RecordPool pool) {
        IntFunction<ProducerRecord> records = intercepted(producer, topic, pool);
        return i -> {
            ProducerRecord record = records.apply(i);
            byte[] bytes = serializer.serialize(topic, record.headers(), key ? record.key() : record.value());
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream data = new java.io.DataOutputStream(out);
            try {
                field(data, bytes);
                for (org.apache.kafka.common.header.Header header : record.headers()) {
                    if (!KafkaHeaders.isKafkas(header)) {
                        // A header of the team's own class may work in key() or value(), which the client calls after the call.
                        return NOT_COMPARABLE;
                    }
                    data.writeUTF(header.key());
                    field(data, header.value());
                }
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return out.toByteArray();
        };
    }

    /** A partitioner's partition for record {@code i}, its bytes as the side's serializers write them. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static IntFunction<byte[]> partitions(Partitioner partitioner, Map<String, Object> producer, String topic, RecordPool pool,
                                                  Cluster cluster) {
        Function<Object, byte[]> keys = written(producer, "key.serializer", true, topic);
        Function<Object, byte[]> values = written(producer, "value.serializer", false, topic);
        return i -> String.valueOf(partitioner.partition(topic, pool.key(i), keys.apply(pool.key(i)), pool.value(i),
                values.apply(pool.value(i)), cluster)).getBytes(StandardCharsets.UTF_8);
    }

    /** How {@code role}'s value is written by the side's own serializer; {@code String.valueOf} where it names none. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Function<Object, byte[]> written(Map<String, Object> producer, String role, boolean key, String topic) {
        Object configured = producer.get(role);
        if (configured == null) {
            return value -> value == null ? null : String.valueOf(value).getBytes(StandardCharsets.UTF_8);
        }
        Serializer serializer = UserClasses.instantiate(String.valueOf(configured), Serializer.class);
        serializer.configure(producer, key);
        return value -> value instanceof byte[] bytes ? bytes : serializer.serialize(topic, KafkaHeaders.empty(), value);
    }

    private static void field(java.io.DataOutputStream data, byte[] bytes) throws java.io.IOException {
        data.writeInt(bytes == null ? -1 : bytes.length);
        if (bytes != null) {
            data.write(bytes);
        }
    }

    /** The call on record {@code i} (0 to {@link #POOL} − 1); its result goes to JMH's blackhole. */
    public Object call(int i) {
        return call.apply(i);
    }

    @Override
    public void close() {
        try {
            component.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the component failed: " + e, e);
        }
    }

    /** Whether {@code component} can be measured alone: a producer factory must implement {@code wrap}. */
    public static boolean measurable(ComponentRef component) {
        if (!component.role().equals("producer.factory")) {
            return true;
        }
        Producer<Object, Object> wrapped = wrapped(component, new MockProducer<>(true, null, (t, data) -> NOTHING, (t, data) -> NOTHING));
        if (wrapped != null) {
            wrapped.close();
        }
        return wrapped != null;
    }

    /** Opens {@code component} on {@code scenario}'s records. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static ComponentCall open(Scenario scenario, ComponentRef component) {
        if (component.role().equals(REPORTED_ROLE)) {
            // Record i of a pool as the harness makes it before the warm-up, with the random carried on; no pool needed.
            RecordSourceSpec spec = scenario.produce().recordSource();
            RecordSource<?, ?> source = UserClasses.instantiate(component.className(), RecordSource.class);
            source.configure(spec.config());
            SplittableRandom random = new SplittableRandom(scenario.produce().payloadSeed());
            return new ComponentCall(i -> source.create(i, random), () -> { });
        }
        String topic = scenario.name();
        Map<String, Object> producer = ComponentScenario.producerConfig(scenario);
        RecordPool pool = PayloadPool.records(scenario.produce(), producer);
        Object[] keys = new Object[POOL];
        Object[] values = new Object[POOL];
        for (int i = 0; i < POOL; i++) {
            keys[i] = pool.key(i);
            values[i] = pool.value(i);
        }
        boolean key = component.role().startsWith("key.");
        switch (component.role()) {
            case "key.serializer", "value.serializer" -> {
                Serializer serializer = UserClasses.instantiate(component.className(), Serializer.class);
                serializer.configure(producer, key);
                // As the client calls it: on the record the side's interceptors made, with that record's headers.
                IntFunction<ProducerRecord> records = intercepted(producer, topic, pool);
                Object[] inputs = new Object[POOL];
                org.apache.kafka.common.header.Header[][] headers = new org.apache.kafka.common.header.Header[POOL][];
                for (int i = 0; i < POOL; i++) {
                    ProducerRecord record = records.apply(i);
                    inputs[i] = key ? record.key() : record.value();
                    headers[i] = record.headers().toArray();
                }
                return new ComponentCall(i -> serializer.serialize(topic, KafkaHeaders.of(headers[i]), inputs[i]), serializer,
                        serialized(serializer, producer, key, topic, pool), size(scenario, pool));
            }
            case "partitioner.class" -> {
                Partitioner partitioner = UserClasses.instantiate(component.className(), Partitioner.class);
                partitioner.configure(producer);
                byte[][] keyBytes = serialized(producer, "key.serializer", true, topic, keys);
                byte[][] valueBytes = serialized(producer, "value.serializer", false, topic, values);
                Cluster cluster = cluster(topic, scenario.produce().partitions());
                return new ComponentCall(i -> partitioner.partition(topic, keys[i], keyBytes[i], values[i], valueBytes[i], cluster),
                        partitioner, partitions(partitioner, producer, topic, pool, cluster), size(scenario, pool));
            }
            case "interceptor.classes" -> {
                ProducerInterceptor interceptor = UserClasses.instantiate(component.className(), ProducerInterceptor.class);
                interceptor.configure(producer);
                return new ComponentCall(i -> interceptor.onSend(new ProducerRecord(topic, keys[i], values[i])), interceptor);
            }
            case "producer.factory" -> {
                // A producer that never touches the network and completes every send at once: the wrapper's own cost is what differs.
                MockProducer<Object, Object> mock = new MockProducer<>(true, null, (t, data) -> NOTHING, (t, data) -> NOTHING);
                Producer<Object, Object> wrapped = wrapped(component, mock);
                if (wrapped == null) {
                    throw new IllegalArgumentException("producer.factory " + component.className()
                            + " does not implement wrap(Producer): it is measured with the whole client only");
                }
                Callback callback = (metadata, exception) -> { };
                return new ComponentCall(i -> {
                    if (i == 0) {
                        // The mock keeps every record it was given; forget them once per pass over the pool.
                        mock.clear();
                    }
                    return wrapped.send(new ProducerRecord<>(topic, keys[i], values[i]), callback);
                }, wrapped);
            }
            case "key.deserializer", "value.deserializer" -> {
                byte[][] bytes = serialized(producer, key ? "key.serializer" : "value.serializer", key, topic, key ? keys : values);
                Deserializer deserializer = UserClasses.instantiate(component.className(), Deserializer.class);
                deserializer.configure(ComponentScenario.consumerConfig(scenario), key);
                return new ComponentCall(i -> deserializer.deserialize(topic, KafkaHeaders.empty(), bytes[i]), deserializer);
            }
            default -> throw new IllegalArgumentException("no component role " + component.role());
        }
    }

    /** The team's wrapper around {@code delegate}, or {@code null} when its factory does not implement {@code wrap}. */
    @SuppressWarnings("unchecked")
    private static Producer<Object, Object> wrapped(ComponentRef component, Producer<Object, Object> delegate) {
        return UserClasses.instantiate(component.className(), ProducerFactory.class).wrap(delegate);
    }

    /** The records' bytes as the side's own serializer makes them: what a partitioner or a deserializer gets. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static byte[][] serialized(Map<String, Object> producer, String role, boolean key, String topic, Object[] inputs) {
        Object configured = producer.get(role);
        byte[][] bytes = new byte[inputs.length][];
        if (configured == null) {
            return bytes;
        }
        try (Serializer serializer = UserClasses.instantiate(String.valueOf(configured), Serializer.class)) {
            serializer.configure(producer, key);
            for (int i = 0; i < inputs.length; i++) {
                bytes[i] = serializer.serialize(topic, KafkaHeaders.empty(), inputs[i]);
            }
        }
        return bytes;
    }

    /** A cluster of one node holding the scenario's partitions: what a partitioner is asked about. */
    private static Cluster cluster(String topic, int partitions) {
        Node node = new Node(0, "localhost", 9092);
        List<PartitionInfo> infos = new ArrayList<>();
        for (int p = 0; p < partitions; p++) {
            infos.add(new PartitionInfo(topic, p, node, new Node[] {node}, new Node[] {node}));
        }
        return new Cluster("kafka-perf-gate", List.of(node), infos, Set.of(), Set.of());
    }
}
