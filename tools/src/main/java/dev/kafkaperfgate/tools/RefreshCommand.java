package dev.kafkaperfgate.tools;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.refresh.RefreshBaselines;
import dev.kafkaperfgate.internal.refresh.RefreshOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code refresh}: merges a completed gate run into {@code baselines/<profile>/<machine class>/}.
 * The work is the library's ({@link RefreshBaselines}, the one writer of baseline files); this
 * command only turns its options into typed values.
 */
@Command(name = "refresh", mixinStandardHelpOptions = true,
        description = {"Merge a completed gate run into baselines/<profile>/<machine class>/: append the run to each scenario's "
                + "history and drop the oldest runs beyond the window.",
                "Refuses (nothing written) a run that is incomplete, has errors, carries an injected regression, belongs to another "
                        + "profile or misses a scenario it names; names that would leave the baselines folder; a scenario whose "
                        + "baseline can no longer judge it (unless --accept names it); a baseline file the gate cannot read (unless "
                        + "--overwrite-corrupt). Every new file is staged and read back before the first is replaced."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:merged", "1:refused, with one line naming the file and the cause", "2:a usage error"})
final class RefreshCommand implements Callable<Integer> {

    @Option(names = "--results", paramLabel = "DIR", defaultValue = "perf-tests/target/perf-results",
            description = "the run's results: summary.json and one JSON per scenario (default: ${DEFAULT-VALUE})")
    Path results;

    @Option(names = "--baselines", paramLabel = "DIR", defaultValue = "baselines", description = "default: ${DEFAULT-VALUE}")
    Path baselines;

    @Option(names = "--profile", paramLabel = "NAME", description = "refuse the run unless it was measured for this profile")
    String profile;

    @Option(names = "--window", paramLabel = "K",
            description = "runs kept per scenario, 1..9999 (default: the file's own window, else " + Defaults.BASELINE_WINDOW + ")")
    Integer window;

    @Option(names = "--only", paramLabel = "A,B", split = ",", description = "merge only these scenarios (each must be in the run)")
    List<String> only = List.of();

    @Option(names = "--accept", paramLabel = "A,B", split = ",",
            description = "accept an intended change: these scenarios' histories restart from this run, even when their "
                    + "experiment or environment changed (merges only them)")
    List<String> accept = List.of();

    @Option(names = "--overwrite-corrupt", description = "replace baseline files that cannot be read (otherwise refused)")
    boolean overwriteCorrupt;

    @Option(names = "--commit", paramLabel = "SHA", description = "the measured commit, when summary.json does not say (default: git HEAD)")
    String commit;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (window != null && (window < 1 || window > 9999)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--window must be a whole number of 1..9999, got " + window);
        }
        if (!only.isEmpty() && !accept.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--only and --accept do not combine: --accept merges only the scenarios it names");
        }
        RefreshOptions options = new RefreshOptions(results, baselines, profile, window == null ? 0 : window, only, accept,
                overwriteCorrupt, commit);
        try {
            RefreshBaselines.run(options, System.out);
            return 0;
        } catch (RefreshBaselines.RefusedException e) {
            System.err.println("refresh-baselines: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            System.err.println("refresh-baselines: " + e);
            return 1;
        }
    }
}
