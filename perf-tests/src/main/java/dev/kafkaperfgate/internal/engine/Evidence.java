package dev.kafkaperfgate.internal.engine;

import dev.kafkaperfgate.internal.baseline.Baseline;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.verdict.Judge;
import dev.kafkaperfgate.internal.verdict.PairedT;

import java.util.List;
import java.util.Map;

/**
 * What one measurement gives the {@link Referee} to judge: a run against its stored baseline, or
 * the blocks of a side-by-side measurement. The noise model differs (between days, or within a
 * pair) and so do the judges; what happens with the verdict does not.
 */
public sealed interface Evidence permits Evidence.Stored, Evidence.Paired {

    /**
     * One run of the head, judged against the scenario's baseline file.
     *
     * @param baseline {@code null} when the scenario has none: every metric is NEW
     */
    record Stored(Judge.Run run, Baseline baseline, Thresholds thresholds) implements Evidence {
    }

    /**
     * Base and head measured side by side.
     *
     * @param subject   the scenario the verdict is of
     * @param component the team's component measured alone, e.g. {@code value.serializer com.acme.OrderSerializer};
     *                  empty for the whole client
     * @param blocks    per metric, its ABBA blocks in run order; a metric a side could not measure is absent
     * @param thresholds the base's thresholds; unset values take the paired defaults
     * @param changes   what the head changed in the subject, for the reader
     */
    record Paired(String subject, String component, Map<Metric, List<PairedT.Block>> blocks, Thresholds thresholds,
                  List<String> changes) implements Evidence {

        /** The whole client's evidence. */
        public Paired(String subject, Map<Metric, List<PairedT.Block>> blocks, Thresholds thresholds, List<String> changes) {
            this(subject, "", blocks, thresholds, changes);
        }

        public Paired {
            blocks = Map.copyOf(blocks);
            changes = List.copyOf(changes);
        }
    }
}
