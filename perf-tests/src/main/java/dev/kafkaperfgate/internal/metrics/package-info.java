/**
 * Latency recording (HdrHistogram), histogram encoding, the client's cost per record, and the
 * console lines in the form of Kafka's own perf tools. A leaf below the engine: it uses only the
 * public defaults.
 */
package dev.kafkaperfgate.internal.metrics;
