/**
 * The gate's one bridge to what kafka-clients' public API lacks: the client's version, Kafka's own
 * header classes, and a codec round trip. Every class of the library runs beside the team's
 * kafka-clients, whichever release it is, so nothing here links to a class outside Kafka's
 * documented packages (4.4.0 moved {@code AppInfoParser} and others into
 * {@code common.utils.internals}, and a linked internal class fails a whole run). What is read
 * here is read from resources, through public objects, or by reflection that fails with a
 * message, never with a {@code NoClassDefFoundError}. A leaf: it uses nothing else of the gate.
 */
package dev.kafkaperfgate.internal.kafka;
