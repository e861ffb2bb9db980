package dev.kafkaperfgate.internal.broker;

import dev.kafkaperfgate.internal.settings.BrokerMode;
import dev.kafkaperfgate.internal.broker.select.BrokerSelector;

/** Run in a forked JVM by the tests: starts a container broker and prints how that failed (exit 3). */
public final class UnusableDockerMain {

    private UnusableDockerMain() {
    }

    public static void main(String[] args) {
        try (KafkaBroker broker = BrokerSelector.start(BrokerSettings.fromSystemProperties().withMode(BrokerMode.CONTAINER), System.out)) {
            System.out.println("unexpectedly started " + broker.info());
            System.exit(0);
        } catch (BrokerUnavailableException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
