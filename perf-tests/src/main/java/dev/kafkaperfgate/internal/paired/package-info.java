/**
 * Paired mode's coordinator: the head and the base measured on one broker, each in its own worker
 * JVM, in ABBA blocks; the base's rules; a fresh JVM pair for the confirmation; and its power
 * bench. It drives {@code worker} processes and may use the verdict, result and report packages.
 */
package dev.kafkaperfgate.internal.paired;
