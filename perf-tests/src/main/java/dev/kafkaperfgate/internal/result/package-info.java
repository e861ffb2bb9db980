/**
 * Result JSON files, sweep summaries, and summary.json with its one {@code decision}: the place
 * where a run's outcome and exit code are decided, once. It may use {@code verdict}, {@code
 * baseline}, {@code figures}, {@code history} (a scenario's trend across nightlies) and the scenario and spec types it describes.
 */
package dev.kafkaperfgate.internal.result;
