package dev.kafkaperfgate.internal.workload.fault;

import dev.kafkaperfgate.internal.figures.FaultFigures;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.send.DeliveryLedger;
import dev.kafkaperfgate.internal.workload.send.SendPhase;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import org.apache.kafka.common.TopicPartition;

import java.io.PrintStream;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One measured trial of a scenario with a {@code fault}: the send loop runs with a
 * {@link DeliveryLedger} while a {@link FaultInjector} stops the broker; afterwards the broker is
 * back, the topic is read back, and every acknowledged record is accounted for.
 *
 * <p>With {@code acks=all} (or -1) an acknowledged record that is missing fails the scenario:
 * that is the guarantee the setting buys, and a gate that measured it must not pass its breach.
 * With acks 0 or 1 losses are what the setting risks; they are reported, not failed.
 */
public final class FaultTrial {

    private final KafkaBroker broker;
    private final ProduceScenario scenario;
    private final String topic;
    private final PrintStream console;
    private final String label;
    private final TimedFault timedFault;
    private final DeliveryLedger ledger = new DeliveryLedger();
    private FaultInjector.Times times;
    private TrialReadBack.Tally tally;

    /** @param timedFault the run's carrier of a pause-broker or partition-broker fault, {@code null} when it has none */
    public FaultTrial(KafkaBroker broker, ProduceScenario scenario, String topic, PrintStream console, String label,
                      TimedFault timedFault) {
        this.broker = broker;
        this.timedFault = timedFault;
        this.scenario = scenario;
        this.topic = topic;
        this.console = console;
        this.label = label;
    }

    /**
     * Every node's own network namespace, in node order, for a partition-broker fault's carrier.
     *
     * @throws ScenarioFailedException naming the node that has none (a process cluster's share this machine's)
     */
    public static List<BrokerNodes.NetworkNamespace> partitionNamespaces(KafkaBroker broker, String label) {
        return namespaces(broker, label);
    }

    /** Runs {@code sendLoop} with the fault and the ledger; returns once the cluster has recovered and the topic was read back. */
    public SendPhase.Outcome run(Function<DeliveryLedger, SendPhase.Outcome> sendLoop) {
        Map<TopicPartition, Long> begin = TrialReadBack.endOffsets(broker, topic, scenario.partitions());
        SendPhase.Outcome outcome;
        try (FaultInjector injector = FaultInjector.arm(broker, scenario.fault(), topic, console, label, timedFault)) {
            injector.begin(System.nanoTime());
            outcome = sendLoop.apply(ledger);
            times = injector.finish();
        }
        ledger.finish(outcome.endNanos());
        long answered = ledger.ackedCount() + ledger.refusedCount();
        if (answered != outcome.sent()) {
            throw new ScenarioFailedException(label + outcome.sent() + " records sent but " + answered
                    + " acknowledged or refused", null);
        }
        tally = TrialReadBack.read(broker, topic, begin, Defaults.FAULT_READ_BACK_TIMEOUT);
        return outcome;
    }

    /**
     * The trial's fault figures.
     *
     * @throws ScenarioFailedException when acknowledged records were lost under acks=all
     */
    public FaultFigures figures(SendPhase.Outcome outcome) {
        BitSet lost = ledger.ackedBut(tally.seen());
        int buckets = (int) Math.ceil((outcome.endNanos() - outcome.startNanos()) / (double) DeliveryLedger.BUCKET_NANOS);
        Exception refusal = ledger.firstRefusal();
        FaultFigures figures = new FaultFigures(scenario.fault().action(), scenario.fault().target(), times.brokerId(),
                times.isrBefore(), times.stopNanos() / 1_000_000, times.stoppedNanos() / 1_000_000,
                times.restartNanos() < 0 ? -1 : times.restartNanos() / 1_000_000, ledger.maxGapNanos() / 1e6,
                ledger.maxGapEndNanos() / 1e6, ledger.ackedCount(), ledger.refusedCount(),
                refusal == null ? null : refusal.toString(), lost.cardinality(), tally.duplicates(),
                DeliveryLedger.BUCKET_NANOS / 1_000_000, ledger.acksPerBucket(buckets), ledger.maxLatencyMicrosPerBucket(buckets),
                times.isrChanges());
        String acks = scenario.producer().getOrDefault("acks", "all").trim();
        if (figures.lost() > 0 && (acks.equals("all") || acks.equals("-1"))) {
            throw new ScenarioFailedException(label + figures.lost() + " acknowledged records were lost with acks=" + acks
                    + " (first missing: record " + lost.nextSetBit(0) + " of the trial): " + figures.line(), null);
        }
        return figures;
    }

    /**
     * Every node's own network namespace, in node order: a partition's rules go into each, and the
     * last resort heals each.
     *
     * @throws ScenarioFailedException when a node has none (a process cluster shares this machine's)
     */
    private static List<BrokerNodes.NetworkNamespace> namespaces(KafkaBroker broker, String label) {
        List<BrokerNodes.NetworkNamespace> all = new java.util.ArrayList<>();
        for (int id = 1; id <= broker.info().brokers(); id++) {
            int nodeId = id;
            all.add(broker.nodes().flatMap(nodes -> nodes.networkNamespace(nodeId)).orElseThrow(() -> new ScenarioFailedException(label
                    + "partition-broker cuts a broker off with firewall rules inside its own network namespace, and broker " + nodeId
                    + " of this " + broker.info().mode() + " cluster has none of its own: use a container cluster (-Dperf.broker=container)",
                    null)));
        }
        return all;
    }
}
