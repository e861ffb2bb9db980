package dev.kafkaperfgate.internal.baseline;

import dev.kafkaperfgate.internal.figures.Ruler;
import dev.kafkaperfgate.internal.figures.RunFigures;

/**
 * One accepted run in a baseline's history.
 *
 * @param commit  the commit that was measured
 * @param date    when (ISO-8601)
 * @param runId   the CI run (e.g. GitHub's run id) or a local run's id
 * @param ruler   the machine's ruler in that run
 * @param figures what the gate compares
 */
public record BaselineRun(String commit, String date, String runId, Ruler ruler, RunFigures figures) {
}
