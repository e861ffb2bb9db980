/**
 * What a run measured, in the form a verdict compares and a result file stores: the workloads'
 * results (produce, consume, fault, delivery, warm-up figures per trial), per-metric figures of a
 * run, the ruler that measures the machine, and the metric names. Plain data: it may use {@code
 * metrics}, {@code spec}, {@code broker} and {@code environment}, never the engine that fills it.
 */
package dev.kafkaperfgate.internal.figures;
