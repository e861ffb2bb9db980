/**
 * Facts about the machine and the client JVM, CPU pinning ({@code taskset}), whom each side runs
 * as ({@link dev.kafkaperfgate.internal.environment.SideUsers}, named by scripts/gate.sh's
 * {@link dev.kafkaperfgate.internal.environment.GateWiring}), and where the gate's own code was
 * loaded from, which every JVM the gate starts puts first
 * ({@link dev.kafkaperfgate.internal.environment.GateCode}). A leaf: it uses nothing else of the gate.
 */
package dev.kafkaperfgate.internal.environment;
