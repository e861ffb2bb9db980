/**
 * The public entry point, as JMH's Runner: {@link dev.kafkaperfgate.PerfGate} runs the gate with
 * {@link dev.kafkaperfgate.PerfGateOptions} and returns a {@link dev.kafkaperfgate.GateResult};
 * {@code Defaults} and {@code GateProperties} name every default and every {@code perf.*} key.
 * Public API: a change here is a change for every adopter. It may use everything under {@code
 * internal}; nothing under {@code internal} is part of the API.
 */
package dev.kafkaperfgate;
