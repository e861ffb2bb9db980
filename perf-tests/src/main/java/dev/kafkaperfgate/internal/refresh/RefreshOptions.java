package dev.kafkaperfgate.internal.refresh;

import dev.kafkaperfgate.Defaults;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The refresh command's options, as {@code scripts/refresh-baselines.sh} documents them.
 *
 * @param window       runs kept per scenario; 0: the file's own window, else {@link Defaults#BASELINE_WINDOW}
 * @param only         merge only these scenarios (empty: every scenario of the run)
 * @param accept       scenarios whose history restarts from this run despite a changed experiment or environment
 * @param commit       the measured commit; {@code null}: summary.json's, else git's HEAD
 */
record RefreshOptions(Path results, Path baselines, String profile, int window, List<String> only, List<String> accept,
                      boolean overwriteCorrupt, String commit) {

    /** @throws IllegalArgumentException naming the option that is wrong */
    static RefreshOptions parse(String... args) {
        Path results = Path.of("perf-tests/target/perf-results");
        Path baselines = Path.of("baselines");
        String profile = null;
        int window = 0;
        List<String> only = List.of();
        List<String> accept = List.of();
        boolean overwriteCorrupt = false;
        String commit = null;
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        while (!rest.isEmpty()) {
            String option = rest.remove(0);
            if (option.equals("--overwrite-corrupt")) {
                overwriteCorrupt = true;
                continue;
            }
            if (rest.isEmpty()) {
                throw new IllegalArgumentException(option + " needs a value (see --help)");
            }
            String value = rest.remove(0);
            switch (option) {
                case "--results" -> results = Path.of(value);
                case "--baselines" -> baselines = Path.of(value);
                case "--profile" -> profile = value;
                case "--window" -> window = window(value);
                case "--only" -> only = List.of(value.split(","));
                case "--accept" -> accept = List.of(value.split(","));
                case "--commit" -> commit = value;
                default -> throw new IllegalArgumentException("unknown option '" + option + "' (see --help)");
            }
        }
        if (!only.isEmpty() && !accept.isEmpty()) {
            throw new IllegalArgumentException("--only and --accept do not combine: --accept merges only the scenarios it names");
        }
        return new RefreshOptions(results, baselines, profile, window, only, accept, overwriteCorrupt, commit);
    }

    private static int window(String value) {
        if (!value.matches("[1-9][0-9]{0,3}")) {
            throw new IllegalArgumentException("--window must be a whole number of 1..9999, got '" + value + "'");
        }
        return Integer.parseInt(value);
    }

    /** The scenarios named by --only or --accept; empty when neither was given. */
    List<String> named() {
        return accept.isEmpty() ? only : accept;
    }
}
