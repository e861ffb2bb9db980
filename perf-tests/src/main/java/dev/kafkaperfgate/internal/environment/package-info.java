/**
 * Facts about the machine and the client JVM, and CPU pinning ({@code taskset}). A leaf: it uses
 * nothing else of the gate.
 */
package dev.kafkaperfgate.internal.environment;
