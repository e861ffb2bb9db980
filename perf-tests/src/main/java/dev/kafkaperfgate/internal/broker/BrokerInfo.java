package dev.kafkaperfgate.internal.broker;

/**
 * A broker as the result file records it.
 *
 * @param mode       container, process or external
 * @param version    the broker's Kafka version where the gate knows it, else {@code null}
 * @param image      the container image, {@code null} for other modes
 * @param jvmFlags   heap and GC flags of the broker JVM, {@code null} where the gate does not start it
 * @param cpuSet     the CPUs the broker is pinned to, {@code null} when unpinned
 * @param reason     why this mode runs (the selection's explanation)
 * @param brokers    the brokers of the cluster: 1 for a single broker; for an external cluster as
 *                   many as it registered when the gate connected, 0 where not known
 * @param link       the slow link the clients reached it through, as measured, or {@code null} for none
 */
public record BrokerInfo(String mode, String version, String image, String jvmFlags, String cpuSet, String reason, int brokers,
                         LinkFigures link) {

    /** A broker the clients reach directly. */
    public BrokerInfo(String mode, String version, String image, String jvmFlags, String cpuSet, String reason, int brokers) {
        this(mode, version, image, jvmFlags, cpuSet, reason, brokers, null);
    }

    /** This broker, reached through {@code measured}. */
    public BrokerInfo withLink(LinkFigures measured) {
        return new BrokerInfo(mode, version, image, jvmFlags, cpuSet, reason, brokers, measured);
    }
}
