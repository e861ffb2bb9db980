/**
 * Merging a completed run into {@code baselines/}: staged whole or not at all, with the verdict's
 * own mismatch rule, with each night appended to the scenario's nightly history. It may use
 * {@code baseline}, {@code history}, {@code figures} and {@code verdict}.
 */
package dev.kafkaperfgate.internal.refresh;
