/**
 * What a team's own code implements so the gate runs it: {@code RecordSource} (the team's domain
 * records, created the same on base and head) and {@code ProducerFactory} (the team's wrapper
 * around {@code KafkaProducer}). Public API. It depends on kafka-clients and nothing of the gate.
 */
package dev.kafkaperfgate.spi;
