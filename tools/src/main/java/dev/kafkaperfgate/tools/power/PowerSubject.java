package dev.kafkaperfgate.tools.power;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.ToolProvider;

/**
 * The code the component power tool measures: a team's serializer as base and head sources, the
 * RecordSource that feeds it, and the scenario that names both. The synthetic serializer (a
 * cheap hash and a copy) is the older row; the real libraries are the point:
 * Jackson's and Avro's paths need seconds of JIT work, which a synthetic loop that compiles in
 * milliseconds never showed.
 *
 * <p>The heads' changes cost CPU only: the same bytes out, the same allocation per call.
 * <ul>
 *   <li>{@code jackson}: orders (1-5 lines) as JSON with one {@code ObjectMapper}; the head checks
 *       every byte of the JSON for a control character before it hands it out.</li>
 *   <li>{@code avro}: the same orders as Avro binary through a {@code GenericDatumWriter} and a
 *       reused encoder; the head computes an FNV-1a fingerprint of the bytes for its audit log:
 *       twice ({@code avro}), once ({@code avro-once}), once over every 2nd or 4th byte
 *       ({@code avro-stride2}, {@code avro-stride4}), once over the first two thirds ({@code avro-2of3}).</li>
 * </ul>
 *
 * @param base          the base's sources, file name under {@code com/acme/power/} to source
 * @param head          the head's
 * @param scenarioClass the serializer's class name
 * @param recordSource  the RecordSource's class name
 */
record PowerSubject(String name, Map<String, String> base, Map<String, String> head, String scenarioClass, String recordSource) {

    /** The orders both real-library subjects serialize, made by the RecordSource below. */
    private static final String ORDER = """
            package com.acme.power;
            public record Order(String id, String customerId, String currency, long totalCents, String status,
                                java.util.List<OrderLine> lines) {
            }
            """;
    private static final String ORDER_LINE = """
            package com.acme.power;
            public record OrderLine(String sku, int quantity, long priceCents) {
            }
            """;
    private static final String ORDERS = """
            package com.acme.power;
            public final class Orders implements dev.kafkaperfgate.spi.RecordSource<String, Order> {
                private static final String[] CURRENCIES = {"EUR", "USD", "GBP", "SEK"};
                @Override
                public dev.kafkaperfgate.spi.SourceRecord<String, Order> create(int index, java.util.SplittableRandom random) {
                    java.util.List<OrderLine> lines = new java.util.ArrayList<>();
                    long total = 0;
                    for (int i = 0; i < 1 + random.nextInt(5); i++) {
                        OrderLine line = new OrderLine("SKU-" + random.nextInt(100_000), 1 + random.nextInt(10), 100 + random.nextInt(100_000));
                        total += line.quantity() * line.priceCents();
                        lines.add(line);
                    }
                    String customer = "customer-" + random.nextInt(10_000);
                    return new dev.kafkaperfgate.spi.SourceRecord<>(customer, new Order("order-" + index, customer,
                            CURRENCIES[random.nextInt(CURRENCIES.length)], total, "PLACED", java.util.List.copyOf(lines)));
                }
            }
            """;

    private static final String JACKSON = """
            package com.acme.power;
            public final class %1$sJsonSerializer implements org.apache.kafka.common.serialization.Serializer<%1$s> {
                private final com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
                /** The last record's digest and hash, for the audit log (unused by the base). */
                volatile byte[] digest;
                volatile int hash;
                @Override
                public byte[] serialize(String topic, %1$s record) {
                    try {
                        byte[] json = mapper.writeValueAsBytes(record);
                        %2$s
                        return json;
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        throw new org.apache.kafka.common.errors.SerializationException(e);
                    }
                }
            }
            """;
    /** The head's check: a corrupt field would carry a control character into the JSON. */
    private static final String JACKSON_CHECK = """
            for (int i = 0; i < json.length; i += %d) {
                byte b = json[i];
                if (b >= 0 && b < 0x20) {
                    throw new org.apache.kafka.common.errors.SerializationException("a control character at byte " + i);
                }
            }""";

    /** The head's audit digest: a SHA-256 of each record's JSON, as a team adds for tamper evidence (a JDK routine). */
    private static final String JACKSON_SHA256 = """
            try {
                digest = java.security.MessageDigest.getInstance("SHA-256").digest(json);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }""";
    /** The head's cheap fingerprint: a hash of each record's JSON (a library call of the JDK's, no allocation). */
    private static final String JACKSON_HASH = """
            hash = java.util.Arrays.hashCode(json);""";

