/**
 * The one engine every mode and stage runs through: a scenario (or a component of it) is
 * measured, its evidence judged, an INCONCLUSIVE measurement grown while the measurer allows
 * (each look at α / looks), and a flagged regression measured again and failed only when the
 * same metric regresses again; {@code Outcomes} then says regression, warning, noise or a
 * confirmed improvement. It also owns the order in which base and head take turns (ABBA).
 * Stored mode and paired mode differ only in how they measure (one side now against a baseline
 * file, or both sides now, interleaved) and in the evidence that gives; the order of measuring,
 * judging and confirming, and the rule that decides, live here once. It may use verdict,
 * baseline, scenario and figures; the modes ({@code run}, {@code paired}) use it, never the
 * judges directly.
 */
package dev.kafkaperfgate.internal.engine;
