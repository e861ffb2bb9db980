/**
 * Paired mode's power bench ({@code power paired}): A/A measurements and injected regressions,
 * each sized by probes, judged by the gate's own paired judge. It drives the paired engine's
 * public internals (worker pair, trials, catalog).
 */
package dev.kafkaperfgate.tools.power;
