package dev.kafkaperfgate.internal.paired.client;

import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.paired.workers.WorkerException;

import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Whether anyone changed a broker's, a topic's or a client's settings while the sides measured:
 * the brokers' own counts of the requests that do so ({@link BrokerJmx#SETTINGS_REQUESTS}), read
 * before a measurement and after it.
 *
 * <p>Why: both sides' clients reach the same broker, which has no authorizer, so the head's code
 * could lower the base's topic's {@code max.message.bytes}, set a quota on the base's client, or
 * add partitions to the base's topic, and be measured against a base it slowed. The gate sends
 * none of these requests while a side measures, so any one of them means a side's code did: the
 * scenario is not judged. Which side sent it the broker does not say.
 *
 * <pre>{@code
 * SettingsWatch watch = SettingsWatch.start(broker, console);
 * ... the windows ...
 * watch.check(scenario);   // throws when a settings request reached a broker meanwhile
 * }</pre>
 */
final class SettingsWatch {

    private final Optional<BrokerJmx> jmx;
    private final Map<String, Double> before;

    private SettingsWatch(Optional<BrokerJmx> jmx, Map<String, Double> before) {
        this.jmx = jmx;
        this.before = before;
    }

    /** Reads the counts now; a broker the gate cannot read (no JMX) is said once and not watched. */
    static SettingsWatch start(KafkaBroker broker, PrintStream console, String scenario) {
        Optional<BrokerJmx> jmx = broker.jmx();
        if (jmx.isEmpty()) {
            console.printf("[%s] the broker's JMX cannot be read here: whether a side changed a topic's or the broker's settings "
                    + "while the other measured is not checked%n", scenario);
            return new SettingsWatch(jmx, Map.of());
        }
        return new SettingsWatch(jmx, jmx.get().settingsRequests());
    }

    /**
     * @throws WorkerException naming no side, when any settings request reached a broker since
     *                         {@link #start}, or the broker no longer answers over JMX
     */
    void check(String scenario) {
        if (jmx.isEmpty()) {
            return;
        }
        Map<String, Double> after;
        try {
            after = jmx.get().settingsRequests();
        } catch (IllegalStateException e) {
            throw new WorkerException(null, scenario + ": whether a side changed the broker's settings cannot be read: "
                    + e.getMessage(), e);
        }
        changes(before, after).ifPresent(changes -> {
            throw new WorkerException(null, scenario + ": a client changed the broker's, a topic's or a client's settings while "
                    + "the sides measured (the brokers counted " + changes + "); the gate sends none of these then, so a side's code did, and this "
                    + "scenario is not judged", null);
        });
    }

    /** {@code IncrementalAlterConfigs ×2, AlterClientQuotas ×1}: the settings requests between two readings, if any. */
    static Optional<String> changes(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Long> sent = new TreeMap<>();
        after.forEach((request, count) -> {
            long delta = Math.round(count - before.getOrDefault(request, 0.0));
            if (delta > 0) {
                sent.put(request, delta);
            }
        });
        return sent.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", sent.entrySet().stream()
                .map(entry -> entry.getKey() + " ×" + entry.getValue()).toList()));
    }
}
