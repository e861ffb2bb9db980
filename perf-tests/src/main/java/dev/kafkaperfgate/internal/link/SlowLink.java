package dev.kafkaperfgate.internal.link;

import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.KafkaBroker;
import dev.kafkaperfgate.internal.broker.LinkFigures;
import dev.kafkaperfgate.internal.broker.LinkPorts;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;

import java.nio.file.Path;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A scenario's {@code network} block made real: a Toxiproxy server on this host with one proxy
 * per broker, in front of each node's link listener, adding half the round trip in each direction
 * and, when asked, limiting each connection's bandwidth in each direction. Before it is used the
 * link is measured ({@link LinkProbe}) and refused when it is not what was asked for.
 *
 * <pre>{@code
 * try (SlowLink link = SlowLink.open(broker, new NetworkSpec(Duration.ofMillis(30), 100_000_000), "clients-brokers", console)) {
 *     KafkaBroker behindTheLink = link.broker(broker);   // bootstrap.servers through the proxies
 *     ...
 * }
 * }</pre>
 */
public final class SlowLink implements AutoCloseable {

    private final ToxiproxyServer server;
    private final NetworkSpec spec;
    private final String path;
    private final KafkaBroker broker;
    private final List<Proxy> proxies;
    private final String bootstrapServers;
    private LinkFigures figures;

    private SlowLink(ToxiproxyServer server, NetworkSpec spec, String path, KafkaBroker broker, List<Proxy> proxies, String bootstrapServers) {
        this.server = server;
        this.spec = spec;
        this.path = path;
        this.broker = broker;
        this.proxies = proxies;
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Starts the proxies in front of {@code broker}'s link listeners and measures the link.
     *
     * @param path       what the link joins, for messages and the result file: {@code clients-brokers}, {@code source-mirrormaker}
     * @param toxiproxy  Toxiproxy's server binary ({@code perf.toxiproxy.server}); {@code null}: on the PATH, or built once with Go
     * @throws BrokerUnavailableException when the broker has no link listener or Toxiproxy cannot start
     * @throws LinkMismatchException      when the measured link is not the configured one
     */
    public static SlowLink open(KafkaBroker broker, NetworkSpec spec, String path, Path toxiproxy, PrintStream console) {
        LinkPorts ports = broker.linkPorts().orElseThrow(() -> new BrokerUnavailableException("a slow link needs a cluster the "
                + "gate starts as processes (its link listener sits behind Toxiproxy); the " + broker.info().mode()
                + " broker has none"));
        ToxiproxyServer server = ToxiproxyServer.start(toxiproxy, console);
        SlowLink link = null;
        try {
            List<Proxy> proxies = new ArrayList<>();
            for (LinkPorts.Node node : ports.nodes()) {
                Proxy proxy = server.client().createProxy("kpg-broker-" + node.nodeId(), "127.0.0.1:" + node.proxyPort(),
                        "127.0.0.1:" + node.brokerPort());
                addToxics(proxy, spec);
                proxies.add(proxy);
            }
            String bootstrap = ports.nodes().stream().map(node -> "127.0.0.1:" + node.proxyPort()).collect(Collectors.joining(","));
            link = new SlowLink(server, spec, path, broker, proxies, bootstrap);
            link.verify();
            console.println("[kafka-perf-gate] " + link.figures.line());
            return link;
        } catch (IOException e) {
            server.close();
            throw new BrokerUnavailableException("Toxiproxy refused the link's proxies: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            if (link != null) {
                link.close();
            } else {
                server.close();
            }
            throw e;
        }
    }

    /** Half the round trip each way, and the bandwidth limit each way, as Toxiproxy's toxics. */
    static void addToxics(Proxy proxy, NetworkSpec spec) throws IOException {
        proxy.toxics().latency("rtt-up", ToxicDirection.UPSTREAM, spec.oneWayMillis());
        proxy.toxics().latency("rtt-down", ToxicDirection.DOWNSTREAM, spec.oneWayMillis());
        if (spec.bandwidthLimited()) {
            proxy.toxics().bandwidth("bandwidth-up", ToxicDirection.UPSTREAM, spec.toxiproxyRateKBPerSecond());
            proxy.toxics().bandwidth("bandwidth-down", ToxicDirection.DOWNSTREAM, spec.toxiproxyRateKBPerSecond());
        }
    }

    /**
     * Measures the link again and keeps the figures.
     *
     * @throws LinkMismatchException when the measured round trip or bandwidth is off (see {@link LinkFigures#problem()})
     */
    LinkFigures verify() {
        figures = new LinkProbe(server, spec, path).measure(broker.bootstrapServers(), bootstrapServers);
        figures.problem().ifPresent(problem -> {
            throw new LinkMismatchException(problem + ". Is the machine overloaded? The link's figures would not be the ones "
                    + "the scenario claims.");
        });
        return figures;
    }

    /** The broker as its clients see it across this link: bootstrap.servers at the proxies, the link's figures in its info. */
    public KafkaBroker broker(KafkaBroker direct) {
        return new LinkedBroker(direct, bootstrapServers, figures);
    }

    /** bootstrap.servers through the link. */
    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The link as measured when it opened. */
    public LinkFigures figures() {
        return figures;
    }

    /** The proxies, one per broker: for a test that changes the link under the gate's feet. */
    List<Proxy> proxies() {
        return proxies;
    }

    @Override
    public void close() {
        server.close();
    }
}
