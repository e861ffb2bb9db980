package dev.kafkaperfgate.internal.bench;

import dev.kafkaperfgate.internal.broker.BrokerSettings;
import dev.kafkaperfgate.internal.broker.ExternalBroker;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;
import dev.kafkaperfgate.internal.workload.ProduceWorkload;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The harness's producer with the arguments of kafka-producer-perf-test's common case, for the
 * side-by-side benchmark: one trial, no warm-up (Kafka's tool has none), the same final line.
 */
public final class HarnessProducerMain {

    private HarnessProducerMain() {
    }

    public static void main(String[] args) {
        BenchArgs options = new BenchArgs(args, Map.of("bootstrap-servers", "", "topic", "", "num-records", "1000000",
                "record-size", "1024", "throughput", "-1", "acks", "1", "compression-type", "none", "payload-file", ""));
        BrokerSettings settings = BrokerSettings.from(new Properties()).withExternal(options.text("bootstrap-servers"), null);
        long throughput = options.number("throughput");
        ProduceScenario.Builder builder = ProduceScenario.builder("harness")
                .recordsPerTrial(options.number("num-records"))
                .recordSize((int) options.number("record-size"))
                .recordsPerSecond(throughput < 0 ? ProduceScenario.UNLIMITED : throughput)
                .producerProperty("acks", options.text("acks"))
                .producerProperty("compression.type", options.text("compression-type"))
                .warmup(WarmupPolicy.NONE)
                .trials(1);
        // As kafka-producer-perf-test --payload-file: the file's lines are the values, instead of --record-size.
        if (!options.text("payload-file").isEmpty()) {
            builder.payloadFile(Path.of(options.text("payload-file")));
        }
        ProduceScenario scenario = builder.build();
        try (KafkaBroker broker = ExternalBroker.connect(settings, "benchmark")) {
            new ProduceWorkload(broker, System.out).run(scenario, options.text("topic"));
        }
    }
}
