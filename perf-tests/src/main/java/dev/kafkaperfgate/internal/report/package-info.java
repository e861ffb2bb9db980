/**
 * The self-contained HTML report, built from a run's files (Chart.js inlined from its WebJar). It
 * may use {@code baseline}, {@code figures} and {@code metrics}; it decides nothing.
 */
package dev.kafkaperfgate.internal.report;
