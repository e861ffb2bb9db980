package dev.kafkaperfgate.internal.component.profile;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where a regression's time and bytes went: the frames whose share of the CPU samples changed most
 * between base and head (self, then total), and the allocation sites whose share of the
 * allocation samples did. Shares, not absolute counts: each side's samples add up to 100%, so a frame that
 * takes a larger part of the head's time rises even though the two sides ran for different times.
 * A frame or site the base never showed is new.
 *
 * @param cpu        up to {@link #ROWS} frames, the one that gained the most self time per call first
 * @param allocation up to {@link #ROWS} sites, the one that gained the most bytes per call first
 */
public record WhereItWent(List<Row> cpu, List<Row> allocation, long baseSamples, long headSamples, long baseAllocations, long headAllocations) {

    /** How many rows each table holds. */
    public static final int ROWS = 5;

    public WhereItWent {
        cpu = List.copyOf(cpu);
        allocation = List.copyOf(allocation);
    }

    /**
     * One frame or site: its shares on each side, 0..1.
     *
     * @param totalBase the frame's total share (anywhere on the stack); for a site, its share again
     * @param gained    self time (or bytes) gained per call, as a fraction of the base's per call
     */
    public record Row(String name, double base, double head, double totalBase, double totalHead, boolean isNew, double gained) {
        /** A frame's or a site's name is the side's (a class may be named to look like a workflow command): kept neutral. */
        public Row {
            name = dev.kafkaperfgate.internal.environment.SideOutput.neutral(name);
        }
    }

    /**
     * What a frame or site gained per call, as a fraction of the base's time (or bytes) per call. A
     * duel makes as many calls on each side, so a side's samples follow its cost per call: a head
     * that costs 50 times the base's leaves the base so few samples that its shares are noise, and
     * ranking by shares would lead with the base's frames shrinking. Ranked by this, the frames that
     * grew lead.
     */
    private static double gained(double baseShare, double headShare, long baseCount, long headCount, double callsRatio) {
        return baseCount == 0 ? headShare - baseShare : headShare * headCount / (double) baseCount * callsRatio - baseShare;
    }

    /** The two tables of {@code base} against {@code head}, both having made as many calls (a duel). */
    public static WhereItWent of(SideProfile base, SideProfile head) {
        return of(base, head, 1, 1);
    }

    /**
     * The two tables of {@code base} against {@code head}, which made {@code baseCalls} and
     * {@code headCalls} calls (records) while recorded: what a frame gained is per call.
     */
    public static WhereItWent of(SideProfile base, SideProfile head, double baseCalls, double headCalls) {
        double callsRatio = baseCalls > 0 && headCalls > 0 ? baseCalls / headCalls : 1;
        Set<String> frames = new HashSet<>(base.frames());
        frames.addAll(head.frames());
        List<Row> cpu = new ArrayList<>();
        for (String frame : frames) {
            cpu.add(new Row(frame, base.selfShare(frame), head.selfShare(frame), base.totalShare(frame), head.totalShare(frame),
                    base.totalShare(frame) == 0, gained(base.selfShare(frame), head.selfShare(frame), base.samples(), head.samples(), callsRatio)));
        }
        Set<String> sites = new HashSet<>(base.sites());
        sites.addAll(head.sites());
        List<Row> allocation = new ArrayList<>();
        for (String site : sites) {
            double was = base.allocationShare(site);
            double now = head.allocationShare(site);
            allocation.add(new Row(site, was, now, was, now, was == 0, gained(was, now, base.allocations(), head.allocations(), callsRatio)));
        }
        Comparator<Row> byChange = Comparator.comparingDouble(Row::gained).reversed()
                .thenComparing(Comparator.comparingDouble((Row row) -> row.totalHead() - row.totalBase()).reversed())
                .thenComparing(Row::name);
        return new WhereItWent(top(cpu, byChange), top(allocation, byChange), base.samples(), head.samples(), base.allocations(), head.allocations());
    }

    private static List<Row> top(List<Row> rows, Comparator<Row> order) {
        return rows.stream().filter(row -> row.gained() != 0 || row.totalHead() != row.totalBase()).sorted(order).limit(ROWS).toList();
    }

    /** For summary.json and the result file: {@code cpu} and {@code allocation} rows, shares in percent. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.putObject("samples").put("base", baseSamples).put("head", headSamples);
        node.putObject("allocationSamples").put("base", baseAllocations).put("head", headAllocations);
        ArrayNode frames = node.putArray("cpu");
        cpu.forEach(row -> frames.addObject().put("frame", row.name()).put("selfBase", percent(row.base()))
                .put("selfHead", percent(row.head())).put("totalBase", percent(row.totalBase())).put("totalHead", percent(row.totalHead()))
                .put("gainedOfBase", percent(row.gained())).put("new", row.isNew()));
        ArrayNode sites = node.putArray("allocation");
        allocation.forEach(row -> sites.addObject().put("site", row.name()).put("base", percent(row.base())).put("head", percent(row.head()))
                .put("gainedOfBase", percent(row.gained())).put("new", row.isNew()));
        return node;
    }

    private static double percent(double share) {
        return Math.round(share * 1000) / 10.0;
    }

    /** The console's lines: a header, then one line per row of each table. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "CPU (%d base, %d head samples): gained per call (of the base's), self base → head, total "
                + "base → head, frame", baseSamples, headSamples));
        cpu.forEach(row -> lines.add(String.format(Locale.ROOT, "  %+7.1f%%  %5.1f%% → %5.1f%%  %5.1f%% → %5.1f%%  %s%s",
                100 * row.gained(), 100 * row.base(), 100 * row.head(), 100 * row.totalBase(), 100 * row.totalHead(), row.name(),
                row.isNew() ? " (new)" : "")));
        lines.add(String.format(Locale.ROOT, "allocation (%d base, %d head samples): gained per call (of the base's), share base → head, "
                + "site", baseAllocations, headAllocations));
        allocation.forEach(row -> lines.add(String.format(Locale.ROOT, "  %+7.1f%%  %5.1f%% → %5.1f%%  %s%s", 100 * row.gained(),
                100 * row.base(), 100 * row.head(), row.name(), row.isNew() ? " (new)" : "")));
        return lines;
    }
}
