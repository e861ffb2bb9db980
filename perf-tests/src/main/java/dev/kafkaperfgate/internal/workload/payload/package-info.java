/**
 * The records a workload sends: the seeded payload pool (its compressibility set per scenario), a
 * payload file's lines, and the team's own {@code RecordSource}. It may use the workload package
 * and {@code spec}.
 */
package dev.kafkaperfgate.internal.workload.payload;
