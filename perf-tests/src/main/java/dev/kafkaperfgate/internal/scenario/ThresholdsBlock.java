package dev.kafkaperfgate.internal.scenario;

import dev.kafkaperfgate.internal.spec.Thresholds;
import dev.kafkaperfgate.internal.spec.WorkloadKind;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A scenario file's {@code thresholds} block: how far each metric may move before it is a regression. */
final class ThresholdsBlock {

    private static final Pattern PERCENT = Pattern.compile("([+-])(\\d+(?:\\.\\d+)?)%");

    private ThresholdsBlock() {
    }

    /**
     * {@code thresholds: {throughput: -5%, p99: +30%, ...}}. The broker's figures ({@code broker.cpu},
     * {@code broker.produce.time}) are gated only when named here, and only where the broker's JMX
     * counts what the scenario sends: a consume or mirror scenario's trials produce nothing.
     */
    static Thresholds read(YamlMap doc, WorkloadKind workload) {
        return relative(doc, workload).withP99Max(p99Max(doc));
    }

    /**
     * {@code latency: {p99.max: 5ms}}: the team's latency budget, as Kafka's performance tools state a target (issue 82).
     * The head's p99 is judged against it; NaN when the file states none.
     */
    private static double p99Max(YamlMap doc) {
        YamlMap latency = doc.map("latency");
        if (latency == null) {
            return Double.NaN;
        }
        latency.rejectUnknown(List.of("p99.max"));
        if (!latency.has("p99.max")) {
            latency.report("p99.max", "is the budget latency states, e.g. latency: {p99.max: 5ms}");
        }
        java.time.Duration max = latency.duration("p99.max", null);
        return max == null ? Double.NaN : max.toNanos() / 1000.0;
    }

    private static Thresholds relative(YamlMap doc, WorkloadKind workload) {
        YamlMap thresholds = doc.map("thresholds");
        if (thresholds == null) {
            return Thresholds.UNSET;
        }
        for (String broker : List.of(Thresholds.BROKER_CPU_KEY, Thresholds.BROKER_PRODUCE_TIME_KEY)) {
            if (thresholds.has(broker) && (workload == WorkloadKind.CONSUME || workload == WorkloadKind.MIRROR)) {
                thresholds.report(broker, "gates what the broker does for the records a trial produces; a " + workload.key()
                        + " scenario's trials produce none (use it with produce or end-to-end)");
            } else if (thresholds.has(broker) && doc.has("fault")) {
                thresholds.report(broker, "cannot be gated with a fault: the node the fault stops is not read for the whole trial, "
                        + "so no trial has the cluster's whole figure");
            }
        }
        Thresholds d = Thresholds.UNSET;
        thresholds.rejectUnknown(List.of("throughput", "p99", "cpu", "alloc", "wire.bytes", "records.per.request", "failover",
                Thresholds.BROKER_CPU_KEY, Thresholds.BROKER_PRODUCE_TIME_KEY));
        return new Thresholds(percent(thresholds, "throughput", '-', d.throughputDropPercent()),
                percent(thresholds, "p99", '+', d.p99RisePercent()),
                percent(thresholds, "cpu", '+', d.cpuRisePercent()),
                percent(thresholds, "alloc", '+', d.allocRisePercent()),
                percent(thresholds, "wire.bytes", '+', d.wireBytesRisePercent()),
                percent(thresholds, "records.per.request", '-', d.recordsPerRequestDropPercent()),
                percent(thresholds, "failover", '+', d.failoverRisePercent()),
                percent(thresholds, Thresholds.BROKER_CPU_KEY, '+', d.brokerCpuRisePercent()),
                percent(thresholds, Thresholds.BROKER_PRODUCE_TIME_KEY, '+', d.brokerProduceTimeRisePercent()));
    }

    private static double percent(YamlMap thresholds, String key, char sign, double fallback) {
        String text = thresholds.text(key, false);
        if (text == null) {
            return fallback;
        }
        Matcher matcher = PERCENT.matcher(text.trim());
        if (!matcher.matches() || matcher.group(1).charAt(0) != sign || Double.parseDouble(matcher.group(2)) == 0) {
            thresholds.report(key, "must be a percentage with sign " + sign + ", e.g. " + sign
                    + (sign == '-' ? "10%" : "25%") + ", got '" + text + "'");
            return fallback;
        }
        return Double.parseDouble(matcher.group(2));
    }
}
