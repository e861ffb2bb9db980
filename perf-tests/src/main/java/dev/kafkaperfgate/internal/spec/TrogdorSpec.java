package dev.kafkaperfgate.internal.spec;

/**
 * A scenario that runs its producer on Trogdor agents instead of in the gate's own JVM:
 * {@code trogdor: {agents: 2}}. Each agent runs the scenario's producer at the scenario's rate
 * divided by the agents, all starting at one instant, with a fixed warm-up so that their trials
 * line up; the gate adds their figures up into one run. Which coordinator and agents is the
 * suite's setting ({@code perf.trogdor.coordinator}, {@code perf.trogdor.agents}), never the file's:
 * the same scenario runs on this machine's agents and on a real cluster's.
 *
 * @param agents how many agents share the load, 1 to {@link #MAX_AGENTS}
 */
public record TrogdorSpec(int agents) {

    public static final int MAX_AGENTS = 16;

    public TrogdorSpec {
        if (agents < 1 || agents > MAX_AGENTS) {
            throw new IllegalArgumentException("trogdor agents must be 1 to " + MAX_AGENTS + ", got " + agents);
        }
    }
}
