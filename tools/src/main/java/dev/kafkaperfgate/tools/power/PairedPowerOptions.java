package dev.kafkaperfgate.tools.power;

import dev.kafkaperfgate.internal.settings.ClientDesign;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code power paired}'s options, typed; {@link #call} runs {@link PairedPower}. */
@Command(name = "paired", mixinStandardHelpOptions = true,
        description = {"Paired mode's power: A/A measurements of the PR suite's two produce scenarios (every second round beside "
                + "a one-core busy loop), then injected head-side regressions, each sized by probes first; every flag measured "
                + "again on a fresh pair of worker JVMs, as the gate confirms.",
                "About 2.5 minutes per measurement on a 2-core machine; pinned as a paired gate run is by default."})
public final class PairedPowerOptions implements Callable<Integer> {
    @Option(names = "--scenarios", defaultValue = "perf-tests/scenarios", description = "the PR suite's scenario files (default: ${DEFAULT-VALUE})")
    Path scenarios;
    @Option(names = "--out", defaultValue = "perf-tests/target/gate-power-paired.json", description = "rows as JSON (default: ${DEFAULT-VALUE})")
    Path out;
    @Option(names = "--aa-rounds", defaultValue = "4", description = "A/A rounds, every second one beside a busy loop (default: ${DEFAULT-VALUE})")
    int aaRounds;
    @Option(names = "--repeats", defaultValue = "3", description = "measurements per injected kind (default: ${DEFAULT-VALUE})")
    int repeats;
    @Option(names = "--blocks", defaultValue = "8", description = "ABBA blocks per measurement (default: ${DEFAULT-VALUE}, the gate's)")
    int blocks;
    @Option(names = "--probe-blocks", defaultValue = "4", description = "blocks per sizing probe (default: ${DEFAULT-VALUE})")
    int probeBlocks;
    @Option(names = "--probe-steps", defaultValue = "4", description = "sizing probes at most (default: ${DEFAULT-VALUE})")
    int probeSteps;
    @Option(names = "--trial-seconds", defaultValue = "3", description = "trial length (default: ${DEFAULT-VALUE}, the gate's)")
    double trialSeconds;
    @Option(names = "--only", defaultValue = "throughput,cpu,alloc,p99", split = ",",
            description = "injected kinds to run: throughput, cpu, alloc, p99, or none for A/A only (default: ${DEFAULT-VALUE})")
    List<String> only;
    @Option(names = "--burn-10", defaultValue = "700", description = "starting burn (ns/record) for throughput -10%%")
    long burn10;
    @Option(names = "--burn-5", defaultValue = "600", description = "starting burn (ns/record) for throughput -5%%")
    long burn5;
    @Option(names = "--burn-cpu", defaultValue = "3300", description = "starting burn (ns/record) for CPU +10%%")
    long burnCpu;
    @Option(names = "--alloc", defaultValue = "420", description = "starting allocation (B/record) for allocation +10%%")
    int alloc;
    @Option(names = "--spike-ns", defaultValue = "1000000", description = "starting spike (ns, on 1 record in --spike-every) for p99 +25%%")
    long spikeNs;
    @Option(names = "--spike-every", defaultValue = "100",
            description = "the p99 spike stalls 1 record in this many (default: ${DEFAULT-VALUE}; 50 puts the p99 inside the stalled records rather than at their edge)")
    int spikeEvery;
    @Option(names = "--broker", defaultValue = "process", description = "broker mode (default: ${DEFAULT-VALUE})")
    String broker;
    @Option(names = "--broker-cpus", description = "as -Dperf.broker.cpus")
    String brokerCpus;
    @Option(names = "--client-cpus", description = "as -Dperf.client.cpus")
    String clientCpus;
    @Option(names = "--pin", description = "as -Dperf.paired.pin (false: unpinned)")
    String pin;
    @Option(names = "--neighbour", description = "measure the injected repeats beside a one-core busy loop (sized quietly first)")
    boolean neighbour;
    @Option(names = "--aa-scenarios", defaultValue = "producer-1k-acks1-unthrottled,producer-1k-acks1-20k", split = ",",
            description = "the scenarios of each A/A round, from the whole catalog (default: ${DEFAULT-VALUE})")
    List<String> aaScenarios;
    @Option(names = "--fixed-rate-scenario", defaultValue = "producer-1k-acks1-20k",
            description = "where the cpu, alloc and p99 injections are measured (default: ${DEFAULT-VALUE})")
    String fixedRateScenario;
    @Option(names = "--design", defaultValue = "windows",
            description = "windows (warm windows, the gate's default) or trials (a new client and topic per trial); default: ${DEFAULT-VALUE}")
    ClientDesign design;
    @Option(names = "--window-seconds", defaultValue = "1", description = "warm window length (default: ${DEFAULT-VALUE}, the gate's)")
    double windowSeconds;
    @Option(names = "--looks", defaultValue = "1", description = "looks while INCONCLUSIVE, --blocks more each (default: ${DEFAULT-VALUE})")
    int looks;
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        only.stream().filter(word -> !List.of("throughput", "cpu", "alloc", "p99", "none").contains(word)).findFirst()
                .ifPresent(word -> {
                    throw new CommandLine.ParameterException(spec.commandLine(), "--only takes throughput, cpu, alloc, p99 or none, got " + word);
                });
        PairedPower.run(this);
        return 0;
    }
}
