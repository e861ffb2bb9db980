package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.TopicRejectedException;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;

/** A scenario's topics on the broker, made as its file says; a topic the broker refuses is the scenario's failure, said with its file. */
final class ScenarioTopics {

    private ScenarioTopics() {
    }

    static String create(GateTopics topics, Scenario scenario) {
        return create(topics, scenario, null);
    }

    /** The scenario's topic, or with a {@code suffix} one more of its shape (an end-to-end Trogdor agent's own). */
    static String create(GateTopics topics, Scenario scenario, String suffix) {
        ProduceScenario produce = scenario.produce();
        try {
            return topics.create(suffix == null ? scenario.name() : scenario.name() + "-" + suffix, produce.partitions(),
                    produce.replicationFactor(), produce.topicConfigs());
        } catch (TopicRejectedException e) {
            throw new ScenarioFailedException("scenario " + scenario.name() + " (" + scenario.file().getFileName() + "): "
                    + e.getMessage(), e);
        }
    }
}
