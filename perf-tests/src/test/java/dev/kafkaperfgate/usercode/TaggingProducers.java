package dev.kafkaperfgate.usercode;

import dev.kafkaperfgate.spi.ProducerFactory;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A team's wrapper, as a test stands one in: every record gets a {@code wrapped-by} header on its
 * way through, and the records it forwarded are counted so a test can see the harness drove it.
 */
public final class TaggingProducers implements ProducerFactory<Object, Object> {

    /** Records the wrappers made since the JVM started. */
    public static final AtomicLong SENT = new AtomicLong();

    @Override
    @SuppressWarnings("unchecked")
    public Producer<Object, Object> create(Map<String, Object> config) {
        Producer<Object, Object> producer = new KafkaProducer<>(config);
        return (Producer<Object, Object>) Proxy.newProxyInstance(Producer.class.getClassLoader(), new Class<?>[]{Producer.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("send") && args != null && args[0] instanceof ProducerRecord<?, ?> record) {
                        record.headers().add("wrapped-by", "tagging-producers".getBytes(StandardCharsets.UTF_8));
                        SENT.incrementAndGet();
                    }
                    try {
                        return method.invoke(producer, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
