package dev.kafkaperfgate.tools.power;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Finds the size of an injected regression that really has the goal's effect, for gate-power's
 * paired bench: probe, then the next size, until a probe lands near the goal.
 *
 * <p>Why more than one proportional step: an injection's effect is not proportional to its size.
 * A CPU burn in {@code send()} costs no throughput at all until it uses up the sending thread's
 * slack (the I/O thread and the broker set the pace), then costs it steeply: on the pinned
 * 2-core machine 416 ns per record measured +0.5% throughput and 1.3 µs −31%. Scaling 1.3 µs
 * by 10/31 therefore landed in the flat part. So the sizer keeps every probe, with size 0 as a
 * known point of no effect, and once one probe overshot it interpolates between the largest
 * size that fell short and the smallest that overshot (regula falsi), which converges on a
 * threshold-shaped curve as well as on a straight one. Before any overshoot it scales the
 * largest size up by goal / effect, and by ×{@value #MAX_STEP} when the effect was too small or of
 * the wrong sign to scale by.
 *
 * <pre>{@code
 * InjectionSizer sizer = new InjectionSizer(-10, 1300);   // goal -10% throughput, first probe 1300 ns
 * sizer.probed(1300, -31.3);                                // overshot: next is between 0 and 1300
 * sizer.probed(sizer.next(), +0.5);                         // none at 415: next between 415 and 1300
 * sizer.done();                                             // a probe within a quarter of the goal?
 * }</pre>
 */
final class InjectionSizer {

    /** The largest factor one step may scale the size up by while nothing has overshot yet. */
    static final double MAX_STEP = 4;

    /** How close a probe must land, as a share of the goal: ±25% of the goal (−10% ± 2.5 points). */
    static final double TOLERANCE = 0.25;

    private record Probe(double size, double effect) {
    }

    private final double goal;
    private final double first;
    private final List<Probe> probes = new ArrayList<>();

    /**
     * @param goalPercent the effect wanted on the target metric, in percent, non-zero (−10 for a 10% throughput drop)
     * @param firstSize   the first size to probe, positive, in the injection's own unit (ns of burn, bytes)
     */
    InjectionSizer(double goalPercent, double firstSize) {
        if (goalPercent == 0 || !Double.isFinite(goalPercent) || !(firstSize > 0)) {
            throw new IllegalArgumentException("a goal must be non-zero and a first size positive, got " + goalPercent
                    + " and " + firstSize);
        }
        this.goal = goalPercent;
        this.first = firstSize;
    }

    /** Records one probe's real effect on the target metric, in percent. */
    void probed(double size, double effectPercent) {
        if (!(size > 0) || !Double.isFinite(effectPercent)) {
            throw new IllegalArgumentException("a probe needs a positive size and a finite effect, got " + size + " and "
                    + effectPercent);
        }
        probes.add(new Probe(size, effectPercent));
    }

    /** Whether the last probe landed within {@link #TOLERANCE} of the goal. */
    boolean done() {
        return !probes.isEmpty() && Math.abs(progress(probes.get(probes.size() - 1)) - 1) <= TOLERANCE;
    }

    /** The size to use now: the first size before any probe, the last probe's size once one landed, else the next step. */
    double next() {
        if (probes.isEmpty()) {
            return first;
        }
        if (done()) {
            return probes.get(probes.size() - 1).size();
        }
        Probe shortBy = probes.stream().filter(probe -> progress(probe) < 1).max(Comparator.comparingDouble(Probe::size))
                .orElse(new Probe(0, 0));
        Probe over = probes.stream().filter(probe -> progress(probe) > 1 && probe.size() > shortBy.size())
                .min(Comparator.comparingDouble(Probe::size)).orElse(null);
        if (over != null) {
            double shortProgress = Math.max(0, progress(shortBy));
            double share = (1 - shortProgress) / (progress(over) - shortProgress);
            return shortBy.size() + share * (over.size() - shortBy.size());
        }
        double progress = progress(shortBy);
        return shortBy.size() * (progress > 1 / MAX_STEP ? 1 / progress : MAX_STEP);
    }

    /** The probes so far, in the order made, as "size→effect" pairs for the bench's log. */
    @Override
    public String toString() {
        return probes.stream().map(probe -> String.format(Locale.ROOT, "%.0f→%+.1f%%", probe.size(), probe.effect()))
                .toList().toString();
    }

    /** How far a probe got toward the goal: 1 on it, below 1 short (negative: the wrong way), above 1 past it. */
    private double progress(Probe probe) {
        return probe.effect() / goal;
    }
}
