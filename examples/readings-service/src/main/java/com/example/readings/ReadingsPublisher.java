package com.example.readings;

import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

/** Publishes each reading, keyed by its sensor. */
@Service
public class ReadingsPublisher {

    private final KafkaTemplate<String, Reading> template;

    public ReadingsPublisher(KafkaTemplate<String, Reading> template) {
        this.template = template;
    }

    public void publish(Reading reading) {
        template.send("readings", reading.sensorId(), reading);
    }
}
