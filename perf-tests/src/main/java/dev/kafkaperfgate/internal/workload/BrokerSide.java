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

    private final Optional<BrokerJmx> jmx;
    private BrokerJmx.Snapshot before;

    private BrokerSide(Optional<BrokerJmx> jmx) {
        this.jmx = jmx;
    }

    public static BrokerSide of(KafkaBroker broker) {
        return new BrokerSide(broker.jmx());
    }

    public void begin() {
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
