package dev.kafkaperfgate.internal.broker.select;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.ExternalBroker;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.container.ContainerBroker;
import dev.kafkaperfgate.internal.broker.container.ContainerCluster;
import dev.kafkaperfgate.internal.broker.container.DockerProbe;
import dev.kafkaperfgate.internal.broker.process.ProcessBroker;
import java.io.PrintStream;
import java.util.Optional;

/**
 * Starts the broker {@code -Dperf.broker} asks for, resolving {@code auto}, and prints which one
 * runs and why, in one line.
 */
public final class BrokerSelector {

    private BrokerSelector() {
    }

    public static KafkaBroker start(BrokerSettings settings, PrintStream console) {
        BrokerMode mode = settings.mode();
        String reason = switch (mode) {
            case AUTO -> null;
            case CONTAINER, PROCESS, EXTERNAL -> "-Dperf.broker=" + mode.label();
        };
        if (mode == BrokerMode.AUTO) {
            Choice choice = resolveAuto(settings.image());
            mode = choice.mode();
            reason = "auto: " + choice.reason();
        }
        console.println("[kafka-perf-gate] broker: " + mode.label() + (settings.brokers() > 1 && mode != BrokerMode.EXTERNAL
                ? ", a cluster of " + settings.brokers() : "") + " (" + reason + ")");
        return switch (mode) {
            case CONTAINER -> settings.brokers() > 1 ? ContainerCluster.start(settings, reason) : ContainerBroker.start(settings, reason);
            case PROCESS -> ProcessBroker.start(settings, reason);
            case EXTERNAL -> ExternalBroker.connect(settings, reason);
            case AUTO -> throw new IllegalStateException("auto was resolved above");
        };
    }

    /** The settings for a scenario with a slow link: process brokers, whose link listeners the gate writes. */
    public static BrokerSettings forLink(BrokerSettings settings) {
        if (settings.mode() == BrokerMode.EXTERNAL) {
            throw new BrokerUnavailableException("a scenario with a network block needs a cluster the gate starts (Toxiproxy sits "
                    + "in front of its link listeners); an external cluster's network is its own");
        }
        return settings.withMode(BrokerMode.PROCESS);
    }

    /** Starts process brokers for a slow link, saying why whatever -Dperf.broker asked for. */
    public static KafkaBroker startForLink(BrokerSettings settings, PrintStream console) {
        String reason = "a slow link: Toxiproxy on this host sits in front of each process broker's link listener";
        console.println("[kafka-perf-gate] broker: process" + (settings.brokers() > 1 ? ", a cluster of " + settings.brokers() : "")
                + " (" + reason + ")");
        return ProcessBroker.start(settings.withMode(BrokerMode.PROCESS), reason);
    }

    record Choice(BrokerMode mode, String reason) {
    }

    static Choice resolveAuto(String image) {
        Optional<String> engineProblem = DockerProbe.engineProblem();
        if (engineProblem.isPresent()) {
            return new Choice(BrokerMode.PROCESS, engineProblem.get());
        }
        if (DockerProbe.imagePresent(image)) {
            return new Choice(BrokerMode.CONTAINER, "a Docker engine answers and image " + image + " is present");
        }
        if (DockerProbe.registryReachable(image)) {
            return new Choice(BrokerMode.CONTAINER, "a Docker engine answers and image " + image + " can be pulled");
        }
        return new Choice(BrokerMode.PROCESS, "a Docker engine answers, but image " + image
                + " is absent and its registry is unreachable (build one with scripts/build-kafka-image.sh)");
    }
}
