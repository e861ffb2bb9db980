package dev.kafkaperfgate.internal.paired.workers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import dev.kafkaperfgate.internal.worker.PairedWorker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A scenario as one side's own parser described it: enough for the coordinator to create its
 * topics and to judge it, without loading the side's classes.
 */
public record CatalogEntry(String name, Path file, WorkloadKind workload, List<String> tags, Thresholds thresholds, int brokers,
                    int partitions, short replicationFactor, Map<String, String> topicConfigs, boolean windows) {

    public static List<CatalogEntry> fromReply(JsonNode reply) {
        List<CatalogEntry> entries = new ArrayList<>();
        for (JsonNode node : reply.path("scenarios")) {
            List<String> tags = new ArrayList<>();
            node.path("tags").forEach(tag -> tags.add(tag.asText()));
            Map<String, String> configs = new TreeMap<>();
            node.path("topicConfigs").fields().forEachRemaining(field -> configs.put(field.getKey(), field.getValue().asText()));
            entries.add(new CatalogEntry(node.path("name").asText(), Path.of(node.path("file").asText()),
                    WorkloadKind.forKey(node.path("workload").asText()).orElseThrow(() -> new WorkerException("unknown workload in a catalog reply: " + node)), List.copyOf(tags), PairedWorker.thresholds(node.path("thresholds")),
                    // A base from before clusters names no brokers: its scenarios all ran on one.
                    node.path("brokers").asInt(1), node.path("partitions").asInt(1), (short) node.path("replicationFactor").asInt(1), Map.copyOf(configs),
                    node.path("windows").asBoolean(false)));
        }
        return entries;
    }
}
