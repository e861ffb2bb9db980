package dev.kafkaperfgate.internal.refresh;

import dev.kafkaperfgate.internal.settings.Defaults;
import java.nio.file.Path;
import java.util.List;

/**
 * The refresh's options, typed (the tools' {@code refresh} command parses them).
 *
 * @param window       runs kept per scenario; 0: the file's own window, else {@link Defaults#BASELINE_WINDOW}
 * @param only         merge only these scenarios (empty: every scenario of the run)
 * @param accept       scenarios whose history restarts from this run despite a changed experiment or environment
 * @param commit       the measured commit; {@code null}: summary.json's, else git's HEAD
 */
public record RefreshOptions(Path results, Path baselines, String profile, int window, List<String> only, List<String> accept,
                      boolean overwriteCorrupt, String commit) {

    /** The scenarios named by --only or --accept; empty when neither was given. */
    List<String> named() {
        return accept.isEmpty() ? only : accept;
    }
}
