/**
 * The send path every producing workload runs: one paced or unthrottled phase of sends, its
 * callbacks (latency into HdrHistogram, nothing else in the callback), and the delivery ledger
 * that counts every record acknowledged. It may use the workload package and {@code payload}.
 */
package dev.kafkaperfgate.internal.workload.send;