    private static final String AVRO = """
            package com.acme.power;
            import org.apache.avro.Schema;
            import org.apache.avro.generic.GenericData;
            import org.apache.avro.generic.GenericDatumWriter;
            import org.apache.avro.generic.GenericRecord;
            import org.apache.avro.io.BinaryEncoder;
            import org.apache.avro.io.EncoderFactory;
            public final class OrderAvroSerializer implements org.apache.kafka.common.serialization.Serializer<Order> {
                static final Schema SCHEMA = new Schema.Parser().parse(""\"
                        {"type": "record", "name": "Order", "namespace": "com.acme", "fields": [
                          {"name": "id", "type": "string"}, {"name": "customerId", "type": "string"},
                          {"name": "currency", "type": "string"}, {"name": "totalCents", "type": "long"},
                          {"name": "status", "type": "string"},
                          {"name": "lines", "type": {"type": "array", "items": {"type": "record", "name": "OrderLine", "fields": [
                            {"name": "sku", "type": "string"}, {"name": "quantity", "type": "int"}, {"name": "priceCents", "type": "long"}]}}}]}
                        ""\");
                private static final Schema LINE = SCHEMA.getField("lines").schema().getElementType();
                private final GenericDatumWriter<GenericRecord> writer = new GenericDatumWriter<>(SCHEMA);
                private final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(512);
                private BinaryEncoder encoder;
                /** The last record's fingerprint, for the audit log. */
                volatile long fingerprint;
                @Override
                public byte[] serialize(String topic, Order order) {
                    GenericRecord record = new GenericData.Record(SCHEMA);
                    record.put("id", order.id());
                    record.put("customerId", order.customerId());
                    record.put("currency", order.currency());
                    record.put("totalCents", order.totalCents());
                    record.put("status", order.status());
                    GenericData.Array<GenericRecord> lines = new GenericData.Array<>(order.lines().size(), SCHEMA.getField("lines").schema());
                    for (OrderLine line : order.lines()) {
                        GenericRecord item = new GenericData.Record(LINE);
                        item.put("sku", line.sku());
                        item.put("quantity", line.quantity());
                        item.put("priceCents", line.priceCents());
                        lines.add(item);
                    }
                    record.put("lines", lines);
                    try {
                        out.reset();
                        encoder = EncoderFactory.get().binaryEncoder(out, encoder);
                        writer.write(record, encoder);
                        encoder.flush();
                    } catch (java.io.IOException e) {
                        throw new org.apache.kafka.common.errors.SerializationException(e);
                    }
                    byte[] bytes = out.toByteArray();
                    %s
                    return bytes;
                }
            }
            """;
    /**
     * The head's fingerprint: FNV-1a over the record's bytes, {@code passes} times (twice: its key
     * and its value digest), every {@code stride}th byte (a sampled fingerprint costs a fraction).
     */
    private static final String AVRO_FINGERPRINT = """
            long hash = 0xcbf29ce484222325L;
            for (int pass = 0; pass < %d; pass++) {
                for (int i = 0; i < %s; i += %d) {
                    hash = (hash ^ bytes[i]) * 0x100000001b3L;
                }
            }
            fingerprint = hash;""";

    /** Base: WORK rounds of a cheap hash over the value's bytes (~500 ns here), and a copy of PAD + its length. */
    private static final String SERIALIZER = """
            package com.acme.power;
            public final class WorkSerializer implements org.apache.kafka.common.serialization.Serializer<String> {
                private static final int WORK = %d;
                private static final int PAD = %d;
                @Override
                public byte[] serialize(String topic, String data) {
                    byte[] bytes = data.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    int hash = 17;
                    for (int round = 0; round < WORK; round++) {
                        hash = 31 * hash + bytes[round %% bytes.length];
                    }
                    byte[] out = java.util.Arrays.copyOf(bytes, bytes.length + PAD);
                    out[0] ^= (byte) hash;
                    return out;
                }
            }
            """;

    private static final String SOURCE = """
            package com.acme.power;
            public final class Events implements dev.kafkaperfgate.spi.RecordSource<String, String> {
                @Override
                public dev.kafkaperfgate.spi.SourceRecord<String, String> create(int index, java.util.SplittableRandom random) {
                    StringBuilder value = new StringBuilder();
                    for (int i = 0; i < 8 + random.nextInt(8); i++) {
                        value.append("order-").append(random.nextInt(100_000)).append(' ');
                    }
                    return new dev.kafkaperfgate.spi.SourceRecord<>("customer-" + random.nextInt(100), value.toString());
                }
            }
            """;

