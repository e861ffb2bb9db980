/**
 * Stored mode ({@link dev.kafkaperfgate.internal.stored.StoredMode}): the head alone on this
 * machine's broker, each scenario judged against its baseline file by the scenario runner, a
 * flagged regression re-run on a fresh broker. It builds on the run's frame; only the session
 * chooses it.
 */
package dev.kafkaperfgate.internal.stored;
