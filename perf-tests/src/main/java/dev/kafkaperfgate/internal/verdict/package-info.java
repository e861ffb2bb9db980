/**
 * The judgement: the run-to-run and paired statistical tests, the judges that turn them into
 * verdicts, the subject and experiment split of a definition, and drift. It may use {@code
 * baseline}, {@code figures}, {@code metrics} and {@code scenario}; never the engine.
 */
package dev.kafkaperfgate.internal.verdict;
