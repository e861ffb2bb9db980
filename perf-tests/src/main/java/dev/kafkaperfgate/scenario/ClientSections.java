package dev.kafkaperfgate.scenario;

import dev.kafkaperfgate.workload.ClientProperties;
import dev.kafkaperfgate.workload.WorkloadKind;

import java.util.List;
import java.util.Map;

/**
 * The {@code producer} and {@code consumer} sections of a scenario file: Kafka's own keys,
 * each checked by the client's ConfigDef and reported at its own line, then the whole section
 * as the client would construct it.
 */
final class ClientSections {

    private ClientSections() {
    }

    /**
     * Pinned in every scenario's producer (a consume scenario's writes its records): kafka-clients
     * 4.0 changed linger.ms's default from 0 to 5, and an unpinned default turns a client upgrade
     * into a phantom regression.
     */
    static final List<String> PINNED_PRODUCER_KEYS = List.of("acks", "batch.size", "compression.type", "linger.ms");

    /** The producer section, required in every scenario. */
    static Map<String, String> producer(YamlMap doc) {
        YamlMap producer = doc.map("producer");
        if (producer == null) {
            if (!doc.has("producer")) {
                doc.report("producer", "required (it writes the records of every workload), with at least " + PINNED_PRODUCER_KEYS);
            }
            return Map.of();
        }
        Map<String, String> values = producer.scalars();
        checkEach(producer, values, ClientProperties.PRODUCER);
        for (String pinned : PINNED_PRODUCER_KEYS) {
            if (!values.containsKey(pinned)) {
                producer.report(pinned, "must be set: defaults change between kafka-clients versions "
                        + "(linger.ms went from 0 to 5 in 4.0), and an unpinned default makes an upgrade look like a regression");
            }
        }
        return values;
    }

    /** The consumer section: refused for produce scenarios, optional otherwise. */
    static Map<String, String> consumer(YamlMap doc, WorkloadKind workload) {
        if (workload == WorkloadKind.PRODUCE && doc.has("consumer")) {
            doc.report("consumer", "only consume and end-to-end workloads have a consumer");
            return Map.of();
        }
        YamlMap consumer = doc.map("consumer");
        if (consumer == null) {
            return Map.of();
        }
        Map<String, String> values = consumer.scalars();
        checkEach(consumer, values, ClientProperties.CONSUMER);
        if (values.keySet().stream().allMatch(key -> ClientProperties.CONSUMER.problem(key, values.get(key)).isEmpty())) {
            ClientProperties.CONSUMER.combinationProblem(values).ifPresent(problem -> doc.report("consumer", problem));
        }
        return values;
    }


    /** One error per bad key, at its own line, with the nearest valid key when it looks like a typo. */
    private static void checkEach(YamlMap section, Map<String, String> values, ClientProperties client) {
        values.forEach((key, value) -> client.problem(key, value).ifPresent(problem -> section.report(key,
                problem + Spelling.nearest(key, client.names())
                        .filter(near -> !near.equals(key)).map(near -> " (did you mean '" + near + "'?)").orElse(""))));
    }
}
