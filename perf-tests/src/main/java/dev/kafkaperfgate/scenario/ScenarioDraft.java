package dev.kafkaperfgate.scenario;

import dev.kafkaperfgate.workload.WarmupPolicy;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A scenario file's fields, each read and checked on its own; the sweep turns it into scenarios. */
record ScenarioDraft(String name, int nameLine, String description, List<String> tags, int partitions,
                     short replicationFactor, Map<String, String> topicConfigs, long records, Duration duration,
                     int recordSize, double compressibility, double rate, Map<String, String> producer,
                     WarmupPolicy warmup, int trials, Thresholds thresholds) {
}
