/**
 * The nightly history: each accepted nightly run's figures, appended to a file beside its
 * baseline ({@code <scenario>.history.jsonl}), and the step changes across nights that E-Divisive
 * means finds in it ({@code ChangePoints}, as Apache Otava runs it). A baseline keeps the last few
 * runs to judge one run against; the history keeps every night, to see a slow slide or a step that
 * each single run passed. It may use {@code figures}; never the engine, the verdicts or the brokers.
 */
package dev.kafkaperfgate.internal.history;
