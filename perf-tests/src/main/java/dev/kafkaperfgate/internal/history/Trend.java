package dev.kafkaperfgate.internal.history;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One scenario's nights so far and tonight, and the step changes across them: per metric, the
 * change points {@link ChangePoints} finds in the series of run values, at Otava's p ≤ 0.001
 * shared among the scenario's metrics (Bonferroni), so that a scenario's night raises a false
 * flag about as often as one series would under Otava's default. The series starts at the
 * last change of the scenario's definition (an accepted change restarts it, as it restarts the
 * baseline).
 *
 * <p>A step is <b>flagged</b> when it is recent, lasting and large: it happened in the last
 * {@value #RECENT_NIGHTS} nights, at least {@value #MIN_NIGHTS_AFTER} nights have shown the new
 * level (tonight alone is an outlier until the next night repeats it, and the run's own verdict
 * already judges tonight), it goes the metric's bad way, and it is at least the metric's
 * threshold. Every other change point is reported, not flagged. A flag never fails a build: a
 * nightly has no pull request to block, so it goes into the nightly's summary, its job summary
 * and its report, for a person to bisect.
 *
 * <pre>{@code
 * Trend trend = Trend.of(NightlyHistory.read(file), definitionSha256, tonight, minStepPercent);
 * trend.flagged();   // e.g. cpuNsPerRecord +10.4% 3 nights ago (7001 → 7731 ns/record, p 5.4e-07), from commit 1a2b3c4
 * }</pre>
 *
 * @param nights      the series' length, tonight included
 * @param labels      each night's short commit and date, oldest first; tonight is "tonight"
 * @param series      each metric's values, oldest first, tonight last
 * @param steps       every change point found, oldest first per metric
 */
public record Trend(int nights, List<String> labels, Map<Metric, double[]> series, List<Step> steps) {

    /** How far back a step is still news. */
    public static final int RECENT_NIGHTS = 7;
    /** Nights at the new level before a step is flagged: tonight alone is not a step. */
    public static final int MIN_NIGHTS_AFTER = 2;
    /** Fewer nights than this are too few to look for a step in. */
    public static final int MIN_NIGHTS = 6;

    public Trend {
        labels = List.copyOf(labels);
        series = Map.copyOf(series);
        steps = List.copyOf(steps);
    }

    /**
     * One change point of one metric.
     *
     * @param nightsSince how many nights show the new level, tonight included
     * @param commit      the commit of the first night at the new level: where to start bisecting
     * @param flagged     recent, lasting, the bad way, and at least the metric's threshold
     */
    public record Step(Metric metric, int nightsSince, String commit, double before, double after, double pValue, boolean flagged) {

        public double changePercent() {
            return (after / before - 1) * 100;
        }

        /** e.g. {@code cpuNsPerRecord +10.4% 3 nights ago (7001 → 7731 ns/record, p 5.4e-07), from commit 1a2b3c4}. */
        public String describe() {
            return String.format(Locale.ROOT, "%s %+.1f%% %s (%.0f → %.0f %s, p %.2g), from commit %s", metric.key(), changePercent(),
                    nightsSince == 1 ? "tonight" : nightsSince + " nights ago", before, after, metric.unit(), pValue,
                    commit.substring(0, Math.min(7, commit.length())));
        }
    }

    /**
     * @param history          the nights before tonight, oldest first
     * @param definitionSha256 tonight's definition: only the nights since it last changed count
     * @param tonight          tonight's run value of each metric
     * @param minStepPercent   each metric's threshold, as a positive percentage; a metric without one is never flagged
     */
    public static Trend of(List<NightlyHistory.Night> history, String definitionSha256, String tonightsCommit, Map<Metric, Double> tonight,
                           Map<Metric, Double> minStepPercent) {
        int first = history.size();
        while (first > 0 && history.get(first - 1).definitionSha256().equals(definitionSha256)) {
            first--;
        }
        List<NightlyHistory.Night> nights = new ArrayList<>(history.subList(first, history.size()));
        nights.add(new NightlyHistory.Night(tonightsCommit == null ? "tonight" : tonightsCommit, "tonight", "", definitionSha256, tonight));
        List<String> labels = nights.stream().map(night -> night == nights.get(nights.size() - 1) ? "tonight"
                : night.commit().substring(0, Math.min(7, night.commit().length())) + " " + night.date().substring(0, Math.min(10, night.date().length())))
                .toList();
        // Otava's rule per series, at p 0.001 shared among the scenario's metrics (Bonferroni): six series a night at 0.001
        // each flagged about 1% of A/A scenario-nights here, at 0.001 / 6 about 0.2% (docs/history.md).
        ChangePoints detector = new ChangePoints(ChangePoints.OTAVA_DEFAULTS.window(), ChangePoints.OTAVA_DEFAULTS.maxPValue() / Math.max(1, tonight.size()), 0);
        Map<Metric, double[]> series = new java.util.EnumMap<>(Metric.class);
        List<Step> steps = new ArrayList<>();
        // In the enum's order, whatever map tonight's values came in: the same history lists its steps in the same order.
        for (Metric metric : Metric.values()) {
            if (!tonight.containsKey(metric)) {
                continue;
            }
            // A metric a night did not have (recorded before the metric existed) starts its series after that night.
            int start = nights.size();
            while (start > 0 && nights.get(start - 1).values().containsKey(metric)) {
                start--;
            }
            double[] values = nights.subList(start, nights.size()).stream().mapToDouble(night -> night.values().get(metric)).toArray();
            series.put(metric, values);
            if (values.length < MIN_NIGHTS) {
                continue;
            }
            for (ChangePoints.ChangePoint point : detector.find(values)) {
                int since = values.length - point.index();
                double change = point.relativeChange() * 100;
                boolean worse = metric.higherIsBetter() ? change < 0 : change > 0;
                Double min = minStepPercent.get(metric);
                boolean flagged = since <= RECENT_NIGHTS && since >= MIN_NIGHTS_AFTER && worse && min != null && Math.abs(change) >= min;
                steps.add(new Step(metric, since, nights.get(start + point.index()).commit(), point.meanBefore(), point.meanAfter(),
                        point.pValue(), flagged));
            }
        }
        return new Trend(nights.size(), labels, series, steps);
    }

    public List<Step> flagged() {
        return steps.stream().filter(Step::flagged).toList();
    }

    /** As summary.json's {@code trend} block: nights, labels, each metric's series, and the steps. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("nights", nights);
        node.put("detector", "E-Divisive means as Apache Otava runs it (window 50, p ≤ 0.001 shared among the scenario's metrics)");
        labels.forEach(node.putArray("labels")::add);
        ObjectNode values = node.putObject("series");
        for (Metric metric : Metric.values()) {
            double[] metricSeries = series.get(metric);
            if (metricSeries != null) {
                ArrayNode array = values.putArray(metric.key());
                for (double value : metricSeries) {
                    array.add(value);
                }
            }
        }
        ArrayNode stepsNode = node.putArray("steps");
        for (Step step : steps) {
            ObjectNode entry = stepsNode.addObject();
            entry.put("metric", step.metric().key());
            entry.put("nightsSince", step.nightsSince());
            entry.put("commit", step.commit());
            entry.put("before", step.before());
            entry.put("after", step.after());
            entry.put("changePercent", Math.round(step.changePercent() * 10) / 10.0);
            entry.put("pValue", step.pValue());
            entry.put("flagged", step.flagged());
            entry.put("line", step.describe());
        }
        return node;
    }
}
