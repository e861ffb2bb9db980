package dev.kafkaperfgate.internal.trogdor;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
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

    /** @throws IllegalArgumentException naming the property, when one is set without the other or is malformed */
    public static TrogdorSettings from(GateSettings settings) {
        String url = settings.trogdorCoordinator();
        String names = settings.trogdorAgents();
        if (url == null) {
            if (names != null) {
                throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_AGENTS + " names agents of a coordinator: set -D"
                        + GateProperties.TROGDOR_COORDINATOR + " too, or neither to start Trogdor on this machine");
            }
            return new TrogdorSettings(null, List.of());
        }
        URI coordinator;
        try {
            coordinator = new URI(url);
        } catch (URISyntaxException e) {
            coordinator = null;
        }
        if (coordinator == null || !("http".equals(coordinator.getScheme()) || "https".equals(coordinator.getScheme()))
                || coordinator.getHost() == null) {
            throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_COORDINATOR + "=" + url
                    + ": must be the coordinator's address, e.g. http://trogdor-coordinator:8889");
        }
        if (names == null) {
            throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_COORDINATOR + " needs -D" + GateProperties.TROGDOR_AGENTS
                    + ": the agents' node names in its configuration, e.g. agent-1,agent-2");
        }
        List<String> agents = Arrays.stream(names.split(",")).map(String::strip).toList();
        if (agents.stream().anyMatch(name -> !name.matches("[A-Za-z0-9._-]+"))) {
            throw new IllegalArgumentException("-D" + GateProperties.TROGDOR_AGENTS + "=" + names
                    + ": must be node names separated by commas, e.g. agent-1,agent-2");
        }
        return new TrogdorSettings(coordinator, agents);
    }
}
