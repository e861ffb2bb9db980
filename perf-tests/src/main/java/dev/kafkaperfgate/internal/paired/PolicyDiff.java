package dev.kafkaperfgate.internal.paired;

import dev.kafkaperfgate.internal.paired.workers.CatalogEntry;
import dev.kafkaperfgate.internal.spec.Thresholds;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the head changed in the gate's own rules, set against the base's, which are the ones that
 * apply: a pull request cannot loosen its own gate. Suites (a scenario's tags), thresholds and
 * scenarios removed or added are listed here; changes to a scenario's experiment are reported by
 * the head's worker when it opens the scenario under the base's experiment.
 */
final class PolicyDiff {

    private final Map<String, Path> headFiles;
    private final Map<String, List<String>> changes;
    private final List<String> lines;

    private PolicyDiff(Map<String, Path> headFiles, Map<String, List<String>> changes, List<String> lines) {
        this.headFiles = headFiles;
        this.changes = changes;
        this.lines = List.copyOf(lines);
    }

    /**
     * @param base  the base's scenarios of the suite: what runs
     * @param head  every scenario of the head
     * @param headSelected the head's scenarios the run's selection picks
     * @param suite the suite selected, or {@code null} for all
     */
    static PolicyDiff between(List<CatalogEntry> base, List<CatalogEntry> head, List<CatalogEntry> headSelected, String suite) {
        Map<String, CatalogEntry> heads = new LinkedHashMap<>();
        head.forEach(entry -> heads.put(entry.name(), entry));
        Map<String, Path> headFiles = new LinkedHashMap<>();
        Map<String, List<String>> changes = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (CatalogEntry entry : base) {
            CatalogEntry own = heads.get(entry.name());
            List<String> scenarioChanges = new ArrayList<>();
            if (own == null) {
                scenarioChanges.add("the head removes this scenario; measured with the base's definition");
            } else {
                headFiles.put(entry.name(), own.file());
                if (!sameThresholds(entry.thresholds(), own.thresholds())) {
                    scenarioChanges.add("thresholds " + text(entry.thresholds()) + " → " + text(own.thresholds()) + " (the base's apply)");
                }
                if (suite != null && !own.tags().contains(suite)) {
                    scenarioChanges.add("the head takes it out of suite " + suite + " (the base's suites apply)");
                }
            }
            changes.put(entry.name(), scenarioChanges);
            scenarioChanges.forEach(change -> lines.add(entry.name() + ": " + change));
        }
        for (CatalogEntry entry : headSelected) {
            if (base.stream().noneMatch(other -> other.name().equals(entry.name()))) {
                lines.add(entry.name() + ": new in the head; not judged until the base has it");
            }
        }
        return new PolicyDiff(headFiles, changes, lines);
    }

    /** The head's file of a scenario, or {@code null} when the head has none. */
    Path headFile(String scenario) {
        return headFiles.get(scenario);
    }

    /** What the head changed in this scenario's rules, each ending in whose rules apply. */
    List<String> changesOf(String scenario) {
        return changes.getOrDefault(scenario, List.of());
    }

    /** Every change, one line each, scenario first. */
    List<String> lines() {
        return lines;
    }

    private static boolean sameThresholds(Thresholds a, Thresholds b) {
        return Objects.equals(text(a), text(b));
    }

    private static String text(Thresholds t) {
        return "{throughput " + value(t.throughputDropPercent()) + ", p99 " + value(t.p99RisePercent()) + ", cpu "
                + value(t.cpuRisePercent()) + ", alloc " + value(t.allocRisePercent()) + ", wire.bytes "
                + value(t.wireBytesRisePercent()) + ", records.per.request " + value(t.recordsPerRequestDropPercent()) + "}";
    }

    private static String value(double percent) {
        return Double.isNaN(percent) ? "default" : percent + "%";
    }
}
