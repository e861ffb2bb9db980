/**
 * The JUnit 5 adapter a team extends: {@code PerfGateSuite} runs the gate as one test class, and
 * {@code PerfGateExtension} skips it unless {@code -Dperf.suite} is set, so a plain {@code mvn
 * test} starts no broker. Public API. It may use the public entry point; nothing internal may use
 * it.
 */
package dev.kafkaperfgate.junit;
