package dev.kafkaperfgate.internal.spec;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A slow link, as a scenario file writes it: between the clients and the brokers, or, in a
 * mirror scenario, between the source cluster and MirrorMaker 2 (which runs beside the target,
 * as a migration across datacenters runs it).
 *
 * <pre>
 * network:
 *   rtt: 30ms            # round trip added by the link: half each way
 *   bandwidth: 100Mbit   # optional: per connection and direction (Kbit, Mbit, Gbit; bits per second)
 * </pre>
 *
 * @param rtt              round-trip time the link adds, 1 ms to 10 s
 * @param bandwidthBitsPerSecond the link's rate per TCP connection and direction, or 0 for unlimited;
 *                         at least 8 Kbit/s (Toxiproxy's rate unit is 1 KB/s)
 *
 * <p>There is no {@code loss}: Toxiproxy relays TCP streams, and TCP resends what a link drops,
 * so a lossy link shows to Kafka's clients only as added delay. The parser says so.
 */
public record NetworkSpec(Duration rtt, long bandwidthBitsPerSecond) {

    private static final Pattern BANDWIDTH = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(kbit|mbit|gbit)", Pattern.CASE_INSENSITIVE);
    private static final long MIN_BANDWIDTH = 8_000;

    public NetworkSpec {
        if (rtt == null || rtt.compareTo(Duration.ofMillis(1)) < 0 || rtt.compareTo(Duration.ofSeconds(10)) > 0) {
            throw new IllegalArgumentException("rtt must be 1ms to 10s, got " + (rtt == null ? "nothing" : rtt.toMillis() + " ms"));
        }
        if (bandwidthBitsPerSecond != 0 && bandwidthBitsPerSecond < MIN_BANDWIDTH) {
            throw new IllegalArgumentException("bandwidth must be at least 8Kbit, got " + bandwidthBitsPerSecond + " bit/s");
        }
    }

    /** {@code 100Mbit} → 100 000 000; decimal units, as link speeds are sold. */
    public static long parseBandwidth(String text) {
        Matcher matcher = BANDWIDTH.matcher(text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("must be a rate such as 100Mbit, 500Kbit or 1Gbit, got '" + text + "'");
        }
        double value = Double.parseDouble(matcher.group(1));
        long unit = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "kbit" -> 1_000L;
            case "mbit" -> 1_000_000L;
            default -> 1_000_000_000L;
        };
        return Math.round(value * unit);
    }

    public boolean bandwidthLimited() {
        return bandwidthBitsPerSecond > 0;
    }

    /** The link one-way: half the round trip, in whole milliseconds (Toxiproxy's latency unit). */
    public long oneWayMillis() {
        return Math.max(1, rtt.toMillis() / 2);
    }

    /** Toxiproxy's bandwidth toxic rate: KB/s, where its KB is 1000 bytes (it sleeps len(bytes) ms / rate). */
    public long toxiproxyRateKBPerSecond() {
        return Math.max(1, bandwidthBitsPerSecond / 8 / 1000);
    }
}
