/**
 * Merging a completed run into {@code baselines/}: staged whole or not at all, with the verdict's
 * own mismatch rule. It may use {@code baseline} and {@code verdict}.
 */
package dev.kafkaperfgate.internal.refresh;
