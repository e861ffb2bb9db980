/**
 * A maintainer's accept label, judged: whether the facts the gate action read of it (who set it,
 * on which head, after which result was shown) accept the head measured, or why not. Uses the
 * settings alone; the run's outcome reads it.
 */
package dev.kafkaperfgate.internal.acceptance;
