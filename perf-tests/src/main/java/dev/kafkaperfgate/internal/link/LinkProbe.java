package dev.kafkaperfgate.internal.link;

import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.LinkFigures;
import dev.kafkaperfgate.internal.spec.NetworkSpec;
import eu.rekawek.toxiproxy.Proxy;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Measures a link the way its users meet it, before a scenario trusts it:
 * <ul>
 *   <li><b>round trip</b>: a Kafka Admin client's metadata request, {@value #SAMPLES} times through
 *       the link and as many times directly; the difference of the medians is what the link adds,
 *       with the broker's own handling time taken out;</li>
 *   <li><b>bandwidth</b> (when limited): one connection uploads about a second's worth of bytes
 *       through the same Toxiproxy server, with the same toxics, to a sink that answers at the end;
 *       the bytes over (elapsed − round trip) is the rate.</li>
 * </ul>
 */
final class LinkProbe {

    static final int SAMPLES = 15;
    private static final int WARM_UP_REQUESTS = 3;
    private static final int MIN_PROBE_BYTES = 64 * 1024;
    private static final int MAX_PROBE_BYTES = 32 * 1024 * 1024;

    private final ToxiproxyServer server;
    private final NetworkSpec spec;
    private final String path;

    LinkProbe(ToxiproxyServer server, NetworkSpec spec, String path) {
        this.server = server;
        this.spec = spec;
        this.path = path;
    }

    LinkFigures measure(String directBootstrap, String linkBootstrap) {
        double direct = medianMetadataMillis(directBootstrap);
        double linked = medianMetadataMillis(linkBootstrap);
        double rtt = Math.max(0, linked - direct);
        double bandwidth = spec.bandwidthLimited() ? uploadBitsPerSecond(rtt) : 0;
        return new LinkFigures(path, spec.rtt().toMillis(), rtt, spec.bandwidthBitsPerSecond(), bandwidth);
    }

    /** The median time of a metadata request (Admin#describeCluster) once connected, ms. */
    static double medianMetadataMillis(String bootstrapServers) {
        Map<String, Object> config = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Defaults.ADMIN_TIMEOUT.toMillis(),
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) Defaults.ADMIN_TIMEOUT.toMillis());
        double[] samples = new double[SAMPLES];
        try (Admin admin = Admin.create(config)) {
            for (int i = -WARM_UP_REQUESTS; i < SAMPLES; i++) {
                long start = System.nanoTime();
                admin.describeCluster().nodes().get(Defaults.ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                if (i >= 0) {
                    samples[i] = (System.nanoTime() - start) / 1e6;
                }
            }
        } catch (ExecutionException | TimeoutException e) {
            throw new BrokerUnavailableException("the link probe's metadata request to " + bootstrapServers + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while measuring the link", e);
        }
        Arrays.sort(samples);
        return samples[SAMPLES / 2];
    }

    /** One connection's upload rate through a probe proxy with the link's toxics, bit/s. */
    private double uploadBitsPerSecond(double rttMillis) {
        int bytes = (int) Math.min(MAX_PROBE_BYTES, Math.max(MIN_PROBE_BYTES, spec.bandwidthBitsPerSecond() / 8));
        try (ServerSocket sink = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread sinkThread = new Thread(() -> drain(sink), "kpg-link-probe-sink");
            sinkThread.setDaemon(true);
            sinkThread.start();
            int port = ToxiproxyServer.freePort();
            Proxy probe = server.client().createProxy("kpg-probe", "127.0.0.1:" + port, "127.0.0.1:" + sink.getLocalPort());
            try {
                SlowLink.addToxics(probe, spec);
                try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                    socket.setSoTimeout((int) Defaults.ADMIN_TIMEOUT.toMillis() * 2);
                    byte[] chunk = new byte[64 * 1024];
                    long start = System.nanoTime();
                    DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                    out.writeInt(bytes); // the length first: Toxiproxy does not pass a half-close on
                    for (int sent = 0; sent < bytes; sent += chunk.length) {
                        out.write(chunk, 0, Math.min(chunk.length, bytes - sent));
                    }
                    out.flush();
                    if (socket.getInputStream().read() < 0) {
                        throw new IOException("the probe's sink closed without answering");
                    }
                    double seconds = (System.nanoTime() - start) / 1e9 - rttMillis / 1e3;
                    return bytes * 8.0 / Math.max(seconds, 1e-3);
                }
            } finally {
                probe.delete();
            }
        } catch (IOException e) {
            throw new BrokerUnavailableException("the link's bandwidth probe failed: " + e.getMessage(), e);
        }
    }

    /** Reads one connection's announced number of bytes, then answers one byte: the upload has arrived. */
    private static void drain(ServerSocket sink) {
        try (Socket socket = sink.accept(); DataInputStream in = new DataInputStream(socket.getInputStream())) {
            byte[] buffer = new byte[64 * 1024];
            int remaining = in.readInt();
            while (remaining > 0) {
                int read = in.read(buffer, 0, Math.min(buffer.length, remaining));
                if (read < 0) {
                    return;
                }
                remaining -= read;
            }
            socket.getOutputStream().write(1);
            socket.getOutputStream().flush();
        } catch (IOException e) {
            // the measuring side reports the failure
        }
    }
}
