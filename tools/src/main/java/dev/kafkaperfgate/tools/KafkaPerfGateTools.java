package dev.kafkaperfgate.tools;

import dev.kafkaperfgate.tools.bench.GatePower;
import dev.kafkaperfgate.tools.bench.SideBySide;
import dev.kafkaperfgate.tools.bench.WarmupProbe;
import dev.kafkaperfgate.tools.power.PairedPowerOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The one command line of the tools: {@code kafka-perf-gate-tools <command> [options]}, each
 * command with {@code --help}. The scripts under {@code scripts/} build this module and call it.
 *
 * <p>Exit codes: 0 done; 1 the tool's own refusal or failure (invalid scenarios, a refused
 * refresh); 2 a usage error (an unknown option, a bad value), named in one line.
 */
@Command(name = "kafka-perf-gate-tools", mixinStandardHelpOptions = true, version = "kafka-perf-gate-tools 0.1.0",
        description = "The tools of kafka-perf-gate: check scenario files, merge a run into baselines/, and the benchmarks.",
        subcommands = {ValidateCommand.class, RefreshCommand.class, ExportCommand.class, SideBySide.class, KafkaPerfGateTools.PowerCommand.class, WarmupProbe.class,
                CommandLine.HelpCommand.class})
public final class KafkaPerfGateTools implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line with every subcommand; tests run it in process. */
    public static CommandLine commandLine() {
        return new CommandLine(new KafkaPerfGateTools()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: validate, refresh, export, bench, power or warmup");
    }

    /** {@code power}: the gate's power on this machine, stored mode or paired. */
    @Command(name = "power", mixinStandardHelpOptions = true,
            description = "Measure the gate's own power on this machine (a benchmark, not a test).",
            subcommands = {GatePower.class, PairedPowerOptions.class, dev.kafkaperfgate.tools.power.ComponentPower.class,
                    dev.kafkaperfgate.tools.power.DilutionProbe.class, dev.kafkaperfgate.tools.power.ProducerProbe.class})
    static final class PowerCommand implements Runnable {

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            throw new CommandLine.ParameterException(spec.commandLine(), "name a mode: stored, paired or components");
        }
    }
}
