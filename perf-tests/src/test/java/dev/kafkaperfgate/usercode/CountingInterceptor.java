package dev.kafkaperfgate.usercode;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** A team's producer interceptor, as a test stands one in: counts what it saw acknowledged. */
public final class CountingInterceptor implements ProducerInterceptor<Object, Object> {

    public static final AtomicLong ACKED = new AtomicLong();

    @Override
    public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
        return record;
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
        if (exception == null) {
            ACKED.incrementAndGet();
        }
    }

    @Override
    public void close() {
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }
}
