package dev.kafkaperfgate.internal.component;

import dev.kafkaperfgate.internal.engine.Side;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a component's change stays inside its call, by what its duels saw (issue 72): the head's
 * copies returned exactly what the base's did for every record of the scenario, before and after
 * their measured calls, and the head's JVM did no more work outside the measuring thread than the
 * base's: no more CPU on other threads, no more allocation there, no more threads started, no more
 * time off the CPU (asleep or blocked). Then the client gets the same output at the cost the
 * component stage measured, and the whole client has nothing more to find.
 *
 * <p>The margins are the duels' own noise, measured A/A on the example's Jackson serializer
 * (docs/paired-mode.md): CPU of other threads a tenth of the call's CPU or 200 ns per call,
 * whichever is more (the GC's threads and the JIT's move it); allocation there 16 bytes per call or
 * 5%; time off the CPU a twentieth of the call or 100 ns. A component that hands its work to a thread,
 * sleeps or blocks moves these by its whole cost.
 */
public final class Confined {

    /** What one duel saw of each side: {@code outside} is other threads' CPU ns and bytes per call, threads started, off-CPU ns per call. */
    record Duel(Map<Side, double[]> outside, Map<Side, String> outputs, double baseCpuNsPerOp, double baseBytesPerOp) {
    }

    private static final int CPU = 0;
    private static final int BYTES = 1;
    private static final int STARTED = 2;
    private static final int OFF_CPU = 3;

    private Confined() {
    }

    /** Empty when the duels show the change confined to the call; otherwise why not, for the reader. */
    static Optional<String> why(List<Duel> duels) {
        return why(duels, true);
    }

    /**
     * As {@link #why(List)}; without {@code output}, the outputs are not compared: a deserializer's or
     * partitioner's own code is the same and its input is its serializers' (compared on their own).
     */
    static Optional<String> why(List<Duel> duels, boolean output) {
        if (duels.isEmpty()) {
            return Optional.of("no duel measured it");
        }
        double extraCpu = 0;
        double extraBytes = 0;
        double extraOffCpu = 0;
        double started = 0;
        double cpu = 0;
        double bytes = 0;
        for (Duel duel : duels) {
            String base = duel.outputs().get(Side.BASE);
            String head = duel.outputs().get(Side.HEAD);
            if (output && (base == null || base.equals("n/a") || base.equals("varies") || base.equals("none"))) {
                return Optional.of("its output cannot be compared (" + base + ")");
            }
            if (output && !base.equals(head)) {
                return Optional.of(head != null && head.equals("varies") ? "the head's output differs between calls or copies"
                        : "its output differs from the base's for some of the scenario's records");
            }
            double[] was = duel.outside().get(Side.BASE);
            double[] now = duel.outside().get(Side.HEAD);
            extraCpu += now[CPU] - was[CPU];
            extraBytes += now[BYTES] - was[BYTES];
            extraOffCpu += now[OFF_CPU] - was[OFF_CPU];
            started += now[STARTED] - was[STARTED];
            cpu += duel.baseCpuNsPerOp();
            bytes += duel.baseBytesPerOp();
        }
        int n = duels.size();
        extraCpu /= n;
        extraBytes /= n;
        extraOffCpu /= n;
        cpu /= n;
        bytes /= n;
        if (started > 0) {
            return Optional.of(String.format(Locale.ROOT, "the head's code started %.0f more threads than the base's", started));
        }
        if (extraOffCpu > Math.max(0.05 * cpu, 100)) {
            return Optional.of(String.format(Locale.ROOT, "the head's call spent %+.0f ns per call off the CPU (asleep or blocked) beyond the base's",
                    extraOffCpu));
        }
        if (extraCpu > Math.max(0.10 * cpu, 200)) {
            return Optional.of(String.format(Locale.ROOT, "the head's other threads used %+.0f ns of CPU per call beyond the base's", extraCpu));
        }
        if (extraBytes > Math.max(0.05 * bytes, 16)) {
            return Optional.of(String.format(Locale.ROOT, "the head's other threads allocated %+.0f B per call beyond the base's", extraBytes));
        }
        return Optional.empty();
    }

    /** The figures behind the decision, for summary.json. */
    static String describe(List<Duel> duels) {
        StringBuilder text = new StringBuilder();
        for (Duel duel : duels) {
            double[] was = duel.outside().get(Side.BASE);
            double[] now = duel.outside().get(Side.HEAD);
            text.append(text.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT,
                    "other CPU %.0f/%.0f ns, other B %.0f/%.0f, threads %.0f/%.0f, off-CPU %.0f/%.0f ns, output %s",
                    was[CPU], now[CPU], was[BYTES], now[BYTES], was[STARTED], now[STARTED], was[OFF_CPU], now[OFF_CPU],
                    duel.outputs().get(Side.BASE).equals(duel.outputs().get(Side.HEAD)) ? "same" : "differs"));
        }
        return text.toString();
    }
}
