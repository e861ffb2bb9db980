package dev.kafkaperfgate.internal.broker.container;

import dev.kafkaperfgate.internal.environment.ThisJvm;
import com.github.dockerjava.api.DockerClient;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Answers, within bounded time, whether a Docker engine is usable and whether an image can be had.
 *
 * <p>It finds the engine the way Testcontainers does (its provider strategies, DOCKER_HOST,
 * the default socket) but stops short of Testcontainers' start-up, which would also pull and
 * start Ryuk: on a host without registry access that alone takes minutes.
 */
public final class DockerProbe {

    private static final Duration ENGINE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration REGISTRY_TIMEOUT = Duration.ofSeconds(3);

    private DockerProbe() {
    }

    /** Empty when a Docker engine answers; otherwise why not. */
    public static Optional<String> engineProblem() {
        try {
            bounded(() -> client().pingCmd().exec(), ENGINE_TIMEOUT);
            return Optional.empty();
        } catch (IllegalStateException e) {
            return Optional.of("no Docker engine answered (Testcontainers found no usable environment: check "
                    + "DOCKER_HOST and that dockerd runs)");
        } catch (TimeoutException e) {
            return Optional.of("the Docker engine did not answer within " + ENGINE_TIMEOUT.toSeconds() + " s");
        } catch (Exception e) {
            return Optional.of("the Docker engine is unusable: " + e.getMessage());
        }
    }

    /** Whether the engine already holds {@code image}. Call only after {@link #engineProblem()} is empty. */
    public static boolean imagePresent(String image) {
        try {
            return bounded(() -> {
                client().inspectImageCmd(image).exec();
                return true;
            }, ENGINE_TIMEOUT);
        } catch (Exception notFoundOrUnreachable) {
            return false;
        }
    }

    /**
     * Whether the registry {@code image} comes from accepts a connection. A connection is not a
     * successful pull, but its absence is a certain failure, found in seconds instead of after
     * Testcontainers' pull retries.
     */
    public static boolean registryReachable(String image) {
        String registry = DockerImageName.parse(image).getRegistry();
        String host = registry == null || registry.isEmpty() || registry.equals("docker.io") ? "registry-1.docker.io" : registry;
        int port = 443;
        int colon = host.lastIndexOf(':');
        if (colon > 0) {
            port = Integer.parseInt(host.substring(colon + 1));
            host = host.substring(0, colon);
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), (int) REGISTRY_TIMEOUT.toMillis());
            return true;
        } catch (IOException | IllegalArgumentException unreachable) {
            return false;
        }
    }

    /** slf4j-simple's level for Testcontainers' strategy search, read once, when its logger is made. */
    private static final String STRATEGY_LOG_LEVEL = "org.slf4j.simpleLogger.log.org.testcontainers.dockerclient";

    private static DockerClient client() {
        // A missing engine is an answer, said in one line by the caller: without this, the strategy
        // search logs an ERROR and a list of every strategy it tried. A level set by the user wins.
        if (!ThisJvm.hasProperty(STRATEGY_LOG_LEVEL)) {
            System.setProperty(STRATEGY_LOG_LEVEL, "off");
        }
        List<DockerClientProviderStrategy> strategies = new ArrayList<>();
        ServiceLoader.load(DockerClientProviderStrategy.class).forEach(strategies::add);
        return DockerClientProviderStrategy.getFirstValidStrategy(strategies).getDockerClient();
    }

    private static <T> T bounded(Callable<T> call, Duration timeout) throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "kpg-docker-probe");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Future<T> future = executor.submit(call);
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            executor.shutdownNow();
        }
    }
}
