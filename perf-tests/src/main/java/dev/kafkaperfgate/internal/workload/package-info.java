/**
 * The engine that measures one side: produce, consume, end-to-end, fault and mirror workloads,
 * pacing, warm-up, payloads, delivery ledgers, the team's records and producers, and injected
 * costs for proving the gate. It may use {@code spec}, {@code broker}, {@code link}, {@code
 * mirror}, {@code environment}, {@code metrics} and the SPI.
 */
package dev.kafkaperfgate.internal.workload;
