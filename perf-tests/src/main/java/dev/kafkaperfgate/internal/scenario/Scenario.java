package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.ProduceScenario;
import dev.kafkaperfgate.internal.spec.TrogdorSpec;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A validated scenario from a scenario file; one per file, or one per value of a sweep.
 *
 * @param file        where it is defined
 * @param line        the line of its name (or of the sweep value it was expanded from)
 * @param name        unique and stable: it keys the baseline; a sweep adds {@code [param=value]}
 * @param description what it stands for, for reports
 * @param tags        the suites it belongs to: {@code pr}, {@code nightly}
 * @param group       the sweep's base name, or the name itself when not swept
 * @param sweptParameter what the sweep varies, as in the name ({@code batch.size}), {@code null} when not swept
 * @param sweptValue  the sweep's value for this scenario, {@code null} when not swept
 * @param workload    what it measures: produce, consume or end-to-end
 * @param produce     the records: what the producer sends (produce, end-to-end) or pre-loads (consume),
 *                    with the warm-up and the trials
 * @param consumer    consumer properties of consume and end-to-end scenarios, Kafka's own keys; empty for produce
 * @param thresholds  how large a change counts, for the verdict
 * @param trogdor     the Trogdor agents its producer runs on, or {@code null} to run in the gate's own JVM
 */
public record Scenario(Path file, int line, String name, String description, List<String> tags, String group,
                       String sweptParameter, String sweptValue, WorkloadKind workload, ProduceScenario produce,
                       Map<String, String> consumer, Thresholds thresholds, TrogdorSpec trogdor) {

    public Scenario {
        tags = List.copyOf(tags);
        consumer = Map.copyOf(consumer);
    }

    /**
     * This scenario as the experiment, with {@code subject}'s client settings (its producer and
     * consumer properties and producer factory): what a pull request may change, and nothing else.
     * Paired mode measures each side this way, the base's file being the experiment.
     */
    public Scenario withSubjectOf(Scenario subject) {
        ProduceScenario composed = produce.withSubject(subject.produce().producer(), subject.produce().producerFactory());
        return new Scenario(file, line, name, description, tags, group, sweptParameter, sweptValue, workload, composed,
                subject.consumer(), thresholds, trogdor);
    }

    /**
     * The comparisons its verdict makes, one per metric it is judged on ({@link Metric#of}): a
     * suite's false-alarm budget is split over the sum of its scenarios' comparisons.
     */
    public int comparisons() {
        return Metric.of(workload, produce.fault() != null, thresholds).size();
    }
}
