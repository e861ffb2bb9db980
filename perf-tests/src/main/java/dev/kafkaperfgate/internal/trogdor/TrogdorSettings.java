package dev.kafkaperfgate.internal.trogdor;

import dev.kafkaperfgate.internal.settings.GateSettings;
import java.net.URI;
import java.util.List;

/**
 * Which Trogdor a run's trogdor scenarios go through: {@code -Dperf.trogdor.coordinator=http://host:8889}
 * with {@code -Dperf.trogdor.agents=agent-1,agent-2} (the node names in the coordinator's
 * configuration), or neither, and the gate starts a coordinator and its agents on this machine.
 *
 * @param coordinator an existing coordinator, or {@code null} to start one here
 * @param agents      its agents' node names; empty when the gate starts its own
 */
public record TrogdorSettings(URI coordinator, List<String> agents) {

    public TrogdorSettings {
        agents = List.copyOf(agents);
    }

    /** The Trogdor settings {@code settings} parsed (a coordinator with its agents, or neither: {@link dev.kafkaperfgate.internal.settings.machine.MachineSettings}). */
    public static TrogdorSettings from(GateSettings settings) {
        return new TrogdorSettings(settings.machine().trogdorCoordinator().orElse(null), settings.machine().trogdorAgents());
    }
}
