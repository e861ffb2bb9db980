/**
 * Trogdor scenarios: the producer (and an end-to-end scenario's reader) runs on Kafka's own
 * distributed workload framework. The gate's JVM reaches a coordinator over REST
 * ({@code TrogdorCoordinator}), starting one with its agents on this machine when none is given
 * ({@code TrogdorAgents}), hands each agent its share as the gate's own task ({@code GateTaskSpec},
 * run on the agent by {@code GateTaskWorker} with the produce or end-to-end workload), and adds the
 * agents' figures up into one run ({@code TrogdorRun}). Only the task classes use Trogdor's API,
 * and only the coordinator's and agents' JVMs load them. May use spec, figures, metrics,
 * environment, broker and workload; nothing judges here.
 */
package dev.kafkaperfgate.internal.trogdor;
