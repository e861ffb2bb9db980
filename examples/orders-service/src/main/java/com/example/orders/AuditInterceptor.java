package com.example.orders;

import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stamps every order with the publishing service and counts failed sends, as the platform
 * team's audit pipeline expects.
 */
public final class AuditInterceptor implements ProducerInterceptor<String, Order> {

    private static final byte[] SOURCE = "orders-service".getBytes(StandardCharsets.UTF_8);
    private final AtomicLong failed = new AtomicLong();

    @Override
    public ProducerRecord<String, Order> onSend(ProducerRecord<String, Order> record) {
        record.headers().add("audit-source", SOURCE);
        return record;
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
        if (exception != null) {
            failed.incrementAndGet();
        }
    }

    /** Sends that failed since the producer started. */
    public long failed() {
        return failed.get();
    }

    @Override
    public void close() {
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }
}
