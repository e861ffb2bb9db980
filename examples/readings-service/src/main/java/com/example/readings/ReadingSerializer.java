package com.example.readings;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.springframework.kafka.support.serializer.JsonSerializer;

/**
 * Spring Kafka's JsonSerializer with the service's own mapper (ISO-8601 times). Its other
 * settings come from producer.properties ({@code spring.json.*}), which Kafka hands to configure.
 */
public class ReadingSerializer extends JsonSerializer<Reading> {

    public ReadingSerializer() {
        super(new ObjectMapper().registerModule(new JavaTimeModule()).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS));
    }
}