    /** The synthetic serializer: the base's {@code work} rounds and {@code pad} extra bytes, the head's its own. */
    static PowerSubject synthetic(int work, int pad, int headWork, int headPad) {
        return new PowerSubject("synthetic", Map.of("WorkSerializer.java", SERIALIZER.formatted(work, pad), "Events.java", SOURCE),
                Map.of("WorkSerializer.java", SERIALIZER.formatted(headWork, headPad), "Events.java", SOURCE),
                "com.acme.power.WorkSerializer", "com.acme.power.Events");
    }

    static PowerSubject jackson() {
        return jackson(1);
    }

    /**
     * The Jackson serializer whose head checks every {@code stride}-th byte of its JSON: 1 costs
     * about +20% alone. Strides 2 and 4 were meant as +10% and +5%, but duels on an AMD EPYC read
     * them alike (+3..+10%), and stride 4 read +6..+12% on an Intel Xeon: the stride does not size
     * the change. The Avro subjects are sized by measurement instead.
     */
    static PowerSubject jackson(int stride) {
        return new PowerSubject(stride == 1 ? "jackson" : "jackson-stride" + stride, orders("OrderJsonSerializer", JACKSON.formatted("Order", "")),
                orders("OrderJsonSerializer", JACKSON.formatted("Order", JACKSON_CHECK.formatted(stride))), "com.acme.power.OrderJsonSerializer",
                "com.acme.power.Orders");
    }

    /** Telemetry: a device's readings (4-8 of them, doubles and timestamps), about 0.5-1 KB of JSON, as issue 61's adopter sends. */
    private static final String TELEMETRY = """
            package com.acme.power;
            public record Telemetry(String deviceId, String site, long timestamp, java.util.List<Reading> readings) {
            }
            """;
    private static final String READING = """
            package com.acme.power;
            public record Reading(String sensor, String unit, double value, double min, double max, long at, boolean alarm) {
            }
            """;
    private static final String READINGS = """
            package com.acme.power;
            public final class Readings implements dev.kafkaperfgate.spi.RecordSource<String, Telemetry> {
                private static final String[] UNITS = {"C", "kPa", "rpm", "V", "A", "%"};
                @Override
                public dev.kafkaperfgate.spi.SourceRecord<String, Telemetry> create(int index, java.util.SplittableRandom random) {
                    java.util.List<Reading> readings = new java.util.ArrayList<>();
                    long now = 1_790_000_000_000L + index * 200L;
                    for (int i = 0; i < 4 + random.nextInt(5); i++) {
                        double value = random.nextDouble() * 1000;
                        readings.add(new Reading("sensor-" + i, UNITS[i % UNITS.length], value, value - random.nextDouble() * 10,
                                value + random.nextDouble() * 10, now - random.nextInt(5_000), random.nextInt(50) == 0));
                    }
                    String device = "device-" + random.nextInt(5_000);
                    return new dev.kafkaperfgate.spi.SourceRecord<>(device, new Telemetry(device, "site-" + random.nextInt(40), now,
                            java.util.List.copyOf(readings)));
                }
            }
            """;
    /** A Jackson serializer of telemetry readings whose head adds a SHA-256 of each record: issue 61's adopter, rebuilt. */
    static PowerSubject telemetrySha256() {
        return telemetry("telemetry-sha256", JACKSON_SHA256);
    }

    /** Telemetry again, whose head adds {@code Arrays.hashCode} of each record's JSON: issue 61's second change (+7-10% alone). */
    static PowerSubject telemetryHash() {
        return telemetry("telemetry-hash", JACKSON_HASH);
    }

    /** The telemetry serializer, its head with {@code change} added to each call. */
    private static PowerSubject telemetry(String name, String change) {
        Map<String, String> base = Map.of("Telemetry.java", TELEMETRY, "Reading.java", READING, "Readings.java", READINGS,
                "TelemetryJsonSerializer.java", JACKSON.formatted("Telemetry", ""));
        Map<String, String> head = new java.util.HashMap<>(base);
        head.put("TelemetryJsonSerializer.java", JACKSON.formatted("Telemetry", change));
        return new PowerSubject(name, base, Map.copyOf(head), "com.acme.power.TelemetryJsonSerializer", "com.acme.power.Readings");
    }

