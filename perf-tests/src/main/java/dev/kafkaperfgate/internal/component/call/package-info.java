/**
 * One call of a team's component as the client makes it, on the scenario's own records
 * ({@link dev.kafkaperfgate.internal.component.call.ComponentCall}), the components a scenario
 * names ({@link dev.kafkaperfgate.internal.component.call.ComponentScenario}), and the loop a duel
 * loads once per copy ({@link dev.kafkaperfgate.internal.component.call.ComponentLoop}). It runs
 * inside the side's JVMs and class loaders, with the side's classpath; it may use scenario, spec and
 * workload.payload.
 */
package dev.kafkaperfgate.internal.component.call;
