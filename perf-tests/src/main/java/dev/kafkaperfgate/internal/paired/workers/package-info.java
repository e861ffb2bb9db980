/**
 * Paired mode's worker JVMs as the coordinator sees them: one process per side on that side's
 * test classpath ({@link dev.kafkaperfgate.internal.paired.workers.WorkerProcess}), the pair that
 * can be replaced by fresh JVMs ({@link dev.kafkaperfgate.internal.paired.workers.WorkerPair}), and
 * the scenarios a side's catalog lists.
 */
package dev.kafkaperfgate.internal.paired.workers;
