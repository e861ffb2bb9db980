/**
 * Where a confirmed component regression's time and bytes went: a profiling duel's JFR recording
 * read per side ({@link dev.kafkaperfgate.internal.component.profile.DuelProfile}), and the frames
 * and allocation sites whose share changed most between base and head
 * ({@link dev.kafkaperfgate.internal.component.profile.WhereItWent}). Reads files only; runs
 * after the verdict, so nothing here moves a judged figure.
 */
package dev.kafkaperfgate.internal.component.profile;
