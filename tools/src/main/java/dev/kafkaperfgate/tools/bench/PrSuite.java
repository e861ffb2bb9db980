package dev.kafkaperfgate.tools.bench;

import dev.kafkaperfgate.internal.scenario.Scenario;
import dev.kafkaperfgate.internal.scenario.ScenarioCatalog;

import java.nio.file.Path;

/**
 * The PR suite the power tools judge at: its comparisons are counted from its scenario files, as
 * the gate counts them, so a scenario or metric added to the suite moves every tool's α with it.
 */
public final class PrSuite {

    /** The suite's scenario files, relative to the repository's root (the wrapper scripts pass it absolute). */
    public static final String SCENARIOS = "perf-tests/scenarios";

    private PrSuite() {
    }

    /** The comparisons of the {@code pr}-tagged scenarios in {@code scenarios}: each one's judged metrics. */
    public static int comparisons(Path scenarios) {
        return ScenarioCatalog.load(scenarios).select("pr", null).stream().mapToInt(Scenario::comparisons).sum();
    }
}
