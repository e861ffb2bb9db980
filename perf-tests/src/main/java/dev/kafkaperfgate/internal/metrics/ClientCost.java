package dev.kafkaperfgate.internal.metrics;

import java.util.Map;

/**
 * What the client spent per record during a trial, from the JVM's own accounting and the
 * client's metrics. Unlike throughput, these barely move when a neighbour takes CPU: measured
 * with Kafka's own producer tool, a busy loop on one core cut throughput by 25% while CPU per
 * record moved under 2%. A slower serializer or wrapper shows here first.
 *
 * @param cpuNsPerRecord      CPU time of every client JVM thread (the sending thread, the
 *                            producer's network thread, a consumer's threads), nanoseconds per record
 * @param allocBytesPerRecord bytes those threads allocated, per record
 * @param wireBytesPerRecord  bytes the client sent (producer) or received (consumer) on the network, per record
 * @param recordsPerRequest   records per produce request (producer) or per fetch (consumer)
 * @param client              the client's own metrics at the trial's end, by Kafka's name
 *                            ({@code records-per-request-avg}, {@code batch-size-avg}, ...): what explains a diff, not judged
 * @param ioAllocBytesPerRecord the part of {@code allocBytesPerRecord} the producer's I/O threads
 *                            ({@code kafka-producer-network-thread}) allocated; NaN where not measured.
 *                            It moves about 10% between JVMs at the same batching (escape analysis
 *                            in the request path), where the threads that call the client agree to 0.3%
 */
public record ClientCost(double cpuNsPerRecord, double allocBytesPerRecord, double wireBytesPerRecord,
                         double recordsPerRequest, Map<String, Double> client, double ioAllocBytesPerRecord) {

    public ClientCost {
        client = Map.copyOf(client);
    }

    /** Without the I/O threads' share. */
    public ClientCost(double cpuNsPerRecord, double allocBytesPerRecord, double wireBytesPerRecord, double recordsPerRequest,
                      Map<String, Double> client) {
        this(cpuNsPerRecord, allocBytesPerRecord, wireBytesPerRecord, recordsPerRequest, client, Double.NaN);
    }

    /** Without the client's own metrics (a wrapper whose {@code metrics()} is empty). */
    public ClientCost(double cpuNsPerRecord, double allocBytesPerRecord, double wireBytesPerRecord, double recordsPerRequest) {
        this(cpuNsPerRecord, allocBytesPerRecord, wireBytesPerRecord, recordsPerRequest, Map.of());
    }

    /** One client's part of a cost several clients ran up together: the records it handled and what it spent on them. */
    public record Share(long records, ClientCost cost) {
    }

    /**
     * What several clients spent together (Trogdor's agents in one trial): each per-record figure
     * weighted by the records each handled; records per request the ratio of the sums (each
     * client's requests are its records over its records per request). Without the clients' own
     * metrics, which do not add up.
     */
    public static ClientCost combined(java.util.List<Share> shares) {
        double records = 0;
        double requests = 0;
        double cpu = 0;
        double alloc = 0;
        double wire = 0;
        for (Share share : shares) {
            records += share.records();
            requests += share.records() / share.cost().recordsPerRequest();
            cpu += share.cost().cpuNsPerRecord() * share.records();
            alloc += share.cost().allocBytesPerRecord() * share.records();
            wire += share.cost().wireBytesPerRecord() * share.records();
        }
        return new ClientCost(cpu / records, alloc / records, wire / records, records / requests);
    }
}
