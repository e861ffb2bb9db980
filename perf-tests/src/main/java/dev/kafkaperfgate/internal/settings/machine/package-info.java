/**
 * Where the gate's own processes run and how it reaches what it did not start: CPU lists, JVM
 * flags, files and addresses, each typed once from the text {@code GateSettings} reads by its key.
 * Part of the settings layer: it uses no other package of the gate's.
 */
package dev.kafkaperfgate.internal.settings.machine;
