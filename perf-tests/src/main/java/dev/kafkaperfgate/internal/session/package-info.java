/**
 * One gate run from typed settings to its result: the mode chosen once (stored baselines, the base
 * and the head side by side, the base built here first, and the rules for a base that cannot be
 * measured), then every mode driven through the same steps. {@code PerfGate} is its only caller.
 */
package dev.kafkaperfgate.internal.session;
