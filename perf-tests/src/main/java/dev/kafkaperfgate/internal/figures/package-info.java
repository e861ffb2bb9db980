/**
 * What a run measured, in the form a verdict compares: per-metric figures of a run, the ruler
 * that measures the machine, and the metric names. It may use {@code workload} (the trial results
 * it reads), {@code metrics}, {@code spec} and {@code broker}.
 */
package dev.kafkaperfgate.internal.figures;
