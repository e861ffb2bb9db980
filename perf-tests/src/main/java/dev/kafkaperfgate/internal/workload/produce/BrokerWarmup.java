package dev.kafkaperfgate.internal.workload.produce;

import dev.kafkaperfgate.internal.figures.TrialFigures;
import dev.kafkaperfgate.internal.broker.GateTopics;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.WarmupPolicy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Warms a freshly started broker once, before its first scenario: unthrottled 1 KiB records to
 * a throwaway topic, never measured. A fresh broker keeps climbing for tens of seconds (see
 * {@link dev.kafkaperfgate.internal.settings.Defaults#BROKER_WARMUP}); without this, the first scenario of a suite
 * would measure the broker's JIT instead of the client.
 */
public final class BrokerWarmup {

    private BrokerWarmup() {
    }

    /** @param duration how long to send; zero skips the warm-up */
    public static void run(KafkaBroker broker, Duration duration, PrintStream console) {
        if (duration.isZero()) {
            return;
        }
        ProduceScenario scenario = ProduceScenario.builder("broker-warmup")
                .recordSize(1024)
                .trialDuration(duration)
                .warmup(WarmupPolicy.NONE)
                .trials(1)
                .producerProperty("acks", "1")
                .build();
        try (GateTopics topics = new GateTopics(broker)) {
            String topic = topics.create(scenario.name(), 1, (short) 1, Map.of());
            PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
            TrialFigures figures = new ProduceWorkload(broker, quiet).run(scenario, topic).trials().get(0);
            console.printf(Locale.ROOT, "[kafka-perf-gate] broker warm-up: %d records in %.1f s (not measured)%n",
                    figures.records(), figures.durationNanos() / 1e9);
        }
    }
}
