package dev.kafkaperfgate.internal.link;

import dev.kafkaperfgate.internal.broker.BrokerInfo;
import dev.kafkaperfgate.internal.broker.BrokerNodes;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.LinkFigures;

import java.util.Map;
import java.util.Optional;

/**
 * A broker seen across a {@link SlowLink}: its clients bootstrap at the link's proxies; the
 * broker itself (its nodes, its health, its log) is the one behind. Closing it closes nothing:
 * the broker belongs to whoever started it, the link to the scenario.
 */
final class LinkedBroker implements KafkaBroker {

    private final KafkaBroker direct;
    private final String bootstrapServers;
    private final BrokerInfo info;

    LinkedBroker(KafkaBroker direct, String bootstrapServers, LinkFigures figures) {
        this.direct = direct;
        this.bootstrapServers = bootstrapServers;
        this.info = direct.info().withLink(figures);
    }

    @Override
    public String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public Map<String, Object> connectionProperties() {
        return direct.connectionProperties();
    }

    @Override
    public BrokerInfo info() {
        return info;
    }

    @Override
    public Optional<dev.kafkaperfgate.internal.jmx.BrokerJmx> jmx() {
        // The link slows the clients' path, not the broker's own figures.
        return direct.jmx();
    }

    @Override
    public Optional<String> failure() {
        return direct.failure();
    }

    @Override
    public Optional<String> logTail() {
        return direct.logTail();
    }

    @Override
    public Optional<BrokerNodes> nodes() {
        return direct.nodes();
    }

    @Override
    public void close() {
        // the broker is not this object's to stop
    }
}
