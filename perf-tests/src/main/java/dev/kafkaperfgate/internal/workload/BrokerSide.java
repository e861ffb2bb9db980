package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.jmx.BrokerJmx;
import dev.kafkaperfgate.internal.broker.KafkaBroker;

import java.util.Map;
import java.util.Optional;

/**
 * The broker's side of each trial: its JMX read just before the trial and just after, outside
 * the measured time. Where the gate cannot read the broker (no JMX, a node a fault stopped, a
 * broker that stopped answering) the trial's broker side is empty: it explains, it is never judged,
 * so its absence fails nothing.
 *
 * <pre>{@code
 * BrokerSide side = BrokerSide.of(broker);
 * side.begin();  ... the trial ...  Map<String, Double> figures = side.end();
 * }</pre>
 */
public final class BrokerSide {

    private final KafkaBroker broker;
    private Optional<BrokerJmx> jmx = Optional.empty();
    private BrokerJmx.Snapshot before;

    private BrokerSide(KafkaBroker broker) {
        this.broker = broker;
    }

    public static BrokerSide of(KafkaBroker broker) {
        return new BrokerSide(broker);
    }

    /**
     * Reads the broker before a trial. The broker's JMX is asked for anew each trial, so a node a
     * fault restarted (a new process) is read again from the next trial on; both ends of one trial
     * use the same connection, so a trial across a restart is left out rather than mixing two processes' counts.
     */
    public void begin() {
        jmx = broker.jmx();
        before = jmx.map(BrokerSide::read).orElse(null);
    }

    /** What the broker counted since {@link #begin()}; empty when it could not be read at either end. */
    public Map<String, Double> end() {
        if (before == null) {
            return Map.of();
        }
        BrokerJmx.Snapshot after = read(jmx.get());
        return after == null ? Map.of() : after.since(before);
    }

    private static BrokerJmx.Snapshot read(BrokerJmx jmx) {
        try {
            return jmx.snapshot();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