    /** The Jackson serializer whose head adds a SHA-256 of each record (issue 61's adopter: +19% alone on AMD). */
    static PowerSubject jacksonSha256() {
        return new PowerSubject("jackson-sha256", orders("OrderJsonSerializer", JACKSON.formatted("Order", "")),
                orders("OrderJsonSerializer", JACKSON.formatted("Order", JACKSON_SHA256)), "com.acme.power.OrderJsonSerializer", "com.acme.power.Orders");
    }

    /** The Jackson serializer whose head adds {@code Arrays.hashCode} of each record's JSON (+7-10% alone). */
    static PowerSubject jacksonHash() {
        return new PowerSubject("jackson-hash", orders("OrderJsonSerializer", JACKSON.formatted("Order", "")),
                orders("OrderJsonSerializer", JACKSON.formatted("Order", JACKSON_HASH)), "com.acme.power.OrderJsonSerializer", "com.acme.power.Orders");
    }

    /** A subject by its command-line name. */
    static PowerSubject named(String name) {
        return switch (name) {
            case "jackson" -> jackson();
            case "jackson-stride2" -> jackson(2);
            case "jackson-stride4" -> jackson(4);
            case "jackson-sha256" -> jacksonSha256();
            case "jackson-hash" -> jacksonHash();
            case "telemetry-sha256" -> telemetrySha256();
            case "telemetry-hash" -> telemetryHash();
            case "avro" -> avro(name, 2, 1);
            case "avro-once" -> avro(name, 1, 1);
            case "avro-stride2" -> avro(name, 1, 2);
            case "avro-stride4" -> avro(name, 1, 4);
            case "avro-2of3" -> avro(name, 1, "bytes.length / 3 * 2", 1);
            default -> throw new IllegalArgumentException("no subject " + name + " (known: jackson, jackson-stride2, jackson-stride4, "
                    + "jackson-sha256, jackson-hash, telemetry-sha256, telemetry-hash, avro, avro-once, avro-stride2, avro-stride4, avro-2of3)");
        };
    }

    /** Compiles {@code sources} into {@code dir/<side>-classes} against this JVM's classpath. */
    Path compile(Path dir, String side, Map<String, String> sources) throws java.io.IOException {
        Path folder = dir.resolve(side + "-src/com/acme/power");
        Path classes = dir.resolve(side + "-classes");
        Files.createDirectories(folder);
        Files.createDirectories(classes);
        List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-cp", ThisJvm.classPath()));
        for (Map.Entry<String, String> source : sources.entrySet()) {
            Files.writeString(folder.resolve(source.getKey()), source.getValue());
            arguments.add(folder.resolve(source.getKey()).toString());
        }
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, arguments.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("the " + side + "'s " + name + " serializer does not compile");
        }
        return classes;
    }

    /**
     * Avro's orders, the head fingerprinting them: {@code passes} FNV-1a passes over every
     * {@code stride}th byte. Alone, on an Intel Xeon (2026-11-29, docs/log/power-2026-11.md): 2 and 1
     * +41.9%, 1 and 1 +15.0%, 1 and 2 +5.0% (+7.9% by the ratio of medians); 1 and 4 not measured;
     * once over the first two thirds ({@code avro-2of3}) +9.4% (+11.8%).
     */
    static PowerSubject avro(String name, int passes, int stride) {
        return avro(name, passes, "bytes.length", stride);
    }

    /** As {@link #avro(String, int, int)}, over the bytes below {@code end} (a Java expression): a size between two strides. */
    private static PowerSubject avro(String name, int passes, String end, int stride) {
        return new PowerSubject(name, orders("OrderAvroSerializer", AVRO.formatted("")),
                orders("OrderAvroSerializer", AVRO.formatted(AVRO_FINGERPRINT.formatted(passes, end, stride))),
                "com.acme.power.OrderAvroSerializer", "com.acme.power.Orders");
    }

    private static Map<String, String> orders(String serializer, String source) {
        return Map.of("Order.java", ORDER, "OrderLine.java", ORDER_LINE, "Orders.java", ORDERS, serializer + ".java", source);
    }

    /** The scenario that names the serializer and its RecordSource. */
    String scenario() {
        return """
                name: events-publish
                tags: [pr]
                workload: produce
                topic: {partitions: 3}
                duration: 2s
                rate: 1000
                record.source: %s
                producer:
                  acks: "1"
                  linger.ms: 0
                  batch.size: 16384
                  compression.type: none
                  value.serializer: %s
                """.formatted(recordSource, scenarioClass);
    }
}
