/**
 * Paired mode's worker JVM, one per side on that side's classpath, and its line protocol over
 * stdin and stdout. It runs the engine ({@code workload}) on the coordinator's command.
 */
package dev.kafkaperfgate.internal.worker;
