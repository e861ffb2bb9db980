package dev.kafkaperfgate.internal.verdict;

import dev.kafkaperfgate.internal.metrics.Median;

import java.util.List;
import java.util.Locale;

/**
 * Which latency a fixed-rate scenario's p99 is judged on, in paired mode: the response time (ack
 * minus intended send, the gate's default there) or the service time (ack minus actual send),
 * whichever is steadier from window to window in the blocks being judged.
 *
 * <p>Steadiness is the window-to-window noise the blocks leave once everything a block's
 * log-ratio d cancels is taken out: in each block's four windows in run order x₁..x₄ the contrast
 * x₁ − 3x₂ + 3x₃ − x₄ (logs), which is zero for a constant, for a shift of the head's two windows
 * and for a linear drift, and which has √20 times a window's noise; robustly, 1.4826 × its median
 * magnitude over √20. Why that and not the spread of d itself: a change the head makes leaves it
 * alone, so a real regression does not push the choice away from the latency it shows in; and it
 * is a function of the windows' values in run order, whoever ran them, so with no change (when
 * swapping a block's labels turns d into −d) it says nothing about the signs the signed-rank test
 * counts: taking the steadier latency keeps the test's α (each look is tested at its own α, so a
 * choice that differs between looks keeps it too). A within-side spread (|ln A₁ − ln A₂|) would
 * count the drift d cancels: in A/A windows at 20k records/s it took the service time where the
 * response time's d was the steadier.
 *
 * <p>What it gives up: a head whose producer stalls before sending (blocked on {@code buffer.memory},
 * falling behind its rate) moves the response time and hardly the service time; when the service
 * time is the steadier one, that stall is judged through throughput and CPU rather than the p99.
 *
 * <pre>{@code
 * SteadierLatency.Choice choice = SteadierLatency.choose(responseBlocks, serviceBlocks);
 * choice.blocks();   // what the signed-rank test judges
 * choice.note();     // "judged on the service time: steadier window to window than the response time (noise 15.9% against 29.0%)"
 * }</pre>
 */
public final class SteadierLatency {

    /**
     * @param blocks  the latency's blocks to judge
     * @param service whether that is the service time
     * @param note    for the verdict's reason when the service time was taken; empty otherwise
     */
    public record Choice(List<PairedT.Block> blocks, boolean service, String note) {
    }

    private SteadierLatency() {
    }

    /**
     * @param response the response time's p99 blocks
     * @param service  the service time's p99 blocks of the same windows, or {@code null} when not recorded
     */
    public static Choice choose(List<PairedT.Block> response, List<PairedT.Block> service) {
        if (service == null || service.size() != response.size() || response.isEmpty()) {
            return new Choice(response, false, "");
        }
        double responseSpread = spread(response);
        double serviceSpread = spread(service);
        if (!(serviceSpread < responseSpread)) {
            return new Choice(response, false, "");
        }
        return new Choice(service, true, String.format(Locale.ROOT,
                "judged on the service time: steadier window to window than the response time (noise %.1f%% against %.1f%%)",
                (Math.exp(serviceSpread) - 1) * 100, (Math.exp(responseSpread) - 1) * 100));
    }

    /** A window's noise, in ln units, from the blocks' drift- and change-free contrast (see the class comment). */
    static double spread(List<PairedT.Block> blocks) {
        double[] contrast = blocks.stream().mapToDouble(block -> {
            double[] x = block.inRunOrder();
            return Math.abs(Math.log(x[0]) - 3 * Math.log(x[1]) + 3 * Math.log(x[2]) - Math.log(x[3]));
        }).toArray();
        return 1.4826 * Median.of(contrast) / Math.sqrt(20);
    }
}
