package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.BrokerPool;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.environment.GateCode;
import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.spec.FaultSpec;
import dev.kafkaperfgate.internal.trogdor.TrogdorAgents;
import dev.kafkaperfgate.internal.trogdor.TrogdorSettings;
import dev.kafkaperfgate.internal.trogdor.fault.TrogdorPartition;
import dev.kafkaperfgate.internal.trogdor.fault.TrogdorPause;
import dev.kafkaperfgate.internal.workload.ScenarioFailedException;
import dev.kafkaperfgate.internal.workload.fault.FaultTrial;
import dev.kafkaperfgate.internal.workload.fault.TimedFault;

import java.io.File;
import java.io.PrintStream;
import java.util.List;

/**
 * A stored run's Trogdor: the coordinator and agents its trogdor scenarios share (started at the
 * first that needs them, or an existing coordinator's), and each timed fault's carrier. Closed
 * when the run's scenarios are over; an existing coordinator is left as it was.
 */
final class RunTrogdor implements AutoCloseable {

    private final TrogdorSettings settings;
    private final List<Scenario> scenarios;
    private final BrokerPool brokers;
    private final PrintStream console;
    private TrogdorAgents agents;

    RunTrogdor(TrogdorSettings settings, List<Scenario> scenarios, BrokerPool brokers, PrintStream console) {
        this.settings = settings;
        this.scenarios = List.copyOf(scenarios);
        this.brokers = brokers;
        this.console = console;
    }

    /**
     * The carrier of a scenario's pause-broker or partition-broker fault, for one measurement; none
     * for other scenarios. A pause: Trogdor's ProcessStopFault on the first agent of the run's
     * Trogdor, which must run on this machine, beside the process cluster whose JVM it freezes. A
     * partition: Trogdor's NetworkPartitionFault, on a coordinator and one agent per broker inside
     * that broker's network namespace, started for this cluster and stopped with the carrier.
     */
    FaultCarrier faultCarrier(Scenario scenario, KafkaBroker broker) {
        FaultSpec fault = scenario.produce().fault();
        if (fault == null || !fault.kind().timed()) {
            return new FaultCarrier(null, null);
        }
        if (settings.coordinator() != null) {
            throw new ScenarioFailedException("[" + scenario.name() + "] " + fault.action() + " acts on a broker the gate started, "
                    + "through Trogdor agents of this machine, and -Dperf.trogdor.coordinator names another Trogdor: run the fault "
                    + "scenarios without it (the gate then starts its own coordinator and agents here)", null);
        }
        if (fault.kind() == FaultSpec.Kind.PAUSE) {
            TrogdorAgents run = agents();
            return new FaultCarrier(new TrogdorPause(run.coordinator(), run.agents().get(0)), null);
        }
        List<BrokerNodes.NetworkNamespace> namespaces = FaultTrial.partitionNamespaces(broker, "[" + scenario.name() + "] ");
        TrogdorPartition.requireTools();
        TrogdorAgents partition = TrogdorAgents.startInNamespaces(namespaces, classpath(), console);
        return new FaultCarrier(new TrogdorPartition(partition), partition);
    }

    /** A timed fault's carrier, and the Trogdor started for it alone (closed with it), if any. */
    record FaultCarrier(TimedFault fault, TrogdorAgents owned) implements AutoCloseable {
        @Override
        public void close() {
            if (owned != null) {
                owned.close();
            }
        }
    }

    /** Trogdor's JVMs' classpath: the gate's jars and the team's first, then Kafka's Trogdor jars. */
    private String classpath() {
        return GateCode.first(ThisJvm.classPath()) + File.pathSeparator + brokers.kafkaClasspath();
    }

    /**
     * The run's Trogdor, started (or reached) at its first trogdor scenario and kept for the
     * others: a coordinator and as many agents as the run's scenarios ask for at most.
     */
    TrogdorAgents agents() {
        if (agents == null) {
            if (settings.coordinator() != null) {
                agents = TrogdorAgents.existing(settings.coordinator(), settings.agents());
            } else {
                int count = scenarios.stream().filter(scenario -> scenario.trogdor() != null)
                        .mapToInt(scenario -> scenario.trogdor().agents()).max().orElse(1);
                agents = TrogdorAgents.startLocal(count, classpath(), console);
            }
        }
        return agents;
    }

    @Override
    public void close() {
        if (agents != null) {
            agents.close();
            agents = null;
        }
    }
}
