package dev.kafkaperfgate.internal.baseline;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;

/**
 * One scenario's stored baseline, {@code baselines/<profile>/<scenario>.json}, as read and
 * checked by {@link BaselineReader}. Written only by {@code scripts/refresh-baselines.sh}.
 *
 * @param file             where it was read from, for messages
 * @param window           how many runs the history keeps (the oldest is dropped beyond it)
 * @param definitionSha256 SHA-256 of the scenario's definition as the result file records it
 * @param definition       that definition, so a mismatch can say which setting changed
 * @param history          the accepted runs, oldest first; at least one
 */
public record Baseline(Path file, int schemaVersion, String profile, String scenario, String workload, int window,
                       String definitionSha256, JsonNode definition, Fingerprint fingerprint, List<BaselineRun> history) {

    /** The schema this gate reads and the refresh script writes. */
    public static final int SCHEMA_VERSION = 1;

    public Baseline {
        history = List.copyOf(history);
    }
}
