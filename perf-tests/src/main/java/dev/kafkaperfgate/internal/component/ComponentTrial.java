package dev.kafkaperfgate.internal.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaperfgate.internal.figures.Metric;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One trial of one component on one side: a JMH run with one fork, its warm-up iterations left
 * out, and the fork's mean ns/op and allocated B/op. Allocation below 1 B/op counts as 1: an
 * allocation-free call's residue (a few thousandths of a byte) is not a ratio to judge.
 */
final class ComponentTrial {

    private ComponentTrial() {
    }

    static Map<Metric, Double> run(SideJvm jvm, ComponentFiles files, ComponentRef component, ComponentTrialSettings plan, int number) {
        Path out;
        try {
            out = Files.createTempFile("kpg-component-", ".json");
        } catch (IOException e) {
            throw new ComponentStageException("cannot create a JMH result file: " + e.getMessage(), e);
        }
        try {
            String iteration = plan.iteration().toMillis() + "ms";
            jvm.run(component.label() + "-" + number, plan.timeout(), "org.openjdk.jmh.Main", List.of(
                    ComponentBenchmark.class.getName() + ".measure",
                    "-f", "1", "-wi", Integer.toString(plan.warmupIterations()), "-w", iteration,
                    "-i", Integer.toString(plan.iterations()), "-r", iteration, "-prof", "gc", "-foe", "true",
                    "-jvmArgs", "-Xms512m -Xmx512m -XX:+UseG1GC",
                    "-rf", "json", "-rff", out.toString(),
                    "-p", "experimentFile=" + files.experiment(), "-p", "subjectFile=" + files.subject(jvm.side()),
                    "-p", "scenario=" + files.scenario(), "-p", "role=" + component.role(), "-p", "className=" + component.className()));
            return figures(new ObjectMapper().readTree(out.toFile()), jvm, component);
        } catch (IOException e) {
            throw new ComponentStageException("the " + jvm.side().key() + "'s JMH result cannot be read: " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException e) {
                // A temp file; the next run does not read it.
            }
        }
    }

    static Map<Metric, Double> figures(JsonNode results, SideJvm jvm, ComponentRef component) {
        JsonNode result = results.path(0);
        double nsPerOp = result.path("primaryMetric").path("score").asDouble(Double.NaN);
        double bytesPerOp = Double.NaN;
        for (Iterator<Map.Entry<String, JsonNode>> it = result.path("secondaryMetrics").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> metric = it.next();
            if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
                bytesPerOp = metric.getValue().path("score").asDouble(Double.NaN);
            }
        }
        if (!(nsPerOp > 0) || !(bytesPerOp >= 0)) {
            throw new ComponentStageException("the " + jvm.side().key() + "'s JMH run of " + component.label()
                    + " gave no ns/op or B/op figures");
        }
        Map<Metric, Double> figures = new EnumMap<>(Metric.class);
        figures.put(Metric.COMPONENT_NS_PER_OP, nsPerOp);
        figures.put(Metric.COMPONENT_BYTES_PER_OP, Math.max(1.0, bytesPerOp));
        return figures;
    }
}
