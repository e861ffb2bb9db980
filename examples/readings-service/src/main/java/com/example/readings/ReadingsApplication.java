package com.example.readings;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.PropertiesLoaderUtils;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/** The service: its producer is made from producer.properties, the file the perf scenario names too. */
@SpringBootApplication
public class ReadingsApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReadingsApplication.class, args);
    }

    @Bean
    KafkaTemplate<String, Reading> readingsTemplate() throws IOException {
        Map<String, Object> config = new HashMap<>();
        PropertiesLoaderUtils.loadProperties(new ClassPathResource("producer.properties"))
                .forEach((key, value) -> config.put((String) key, value));
        config.putIfAbsent("bootstrap.servers", System.getenv().getOrDefault("KAFKA_BOOTSTRAP_SERVERS", "localhost:9092"));
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(config));
    }
}
