/**
 * What every gate run sets up and finishes alike, whichever mode measures it: summary.json with
 * the run's provenance and environment, the policy sized by the run's comparisons, the machine's
 * ruler, the run's decisions, the progress line, the warm broker and the HTML report
 * ({@link dev.kafkaperfgate.internal.frame.RunFrame}); and what a mode provides to be driven
 * ({@link dev.kafkaperfgate.internal.frame.RunMode}). Stored and paired mode build on it; it uses
 * neither.
 */
package dev.kafkaperfgate.internal.frame;
