package dev.kafkaperfgate.internal.verdict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a scenario definition (a result file's {@code definition} block) into the two parts a
 * verdict treats differently:
 *
 * <ul>
 *   <li><b>the subject</b>: what a team's pull request changes and the gate exists to judge: the
 *       producer and consumer settings (with the team's serializers, interceptors and
 *       partitioner), the producer factory (its wrapper), MirrorMaker 2's own settings in a
 *       mirror scenario, and the kafka-clients version. A change
 *       here gets a verdict, with the change named beside it.</li>
 *   <li><b>the experiment</b>: everything else (workload, topic, record shape, rate, warm-up,
 *       trials). Figures of two experiments are not comparable, so a change here is a MISMATCH.</li>
 * </ul>
 *
 * {@code definitionSha256} is the hash of the experiment alone: what a baseline must match.
 */
public final class DefinitionParts {

    /** The definition's top-level keys that make up the subject. */
    public static final List<String> SUBJECT = List.of("producer", "consumer", "producerFactory", "kafkaClients", "mirror");

    private DefinitionParts() {
    }

    /** A copy of {@code definition} without the subject's keys. */
    public static ObjectNode experiment(ObjectNode definition) {
        ObjectNode experiment = definition.deepCopy();
        experiment.remove(SUBJECT);
        return experiment;
    }

    /** The subject's settings that differ, e.g. {@code producer.batch.size: 16384 → 8192}. */
    public static List<String> subjectChanges(JsonNode baseline, JsonNode current) {
        return split(baseline, current, true);
    }

    /** The experiment's settings that differ, e.g. {@code recordSize: 1024 → 512}. */
    public static List<String> experimentChanges(JsonNode baseline, JsonNode current) {
        return split(baseline, current, false);
    }

    private static List<String> split(JsonNode baseline, JsonNode current, boolean subject) {
        List<String> changes = new ArrayList<>();
        for (String change : DefinitionDiff.between(baseline, current)) {
            String top = change.substring(0, change.indexOf(':'));
            int dot = top.indexOf('.');
            boolean inSubject = SUBJECT.contains(dot < 0 ? top : top.substring(0, dot));
            if (inSubject == subject) {
                changes.add(change);
            }
        }
        return changes;
    }
}
