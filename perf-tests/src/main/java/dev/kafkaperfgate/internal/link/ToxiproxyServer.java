package dev.kafkaperfgate.internal.link;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import dev.kafkaperfgate.internal.settings.Defaults;
import dev.kafkaperfgate.internal.settings.GateProperties;
import dev.kafkaperfgate.internal.broker.BrokerUnavailableException;
import dev.kafkaperfgate.internal.broker.OwnedProcess;
import dev.kafkaperfgate.internal.broker.StopOnce;
import eu.rekawek.toxiproxy.ToxiproxyClient;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Toxiproxy server process on this host, listening on 127.0.0.1 only, with its API client.
 * The server binary is, in this order: {@code -Dperf.toxiproxy.server}, {@code toxiproxy-server}
 * on the PATH, the gate's cache ({@code ~/.cache/kafka-perf-gate}), or built into that cache from
 * the Go module proxy with {@code go install} when Go is present (once: about 30 s here). Without
 * any of these a scenario that needs a link fails with one line saying what to install.
 *
 * <p>Stopped by pid on {@link #close()}, from a shutdown hook, and by a watchdog process when the
 * JVM dies without either.
 */
final class ToxiproxyServer implements AutoCloseable {

    static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server";

    private final Process process;
    private final Process watchdog;
    private final Path log;
    private final ToxiproxyClient client;
    private final StopOnce stopOnce;

    private ToxiproxyServer(Process process, Process watchdog, Path log, ToxiproxyClient client) {
        this.process = process;
        this.watchdog = watchdog;
        this.log = log;
        this.client = client;
        this.stopOnce = new StopOnce("kpg-toxiproxy", this::stop);
    }

    /** Starts a server and returns once its API answers, within {@link Defaults#LINK_START_TIMEOUT}. */
    static ToxiproxyServer start(Path configured, PrintStream console) {
        Path binary = binary(configured, console);
        int port = freePort();
        Path log;
        Process process;
        try {
            log = Files.createTempFile("kpg-toxiproxy-", ".log");
            process = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port", Integer.toString(port))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            throw new BrokerUnavailableException("Toxiproxy's server " + binary + " could not start: " + e.getMessage(), e);
        }
        Process watchdog = watchdog(process.pid());
        ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", port);
        long deadline = System.nanoTime() + Defaults.LINK_START_TIMEOUT.toNanos();
        while (true) {
            try {
                client.version();
                return new ToxiproxyServer(process, watchdog, log, client);
            } catch (IOException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    watchdog.destroyForcibly();
                    throw new BrokerUnavailableException("Toxiproxy's server " + binary + " did not answer on 127.0.0.1:" + port
                            + " within " + Defaults.LINK_START_TIMEOUT.toSeconds() + " s" + (process.isAlive() ? "" : " (it exited)")
                            + "; its log: " + log);
                }
                sleep(100);
            }
        }
    }

    ToxiproxyClient client() {
        return client;
    }

    @Override
    public void close() {
        stopOnce.close();
    }

    private void stop() {
        OwnedProcess.stop(process, Duration.ofSeconds(5));
        watchdog.destroyForcibly();
        try {
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // a log in the temp directory; nothing to lose
        }
    }

    /** Where the server binary is, building it when it can. */
    static Path binary(Path configured, PrintStream console) {
        if (configured != null) {
            Path path = configured;
            if (!Files.isExecutable(path)) {
                throw new BrokerUnavailableException("-D" + GateProperties.TOXIPROXY_SERVER + "=" + configured
                        + ": not an executable file");
            }
            return path;
        }
        Optional<Path> onPath = onPath("toxiproxy-server");
        if (onPath.isPresent()) {
            return onPath.get();
        }
        Path cacheDir = cacheDir();
        Path cached = cacheDir.resolve("server");
        if (Files.isExecutable(cached)) {
            return cached;
        }
        Path go = onPath("go").orElseThrow(() -> new BrokerUnavailableException("a scenario with a network block needs "
                + "Toxiproxy's server, and neither toxiproxy-server nor Go is on the PATH: install Go (the gate then builds "
                + MODULE + "@" + Defaults.TOXIPROXY_VERSION + " once), or pass -D" + GateProperties.TOXIPROXY_SERVER + "=<binary>"));
        console.println("[kafka-perf-gate] link: building Toxiproxy's server " + Defaults.TOXIPROXY_VERSION + " into " + cacheDir
                + " (once) with " + go);
        build(go, cacheDir);
        return cached;
    }

    private static void build(Path go, Path cacheDir) {
        Path buildLog = cacheDir.resolve("build.log");
        try {
            Files.createDirectories(cacheDir);
            ProcessBuilder builder = new ProcessBuilder(go.toString(), "install", MODULE + "@" + Defaults.TOXIPROXY_VERSION)
                    .redirectErrorStream(true).redirectOutput(buildLog.toFile());
            builder.environment().put("GOBIN", cacheDir.toString());
            Process build = builder.start();
            if (!build.waitFor(Defaults.TOXIPROXY_BUILD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                build.destroyForcibly();
                throw new BrokerUnavailableException("building Toxiproxy's server did not finish within "
                        + Defaults.TOXIPROXY_BUILD_TIMEOUT.toSeconds() + " s (is the Go module proxy reachable?); log: " + buildLog);
            }
            if (build.exitValue() != 0) {
                throw new BrokerUnavailableException("go install " + MODULE + "@" + Defaults.TOXIPROXY_VERSION + " exited with code "
                        + build.exitValue() + ": " + Files.readString(buildLog).strip().lines().reduce((a, b) -> b).orElse("")
                        + "; log: " + buildLog);
            }
        } catch (IOException e) {
            throw new BrokerUnavailableException("cannot build Toxiproxy's server into " + cacheDir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while building Toxiproxy's server", e);
        }
    }

    private static Path cacheDir() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : ThisJvm.userHome().resolve(".cache");
        return base.resolve("kafka-perf-gate").resolve("toxiproxy-" + Defaults.TOXIPROXY_VERSION);
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Arrays.stream(path.split(File.pathSeparator)).map(dir -> Path.of(dir, name)).filter(Files::isExecutable).findFirst();
    }

    /** Stops the server once this JVM is gone (SIGKILL, a crash). */
    private static Process watchdog(long pid) {
        try {
            return OwnedProcess.watchdog("kpg-toxiproxy-watchdog", pid, null);
        } catch (IOException e) {
            throw new BrokerUnavailableException("cannot start the watchdog of Toxiproxy's server: " + e.getMessage(), e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new BrokerUnavailableException("no free port on this host for the link: " + e.getMessage(), e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrokerUnavailableException("interrupted while Toxiproxy's server started", e);
        }
    }
}
