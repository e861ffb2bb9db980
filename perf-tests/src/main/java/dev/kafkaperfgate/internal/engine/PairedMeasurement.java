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
 * One scenario measured side by side: every stretch of both sides in run order, each with the
 * figures the verdict compares, and the definition each side ran. A stretch is whatever the stage
 * measures one side in: a trial (fresh clients), a window (warm clients) or a duel's half.
 *
 * @param stretches      in run order; blocks of four as {@link TrialOrder} laid them out
 * @param baseDefinition the definition block of the base's stretches
 * @param headDefinition the definition block of the head's stretches
 */
public record PairedMeasurement(List<Stretch> stretches, JsonNode baseDefinition, JsonNode headDefinition) {

    /**
     * One stretch: whose, its number in run order (1-based), its value of each metric it measured,
     * the client's own metrics (by Kafka's name), the broker's figures over the stretch (from its
     * JMX) and the stalls while it ran ({@code gcPauseMillis}, {@code gcCount} of the side's JVM,
     * the machine's {@code stealMillis}), all of which explain a diff and none of which is judged.
     */
    public record Stretch(Side side, int number, Map<Metric, Double> values, Map<String, Double> client, Map<String, Double> broker,
                        Map<String, Double> stalls) {

        public Stretch {
            client = Map.copyOf(client);
            broker = Map.copyOf(broker);
            stalls = Map.copyOf(stalls);
        }

        public Stretch(Side side, int number, Map<Metric, Double> values) {
            this(side, number, values, Map.of(), Map.of(), Map.of());
        }
    }

    public PairedMeasurement {
        stretches = List.copyOf(stretches);
        if (stretches.isEmpty() || stretches.size() % 4 != 0) {
            throw new IllegalArgumentException("a paired measurement is whole blocks of four stretches, got " + stretches.size());
        }
    }

    /**
     * This measurement with {@code more} blocks after it, measured later on the same side JVMs:
     * their stretches keep run order, numbered on from this one's last.
     */
    public PairedMeasurement append(PairedMeasurement more) {
        List<Stretch> all = new ArrayList<>(stretches);
        int offset = stretches.size();
        more.stretches().forEach(stretch -> all.add(new Stretch(stretch.side(), offset + stretch.number(), stretch.values(), stretch.client(),
                stretch.broker(), stretch.stalls())));
        return new PairedMeasurement(all, baseDefinition, headDefinition);
    }

    /**
     * Per metric, its blocks: the base's two values and the head's two, each in run order. A
     * metric is left out when any stretch lacks it (a wrapper without client metrics has no wire bytes).
     */
    public Map<Metric, List<PairedT.Block>> blocks() {
        Map<Metric, List<PairedT.Block>> blocks = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            if (stretches.stream().allMatch(stretch -> stretch.values().containsKey(metric))) {
                List<PairedT.Block> metricBlocks = new ArrayList<>();
                for (int start = 0; start < stretches.size(); start += 4) {
                    List<Stretch> block = stretches.subList(start, start + 4);
                    double[] base = values(block, Side.BASE, metric);
                    double[] head = values(block, Side.HEAD, metric);
                    metricBlocks.add(new PairedT.Block(base[0], base[1], head[0], head[1], block.get(0).side() == Side.BASE));
                }
                blocks.put(metric, metricBlocks);
            }
        }
        return blocks;
    }

    private static double[] values(List<Stretch> block, Side side, Metric metric) {
        double[] values = block.stream().filter(stretch -> stretch.side() == side).mapToDouble(stretch -> stretch.values().get(metric)).toArray();
        if (values.length != 2) {
            throw new IllegalStateException("a block holds two stretches of each side, got " + values.length + " of the " + side.key());
        }
        return values;
    }

    /**
     * {@code {"records-per-request-avg": {"base": 1.1, "head": 1.1}, ...}}: each side's median over its
     * stretches of the client's own metrics, side by side. A kafka-clients upgrade that changes batching
     * shows here even when no judged metric moves.
     */
    ObjectNode clientMetrics() {
        return sideBySide(Stretch::client);
    }

    /** The broker's figures per stretch ({@code produce-TotalTimeMs-mean}, ...), each side's median, side by side. */
    ObjectNode brokerMetrics() {
        return sideBySide(Stretch::broker);
    }

    private ObjectNode sideBySide(java.util.function.Function<Stretch, Map<String, Double>> figures) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        java.util.Set<String> names = new java.util.TreeSet<>();
        stretches.forEach(stretch -> names.addAll(figures.apply(stretch).keySet()));
        for (String name : names) {
            ObjectNode pair = node.putObject(name);
            for (Side side : Side.values()) {
                double[] values = stretches.stream().filter(stretch -> stretch.side() == side && figures.apply(stretch).containsKey(name))
                        .mapToDouble(stretch -> figures.apply(stretch).get(name)).toArray();
                if (values.length > 0) {
                    pair.put(side.key(), Math.round(dev.kafkaperfgate.internal.metrics.Median.of(values) * 1000) / 1000.0);
                }
            }
        }
        return node;
    }

    /**
     * The stalls each stretch records, milliseconds: the side's GC pauses, the machine's steal, the
     * CPU the other side used meanwhile (it should idle), and its JIT's compiling, counted apart.
     */
    private static final List<String> STALLS = List.of("gcPauseMillis", "stealMillis", "idleSideCpuMillis", "idleSideJitMillis");

    /**
     * {@code {"order": "ABBA…", "base": {"gcPauseMillis": [..], "stealMillis": [..]}, "head": {..},
     * "line": "…"}}: each side's stalls in run order, for the report's chart beside the p99; empty
     * when no stretch recorded any.
     */
    ObjectNode stalls() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (stretches.stream().allMatch(stretch -> stretch.stalls().isEmpty())) {
            return node;
        }
        node.put("order", order());
        for (Side side : Side.values()) {
            ObjectNode sideNode = node.putObject(side.key());
            List<Stretch> own = stretches.stream().filter(stretch -> stretch.side() == side).toList();
            for (String stall : STALLS) {
                if (own.stream().allMatch(stretch -> stretch.stalls().containsKey(stall))) {
                    own.forEach(stretch -> sideNode.withArray(stall).add(stretch.stalls().get(stall)));
                }
            }
        }
        stallsLine().ifPresent(line -> node.put("line", line));
        return node;
    }

    /**
     * One line for the console and the report, per side over its windows (or stretches): {@code GC
     * pauses: base 41 ms in 3 of 48 (longest 25 ms), head 0 ms in 48; the machine's steal: base 0 ms
     * in 48, head 20 ms in 2 of 48 (longest 10 ms)}; empty when no stretch recorded stalls.
     */
    public java.util.Optional<String> stallsLine() {
        if (stretches.stream().allMatch(stretch -> stretch.stalls().isEmpty())) {
            return java.util.Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        for (String stall : STALLS) {
            List<String> sides = new ArrayList<>();
            for (Side side : Side.values()) {
                double[] values = stretches.stream().filter(stretch -> stretch.side() == side && stretch.stalls().containsKey(stall))
                        .mapToDouble(stretch -> stretch.stalls().get(stall)).toArray();
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
        return TrialOrder.text(stretches.stream().map(Stretch::side).toList());
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
                List<Stretch> own = stretches.stream().filter(stretch -> stretch.side() == side).toList();
                if (own.stream().allMatch(stretch -> stretch.values().containsKey(metric))) {
                    own.forEach(stretch -> sideNode.withArray(metric.key()).add(Math.round(stretch.values().get(metric) * 10) / 10.0));
                }
            }
        }
        return node;
    }
}
