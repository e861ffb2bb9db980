/**
 * Scenario files: strict YAML parsing with file, line and field in every error, validation,
 * sweeps, the catalog and the selection by suite and name. It may use {@code spec}; reading a
 * scenario needs no engine.
 */
package dev.kafkaperfgate.internal.scenario;
