package dev.kafkaperfgate.internal.broker;

import java.util.Locale;
import java.util.Optional;

/**
 * A slow link as configured and as measured just before the scenario ran over it. The measured
 * round trip is what a Kafka client sees: the median time of a metadata request through the
 * link, less the same request's median without it. The measured bandwidth is one connection's
 * upload rate through the same proxy server with the same toxics.
 *
 * @param path                   what the link joins: {@code clients-brokers}, or {@code source-mirrormaker}
 * @param rttMs                  round trip configured, ms
 * @param measuredRttMs          round trip measured, ms
 * @param bandwidthBitsPerSecond bandwidth configured per connection and direction, bit/s; 0 for unlimited
 * @param measuredBitsPerSecond  bandwidth measured, bit/s; 0 when the link is not limited (not measured)
 */
public record LinkFigures(String path, long rttMs, double measuredRttMs, long bandwidthBitsPerSecond, double measuredBitsPerSecond) {

    /** A measured round trip may differ from the configured one by this much, or 20 %, whichever is larger. */
    public static final double RTT_TOLERANCE_MS = 5;
    /** A measured bandwidth may differ from the configured one by this fraction. */
    public static final double BANDWIDTH_TOLERANCE = 0.25;

    /** Why the link is not what the scenario asked for, or empty when it is. */
    public Optional<String> problem() {
        double rttTolerance = Math.max(RTT_TOLERANCE_MS, 0.2 * rttMs);
        if (Math.abs(measuredRttMs - rttMs) > rttTolerance) {
            return Optional.of(String.format(Locale.ROOT, "the %s link measured a round trip of %.1f ms where %d ms was asked "
                    + "for (tolerance ±%.0f ms)", path, measuredRttMs, rttMs, rttTolerance));
        }
        if (bandwidthBitsPerSecond > 0 && Math.abs(measuredBitsPerSecond / bandwidthBitsPerSecond - 1) > BANDWIDTH_TOLERANCE) {
            return Optional.of(String.format(Locale.ROOT, "the %s link measured %.2f Mbit/s where %.2f Mbit/s was asked for "
                    + "(tolerance ±%.0f %%)", path, measuredBitsPerSecond / 1e6, bandwidthBitsPerSecond / 1e6, BANDWIDTH_TOLERANCE * 100));
        }
        return Optional.empty();
    }

    /** {@code link clients-brokers: rtt 30 ms (measured 30.4 ms), 100 Mbit/s (measured 98.7 Mbit/s)}. */
    public String line() {
        return String.format(Locale.ROOT, "link %s: rtt %d ms (measured %.1f ms)%s", path, rttMs, measuredRttMs,
                bandwidthBitsPerSecond > 0 ? String.format(Locale.ROOT, ", %.2f Mbit/s (measured %.2f Mbit/s)",
                        bandwidthBitsPerSecond / 1e6, measuredBitsPerSecond / 1e6) : "");
    }
}
