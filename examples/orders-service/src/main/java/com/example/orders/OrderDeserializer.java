package com.example.orders;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

import java.io.IOException;

/** Orders from JSON, for the services that read the {@code orders} topic. */
public final class OrderDeserializer implements Deserializer<Order> {

    private final ObjectMapper mapper = new ObjectMapper();

    @Override
    public Order deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        try {
            return mapper.readValue(data, Order.class);
        } catch (IOException e) {
            throw new SerializationException("an order on " + topic + " is not valid JSON", e);
        }
    }
}
