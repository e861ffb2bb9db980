/**
 * The one engine both modes run through: a scenario is measured, its evidence judged, and a
 * flagged regression measured again and failed only when the same metric regresses again.
 * Stored mode and paired mode differ only in how they measure (one side now against a baseline
 * file, or both sides now, interleaved) and in the evidence that gives; the order of measuring,
 * judging and confirming, and the rule that decides, live here once. It may use verdict,
 * baseline, scenario and figures; the modes ({@code run}, {@code paired}) use it, never the
 * judges directly.
 */
package dev.kafkaperfgate.internal.engine;
