package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.spi.ProducerFactory;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;

import java.util.Map;

/** Opens the producer a scenario sends through: the team's wrapper when it names a factory, else a KafkaProducer. */
public final class Producers {

    private Producers() {
    }

    @SuppressWarnings("unchecked")
    public static Producer<Object, Object> open(ProduceScenario scenario, Map<String, Object> config) {
        if (scenario.producerFactory() == null) {
            return new KafkaProducer<>(config);
        }
        ProducerFactory<?, ?> factory = UserInstances.create(scenario.name(), "producer.factory", scenario.producerFactory(),
                ProducerFactory.class);
        Producer<?, ?> producer;
        try {
            producer = factory.create(config);
        } catch (RuntimeException e) {
            throw new ScenarioFailedException("scenario " + scenario.name() + ": producer.factory " + scenario.producerFactory()
                    + " failed to create a producer: " + e, e);
        }
        if (producer == null) {
            throw new ScenarioFailedException("scenario " + scenario.name() + ": producer.factory " + scenario.producerFactory()
                    + " returned null", null);
        }
        return (Producer<Object, Object>) producer;
    }
}
