/**
 * The gate's settings: the {@code perf.*} keys ({@link dev.kafkaperfgate.internal.settings.GateProperties}),
 * their defaults ({@link dev.kafkaperfgate.internal.settings.Defaults}) and the one parse of them
 * into types ({@link dev.kafkaperfgate.internal.settings.GateSettings}), with the enums a setting
 * chooses between. The bottom layer: every package may use it; it uses none of theirs. The public
 * {@code PerfGateOptions} is its builder; the documented keys are the stable interface, these
 * classes are not.
 */
package dev.kafkaperfgate.internal.settings;
