package dev.kafkaperfgate.internal.workload.endtoend;

import dev.kafkaperfgate.internal.figures.ProduceResult;
import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.figures.WarmupSummary;
import dev.kafkaperfgate.internal.workload.ClientConfigs;
import dev.kafkaperfgate.internal.workload.InjectedCost;
import dev.kafkaperfgate.internal.workload.NanoClock;
import dev.kafkaperfgate.internal.workload.WarmClient;
import dev.kafkaperfgate.internal.workload.produce.ProduceWorkload;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WorkloadKind;
import org.apache.kafka.clients.consumer.KafkaConsumer;

import java.io.PrintStream;
import java.util.Map;

/**
 * Runs an end-to-end scenario: the produce workload at its fixed rate, every record stamped with
 * its send time, and an {@link EndToEndReader} in the same JVM. Unlike Kafka's EndToEndLatency
 * tool, which sends one record at a time and rounds to milliseconds, this holds a real rate and
 * records microseconds into HdrHistogram.
 *
 * <pre>{@code
 * ProduceResult result = new EndToEndWorkload(broker, System.out, NanoClock.SYSTEM, null, InjectedCost.NONE)
 *         .run(scenario, Map.of("fetch.min.bytes", "1"), topic);
 * result.trials().get(0).endToEnd().getValueAtPercentile(99.9);
 * }</pre>
 */
public final class EndToEndWorkload {

    private final KafkaBroker broker;
    private final PrintStream console;
    private final NanoClock clock;
    private final CpuSet clientCpus;
    private final InjectedCost injection;

    /** @param clientCpus the CPUs the client JVM is pinned to, recorded in the result; {@code null} if unpinned */
    /** @param injection a cost put into the producer on purpose, to prove the gate; {@link InjectedCost#NONE} normally */
    public EndToEndWorkload(KafkaBroker broker, PrintStream console, NanoClock clock, CpuSet clientCpus, InjectedCost injection) {
        this.injection = injection;
        this.broker = broker;
        this.console = console;
        this.clock = clock;
        this.clientCpus = clientCpus;
    }

    /**
     * @param scenario the records and the rate; must be rate-limited
     * @param consumer consumer properties, Kafka's own keys
     * @param topic    an existing topic, created for this scenario, empty
     * @throws dev.kafkaperfgate.internal.workload.ScenarioFailedException when a send fails, or a record is not received exactly once in time
     */
    public ProduceResult run(ProduceScenario scenario, Map<String, String> consumer, String topic) {
        if (!scenario.isRateLimited()) {
            throw new IllegalArgumentException("scenario " + scenario.name() + ": an end-to-end scenario needs a target rate");
        }
        KafkaConsumer<Object, Object> kafkaConsumer = new KafkaConsumer<>(ClientConfigs.consumer(broker, consumer, topic + "-e2e"));
        try (EndToEndReader reader = new EndToEndReader(kafkaConsumer, topic, scenario.partitions(), scenario.trials() + 1,
                clock, Defaults.CONSUMER_STALL_TIMEOUT, "the consumer")) {
            ProduceResult result = new ProduceWorkload(broker, console, clock, clientCpus, injection, reader).run(scenario, topic);
            return result.as(WorkloadKind.END_TO_END, consumer);
        }
    }

    /**
     * Opens the scenario's producer and its reader on {@code topic} and keeps both for paired
     * mode's warm windows: each window's records are read before the next window starts, so the
     * reader's two slots take the windows in turn.
     *
     * @throws dev.kafkaperfgate.internal.workload.ScenarioFailedException when the codec cannot load
     */
    public WarmClient<TrialFigures> open(ProduceScenario scenario, Map<String, String> consumer, String topic) {
        if (!scenario.isRateLimited()) {
            throw new IllegalArgumentException("scenario " + scenario.name() + ": an end-to-end scenario needs a target rate");
        }
        KafkaConsumer<Object, Object> kafkaConsumer = new KafkaConsumer<>(ClientConfigs.consumer(broker, consumer, topic + "-e2e"));
        EndToEndReader reader = new EndToEndReader(kafkaConsumer, topic, scenario.partitions(), WINDOW_SLOTS, clock,
                Defaults.CONSUMER_STALL_TIMEOUT, "the consumer");
        try {
            ProduceWorkload.Session producer = new ProduceWorkload(broker, console, clock, clientCpus, injection, reader).open(scenario, topic);
            return new WarmClient<>() {
                @Override
                public WarmupSummary warmUp() {
                    return producer.warmUp();
                }

                @Override
                public TrialFigures measure(int window) {
                    return producer.measure(window);
                }

                @Override
                public void close() {
                    try {
                        producer.close();
                    } finally {
                        reader.close();
                    }
                }
            };
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** The reader's slots in warm windows: one window is read to its last record before the next starts. */
    private static final int WINDOW_SLOTS = 2;
}
