/**
 * The tools beside the library, one command line ({@link dev.kafkaperfgate.tools.KafkaPerfGateTools}):
 * {@code validate}, {@code refresh} and {@code export}, which adopters need, and the measurement tools in
 * {@code bench} and {@code power}. It may use anything of the library; the library never uses it.
 */
package dev.kafkaperfgate.tools;
