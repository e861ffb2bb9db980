package dev.kafkaperfgate.internal.broker;

import java.util.List;

/**
 * Where a slow link attaches to a cluster the gate started: per node, the port its link
 * listener advertises (where the link's proxy must listen) and the port that listener is bound
 * to (where the proxy relays to). Clients that bootstrap at the proxy ports reach every node
 * through the link, because a broker's metadata names the listener the client came in on.
 *
 * @param nodes one entry per broker, by node id
 */
public record LinkPorts(List<Node> nodes) {

    public LinkPorts {
        nodes = List.copyOf(nodes);
    }

    /**
     * @param nodeId     the broker's node id
     * @param proxyPort  the port the broker advertises on its link listener, on 127.0.0.1
     * @param brokerPort the port the link listener is bound to, on 127.0.0.1
     */
    public record Node(int nodeId, int proxyPort, int brokerPort) {
    }
}
