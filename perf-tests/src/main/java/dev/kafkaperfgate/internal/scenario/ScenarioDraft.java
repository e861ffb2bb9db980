package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.spec.MirrorSpec;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import dev.kafkaperfgate.internal.spec.RecordSourceSpec;
import dev.kafkaperfgate.internal.spec.TrogdorSpec;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** A scenario file's fields, each read and checked on its own; the sweep turns it into scenarios. */
record ScenarioDraft(String name, int nameLine, String description, List<String> tags, WorkloadKind workload,
                     int brokers, int partitions, short replicationFactor, Map<String, String> topicConfigs, long records,
                     Duration duration, int recordSize, Path payloadFile, RecordSourceSpec recordSource,
                     double compressibility, double rate, Map<String, String> producer, String producerFactory,
                     Map<String, String> consumer, WarmupPolicy warmup, int trials,
                     Thresholds thresholds, FaultSpec fault, NetworkSpec network, MirrorSpec mirror,
                     TrogdorSpec trogdor) {
}
