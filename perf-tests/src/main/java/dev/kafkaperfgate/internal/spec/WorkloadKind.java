package dev.kafkaperfgate.internal.spec;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a scenario measures; {@link #key()} is how scenario files and result files spell it. */
public enum WorkloadKind {
    /** A producer, as kafka-producer-perf-test runs it: throughput and ack latency. */
    PRODUCE("produce"),
    /** A consumer group reading a pre-loaded topic, as kafka-consumer-perf-test runs it. */
    CONSUME("consume"),
    /** A producer at a fixed rate and a consumer in the same JVM: send-to-receive latency. */
    END_TO_END("end-to-end"),
    /**
     * A producer at a fixed rate into a source cluster, MirrorMaker 2 replicating to a target
     * cluster, and a consumer on the target: replication lag, send to read at the target.
     */
    MIRROR("mirror");

    private final String key;

    WorkloadKind(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Optional<WorkloadKind> forKey(String key) {
        return Arrays.stream(values()).filter(kind -> kind.key.equals(key)).findFirst();
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(WorkloadKind::key).toList();
    }
}
