package dev.kafkaperfgate.tools.bench;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.ExternalBroker;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;

import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The harness's producer with the arguments of kafka-producer-perf-test's common case, for the
 * side-by-side benchmark: one trial, no warm-up (Kafka's tool has none), the same final line.
 */
@Command(name = "harness-producer", mixinStandardHelpOptions = true,
        description = "The harness's producer with kafka-producer-perf-test's common arguments (started by bench in a JVM of its own).")
public final class HarnessProducerMain implements Callable<Integer> {

    @Option(names = "--bootstrap-servers", required = true)
    String bootstrapServers;
    @Option(names = "--topic", required = true)
    String topic;
    @Option(names = "--num-records", defaultValue = "1000000")
    long numRecords;
    @Option(names = "--record-size", defaultValue = "1024")
    int recordSize;
    @Option(names = "--throughput", defaultValue = "-1", description = "records/s; -1: unthrottled")
    long throughput;
    @Option(names = "--acks", defaultValue = "1")
    String acks;
    @Option(names = "--compression-type", defaultValue = "none")
    String compressionType;
    @Option(names = "--payload-file", defaultValue = "", description = "values, one per non-empty line, instead of --record-size")
    String payloadFile;

    public static void main(String[] args) {
        System.exit(new CommandLine(new HarnessProducerMain()).execute(args));
    }

    @Override
    public Integer call() {
        BrokerSettings settings = BrokerSettings.from(GateSettings.of(new Properties())).withExternal(bootstrapServers, null);
        ProduceScenario.Builder builder = ProduceScenario.builder("harness")
                .recordsPerTrial(numRecords)
                .recordSize(recordSize)
                .recordsPerSecond(throughput < 0 ? ProduceScenario.UNLIMITED : throughput)
                .producerProperty("acks", acks)
                .producerProperty("compression.type", compressionType)
                .warmup(WarmupPolicy.NONE)
                .trials(1);
        // As kafka-producer-perf-test --payload-file: the file's lines are the values, instead of --record-size.
        if (!payloadFile.isEmpty()) {
            builder.payloadFile(Path.of(payloadFile));
        }
        ProduceScenario scenario = builder.build();
        try (KafkaBroker broker = ExternalBroker.connect(settings, "benchmark")) {
            new ProduceWorkload(broker, System.out).run(scenario, topic);
        }
        return 0;
    }
}
