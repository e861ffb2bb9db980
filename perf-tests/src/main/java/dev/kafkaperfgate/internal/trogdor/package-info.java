/**
 * Trogdor scenarios, as the gate's JVM runs them: the producer (an end-to-end scenario's reader, a
 * consume scenario's readers) on Kafka's own distributed workload framework. It reaches a
 * coordinator over REST ({@code TrogdorCoordinator}), starting one with its agents on this machine
 * when none is given ({@code TrogdorAgents}), hands each agent its share as the gate's own task
 * ({@code task}), and adds the agents' figures up into one run ({@code TrogdorRun},
 * {@code TrogdorReads}). Never loads Trogdor's classes: it names the task's spec class as a string.
 * May use spec, figures, metrics, environment, broker, workload and {@code trogdor.task}; nothing
 * judges here.
 */
package dev.kafkaperfgate.internal.trogdor;
