package dev.kafkaperfgate.internal.component.profile;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One side's samples from a profiling duel: CPU samples per frame (self: the frame on top; total:
 * the frame anywhere on the stack), allocation samples per site (the allocating frame and the
 * type), and both as collapsed stacks (root first, {@code ;}-joined), the flame graph's input.
 *
 * <p>Allocation samples are counted, not weighed by JFR's {@code weight}: the weight is what the
 * thread allocated since its previous sample, and in a duel that spans the other side's batches
 * (measured: a CPU-only change read as 10 times the base's bytes). JFR samples an allocation when it
 * starts a new TLAB, so a site's count is in proportion to its bytes.
 */
public final class SideProfile {

    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> total = new HashMap<>();
    private final Map<String, Long> allocated = new HashMap<>();
    private final Map<String, Long> cpuStacks = new HashMap<>();
    private final Map<String, Long> allocationStacks = new HashMap<>();
    private long samples;
    private long allocations;

    /** A CPU sample whose stack is {@code frames}, top first. */
    void cpu(List<String> frames) {
        if (frames.isEmpty()) {
            return;
        }
        samples++;
        self.merge(frames.get(0), 1L, Long::sum);
        Set<String> seen = new HashSet<>();
        for (String frame : frames) {
            if (seen.add(frame)) {
                total.merge(frame, 1L, Long::sum);
            }
        }
        cpuStacks.merge(collapsed(frames), 1L, Long::sum);
    }

    /** An allocation sample of {@code type} at the stack {@code frames}, top first. */
    void allocation(String type, List<String> frames) {
        if (frames.isEmpty()) {
            return;
        }
        allocations++;
        // The allocating frame and its caller: "byte[] in Arrays.copyOf(byte[], int) ← OrderSerializer.serialize(String, Order)".
        allocated.merge(type + " in " + frames.get(0) + (frames.size() > 1 ? " ← " + frames.get(1) : ""), 1L, Long::sum);
        allocationStacks.merge(collapsed(frames) + ";" + type, 1L, Long::sum);
    }

    private static String collapsed(List<String> frames) {
        StringBuilder line = new StringBuilder();
        for (int i = frames.size() - 1; i >= 0; i--) {
            line.append(frames.get(i).replace(';', ':').replace(' ', '_'));
            if (i > 0) {
                line.append(';');
            }
        }
        return line.toString();
    }

    public long samples() {
        return samples;
    }

    public long allocations() {
        return allocations;
    }

    /** A frame's share of this side's CPU samples with it on top, 0..1. */
    double selfShare(String frame) {
        return samples == 0 ? 0 : self.getOrDefault(frame, 0L) / (double) samples;
    }

    /** A frame's share of this side's CPU samples with it anywhere on the stack, 0..1. */
    double totalShare(String frame) {
        return samples == 0 ? 0 : total.getOrDefault(frame, 0L) / (double) samples;
    }

    /** A site's share of this side's allocation samples, 0..1. */
    double allocationShare(String site) {
        return allocations == 0 ? 0 : allocated.getOrDefault(site, 0L) / (double) allocations;
    }

    Set<String> frames() {
        return total.keySet();
    }

    Set<String> sites() {
        return allocated.keySet();
    }

    /** CPU samples as collapsed stacks: {@code root;...;top count} per line. */
    public Map<String, Long> cpuStacks() {
        return Map.copyOf(cpuStacks);
    }

    /** Allocation samples as collapsed stacks, the allocated type as the top frame. */
    public Map<String, Long> allocationStacks() {
        return Map.copyOf(allocationStacks);
    }
}
