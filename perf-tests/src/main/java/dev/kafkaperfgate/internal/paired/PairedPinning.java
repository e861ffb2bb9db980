package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.settings.GateSettings;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.settings.CpuSet;
import dev.kafkaperfgate.internal.environment.CpuSplit;
import dev.kafkaperfgate.internal.environment.ProcessPinning;

import java.util.List;

/**
 * Where a paired run puts the broker and the two worker JVMs. Explicit {@code perf.broker.cpus}
 * and {@code perf.client.cpus} win; otherwise, unless {@code perf.paired.pin=false}, the broker
 * gets the first half of this process's CPUs and both workers the rest ({@link CpuSplit} says
 * why). Both workers share their half: they take turns, never run at once.
 *
 * @param broker  the broker's CPUs, or {@code null} for any
 * @param clients both workers' CPUs, or {@code null} for any
 * @param line    what the console says about it
 */
public record PairedPinning(CpuSet broker, CpuSet clients, String line) {

    /** The decision for this machine: its CPUs from /proc, and whether taskset is on the PATH. */
    public static PairedPinning forThisMachine(GateSettings settings) {
        return decide(settings, CpuSplit.allowedCpus(), ProcessPinning.available());
    }

    /**
     * @param allowedCpus the CPUs this process may run on, empty when unknown
     * @param taskset     whether processes can be pinned here at all
     */
    static PairedPinning decide(GateSettings settings, List<Integer> allowedCpus, boolean taskset) {
        CpuSet broker = settings.machine().brokerCpus().orElse(null);
        CpuSet clients = settings.machine().clientCpus().orElse(null);
        if (broker != null || clients != null) {
            return new PairedPinning(broker, clients, "paired: broker on CPUs " + (broker == null ? "any" : broker)
                    + ", both workers on CPUs " + (clients == null ? "any" : clients) + " (as -D" + GateProperties.BROKER_CPUS
                    + " and -D" + GateProperties.CLIENT_CPUS + " say)");
        }
        if (!settings.paired().pin()) {
            return new PairedPinning(null, null, "paired: unpinned (-D" + GateProperties.PAIRED_PIN + "=false)");
        }
        if (!taskset) {
            return new PairedPinning(null, null, "paired: unpinned: taskset (util-linux) is not on the PATH");
        }
        return CpuSplit.halvesOf(allowedCpus)
                .map(split -> new PairedPinning(split.broker(), split.clients(), "paired: broker pinned to CPUs " + split.broker()
                        + ", both workers to CPUs " + split.clients() + " (-D" + GateProperties.PAIRED_PIN + "=false to run unpinned)"))
                .orElseGet(() -> new PairedPinning(null, null, "paired: unpinned: this process may use "
                        + (allowedCpus.isEmpty() ? "an unknown set of CPUs" : allowedCpus.size() + " CPU") + ", too few to split"));
    }

    /** {@code settings} with the broker's CPUs set, for the broker's settings. */
    public GateSettings withBroker(GateSettings settings) {
        return broker == null ? settings : settings.withBrokerCpus(broker);
    }
}
