/**
 * The gate's own Trogdor task, as the coordinator and the agents load it: its spec
 * ({@code GateTaskSpec}), the worker that runs the gate's produce, end-to-end or consume workload
 * on an agent ({@code GateTaskWorker}), the share it carries ({@code AgentTask}) and the figures its
 * status carries back ({@code AgentFigures}, {@code AgentReads}). Only the spec and the worker use
 * Trogdor's API. May use spec, figures, metrics, environment, broker and workload.
 */
package dev.kafkaperfgate.internal.trogdor.task;
