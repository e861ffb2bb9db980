package dev.kafkaperfgate.internal.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaperfgate.internal.figures.Metric;
import dev.kafkaperfgate.internal.verdict.PairedT;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario measured side by side: every trial of both sides in run order, each with the
 * figures the verdict compares, and the definition each side ran.
 *
 * @param trials         in run order; blocks of four as {@link TrialOrder} laid them out
 * @param baseDefinition the definition block of the base's trials
 * @param headDefinition the definition block of the head's trials
 */
public record PairedMeasurement(List<Trial> trials, JsonNode baseDefinition, JsonNode headDefinition) {

    /**
     * One trial: whose, its number in run order (1-based), its value of each metric it measured,
     * the client's own metrics (by Kafka's name), the broker's figures over the trial (from its
     * JMX) and the stalls while it ran ({@code gcPauseMillis}, {@code gcCount} of the side's JVM,
     * the machine's {@code stealMillis}), all of which explain a diff and none of which is judged.
     */
    public record Trial(Side side, int number, Map<Metric, Double> values, Map<String, Double> client, Map<String, Double> broker,
                        Map<String, Double> stalls) {

        public Trial {
            client = Map.copyOf(client);
            broker = Map.copyOf(broker);
            stalls = Map.copyOf(stalls);
        }

        public Trial(Side side, int number, Map<Metric, Double> values) {
            this(side, number, values, Map.of(), Map.of(), Map.of());
        }
    }

    public PairedMeasurement {
        trials = List.copyOf(trials);
        if (trials.isEmpty() || trials.size() % 4 != 0) {
            throw new IllegalArgumentException("a paired measurement is whole blocks of four trials, got " + trials.size());
        }
    }

    /**
     * This measurement with {@code more} blocks after it, measured later on the same side JVMs:
     * their trials keep run order, numbered on from this one's last.
     */
    public PairedMeasurement append(PairedMeasurement more) {
        List<Trial> all = new ArrayList<>(trials);
        int offset = trials.size();
        more.trials().forEach(trial -> all.add(new Trial(trial.side(), offset + trial.number(), trial.values(), trial.client(),
                trial.broker(), trial.stalls())));
        return new PairedMeasurement(all, baseDefinition, headDefinition);
    }

