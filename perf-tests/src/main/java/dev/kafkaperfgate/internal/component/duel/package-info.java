/**
 * The duel's own JVM ({@link dev.kafkaperfgate.internal.component.duel.ComponentDuel}): both sides'
 * copies of one component, called in short alternating batches, and what it is asked
 * ({@link dev.kafkaperfgate.internal.component.duel.DuelRequest}, with its
 * {@link dev.kafkaperfgate.internal.component.duel.DuelSettings}). It runs as the head's user, on the
 * gate's jar and JMH's; it may use settings and component.call, whose loop each copy loads in a
 * class loader of its own.
 */
package dev.kafkaperfgate.internal.component.duel;
