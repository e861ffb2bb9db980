/**
 * Paired mode ({@link dev.kafkaperfgate.internal.paired.PairedMode}): the head and the base
 * measured on one broker, each in its own worker JVM, in ABBA blocks; the base's rules; a fresh
 * JVM pair for the confirmation. It drives {@code worker} processes and builds on the run's frame;
 * only the session chooses it.
 */
package dev.kafkaperfgate.internal.paired;