    /**
     * Per metric, its blocks: the base's two values and the head's two, each in run order. A
     * metric is left out when any trial lacks it (a wrapper without client metrics has no wire bytes).
     */
    public Map<Metric, List<PairedT.Block>> blocks() {
        Map<Metric, List<PairedT.Block>> blocks = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            if (trials.stream().allMatch(trial -> trial.values().containsKey(metric))) {
                List<PairedT.Block> metricBlocks = new ArrayList<>();
                for (int start = 0; start < trials.size(); start += 4) {
                    List<Trial> block = trials.subList(start, start + 4);
                    double[] base = values(block, Side.BASE, metric);
                    double[] head = values(block, Side.HEAD, metric);
                    metricBlocks.add(new PairedT.Block(base[0], base[1], head[0], head[1], block.get(0).side() == Side.BASE));
                }
                blocks.put(metric, metricBlocks);
            }
        }
        return blocks;
    }

    private static double[] values(List<Trial> block, Side side, Metric metric) {
        double[] values = block.stream().filter(trial -> trial.side() == side).mapToDouble(trial -> trial.values().get(metric)).toArray();
        if (values.length != 2) {
            throw new IllegalStateException("a block holds two trials of each side, got " + values.length + " of the " + side.key());
        }
        return values;
    }

    /**
     * {@code {"records-per-request-avg": {"base": 1.1, "head": 1.1}, ...}}: each side's median over its
     * trials of the client's own metrics, side by side. A kafka-clients upgrade that changes batching
     * shows here even when no judged metric moves.
     */
    ObjectNode clientMetrics() {
        return sideBySide(Trial::client);
    }

    /** The broker's figures per trial ({@code produce-TotalTimeMs-mean}, ...), each side's median, side by side. */
    ObjectNode brokerMetrics() {
        return sideBySide(Trial::broker);
    }

    private ObjectNode sideBySide(java.util.function.Function<Trial, Map<String, Double>> figures) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        java.util.Set<String> names = new java.util.TreeSet<>();
        trials.forEach(trial -> names.addAll(figures.apply(trial).keySet()));
        for (String name : names) {
            ObjectNode pair = node.putObject(name);
            for (Side side : Side.values()) {
                double[] values = trials.stream().filter(trial -> trial.side() == side && figures.apply(trial).containsKey(name))
                        .mapToDouble(trial -> figures.apply(trial).get(name)).toArray();
                if (values.length > 0) {
                    pair.put(side.key(), Math.round(dev.kafkaperfgate.internal.metrics.Median.of(values) * 1000) / 1000.0);
                }
            }
        }
        return node;
    }

    /**
     * The stalls each trial records, milliseconds: the side's GC pauses, the machine's steal, the
     * CPU the other side used meanwhile (it should idle), and its JIT's compiling, counted apart.
     */
    private static final List<String> STALLS = List.of("gcPauseMillis", "stealMillis", "idleSideCpuMillis", "idleSideJitMillis");

    /**
     * {@code {"order": "ABBA…", "base": {"gcPauseMillis": [..], "stealMillis": [..]}, "head": {..},
     * "line": "…"}}: each side's stalls in run order, for the report's chart beside the p99; empty
     * when no trial recorded any.
     */
    ObjectNode stalls() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (trials.stream().allMatch(trial -> trial.stalls().isEmpty())) {
            return node;
        }
        node.put("order", order());
        for (Side side : Side.values()) {
            ObjectNode sideNode = node.putObject(side.key());
            List<Trial> own = trials.stream().filter(trial -> trial.side() == side).toList();
            for (String stall : STALLS) {
                if (own.stream().allMatch(trial -> trial.stalls().containsKey(stall))) {
                    own.forEach(trial -> sideNode.withArray(stall).add(trial.stalls().get(stall)));
                }
            }
        }
        stallsLine().ifPresent(line -> node.put("line", line));
        return node;
    }

    /**
     * One line for the console and the report, per side over its windows (or trials): {@code GC
     * pauses: base 41 ms in 3 of 48 (longest 25 ms), head 0 ms in 48; the machine's steal: base 0 ms
     * in 48, head 20 ms in 2 of 48 (longest 10 ms)}; empty when no trial recorded stalls.
     */
    public java.util.Optional<String> stallsLine() {
        if (trials.stream().allMatch(trial -> trial.stalls().isEmpty())) {
            return java.util.Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        for (String stall : STALLS) {
            List<String> sides = new ArrayList<>();
            for (Side side : Side.values()) {
                double[] values = trials.stream().filter(trial -> trial.side() == side && trial.stalls().containsKey(stall))
                        .mapToDouble(trial -> trial.stalls().get(stall)).toArray();
                if (values.length == 0) {
                    continue;
                }
                long stalled = java.util.Arrays.stream(values).filter(value -> value > 0).count();
                double total = java.util.Arrays.stream(values).sum();
                double longest = java.util.Arrays.stream(values).max().orElse(0);
                sides.add(stalled == 0 ? String.format(java.util.Locale.ROOT, "%s 0 ms in %d", side.key(), values.length)
                        : String.format(java.util.Locale.ROOT, "%s %.0f ms in %d of %d (longest %.0f ms)", side.key(), total, stalled,
                        values.length, longest));
            }
            if (!sides.isEmpty()) {
                parts.add(switch (stall) {
                    case "gcPauseMillis" -> "GC pauses: ";
                    case "stealMillis" -> "the machine's steal: ";
                    case "idleSideJitMillis" -> "the other side's JIT, in each side's windows: ";
                    default -> "the other side's CPU, in each side's windows: ";
                } + String.join(", ", sides));
            }
        }
        return parts.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(String.join("; ", parts));
    }

    /** The run order as letters, "ABBABAAB". */
    public String order() {
        return TrialOrder.text(trials.stream().map(Trial::side).toList());
    }

    /**
     * {@code {"order": "ABBA…", "base": {"throughput": [..]}, "head": {..}}}: each side's values in
     * run order, for summary.json, the report and the comment.
     */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("order", order());
        ObjectNode stalls = stalls();
        if (!stalls.isEmpty()) {
            node.set("stalls", stalls);
        }
        ObjectNode client = clientMetrics();
        if (!client.isEmpty()) {
            node.set("clientMetrics", client);
        }
        ObjectNode broker = brokerMetrics();
        if (!broker.isEmpty()) {
            node.set("brokerMetrics", broker);
        }
        for (Side side : Side.values()) {
            ObjectNode sideNode = node.putObject(side.key());
            for (Metric metric : Metric.values()) {
                List<Trial> own = trials.stream().filter(trial -> trial.side() == side).toList();
                if (own.stream().allMatch(trial -> trial.values().containsKey(metric))) {
                    own.forEach(trial -> sideNode.withArray(metric.key()).add(Math.round(trial.values().get(metric) * 10) / 10.0));
                }
            }
        }
        return node;
    }
}
