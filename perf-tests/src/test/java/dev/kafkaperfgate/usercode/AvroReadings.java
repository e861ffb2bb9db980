package dev.kafkaperfgate.usercode;

import dev.kafkaperfgate.spi.RecordSource;
import dev.kafkaperfgate.spi.SourceRecord;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

import java.util.SplittableRandom;

/** Sensor readings as Avro records, for a schema registry's serializer, as a team using one makes them. */
public final class AvroReadings implements RecordSource<String, GenericRecord> {

    public static final Schema SCHEMA = new Schema.Parser().parse("""
            {"type": "record", "name": "Reading", "namespace": "com.example.readings", "fields": [
              {"name": "sensorId", "type": "string"}, {"name": "site", "type": "string"}, {"name": "value", "type": "double"}]}
            """);

    @Override
    public SourceRecord<String, GenericRecord> create(int index, SplittableRandom random) {
        GenericRecord reading = new GenericData.Record(SCHEMA);
        String sensor = "sensor-" + random.nextInt(300);
        reading.put("sensorId", sensor);
        reading.put("site", "site-" + random.nextInt(12));
        reading.put("value", random.nextDouble() * 100);
        return new SourceRecord<>(sensor, reading);
    }
}
