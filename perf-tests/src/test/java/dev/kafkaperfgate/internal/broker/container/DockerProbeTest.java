package dev.kafkaperfgate.internal.broker.container;

import dev.kafkaperfgate.internal.broker.ForkedJvm;
import dev.kafkaperfgate.internal.broker.TrueMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No Docker engine is an answer, not an error: the probe says so in one line, and Testcontainers'
 * own ERROR and its list of every strategy it tried are not printed. In a fresh JVM (Testcontainers
 * caches what it found), with no engine reachable: DOCKER_HOST points at a closed port, and the
 * default socket is hidden in a private mount namespace when there is one.
 */
class DockerProbeTest {

    @Test
    @Timeout(120)
    void noEngineIsOneLineWithoutTestcontainersErrorOrStackTrace() {
        List<String> hidden = List.of("unshare", "-m", "bash", "-c",
                "[ ! -e /var/run/docker.sock ] || mount --bind /dev/null /var/run/docker.sock; exec \"$@\"", "no-docker");
        List<String> prefix = ForkedJvm.run(hidden, TrueMain.class, Duration.ofSeconds(30), Map.of()).exitCode() == 0 ? hidden : List.of();
        ForkedJvm.Result result = ForkedJvm.run(prefix, ProbeMain.class, Duration.ofSeconds(90),
                Map.of("DOCKER_HOST", "tcp://127.0.0.1:1"));
        assertEquals(0, result.exitCode(), result.output());
        List<String> lines = result.output().lines().filter(line -> !line.isBlank()).toList();
        assertEquals(1, lines.size(), "one line, nothing else:\n" + result.output());
        assertTrue(lines.get(0).startsWith("probe: no Docker engine answered") || lines.get(0).startsWith("probe: the Docker engine"),
                result.output());
        assertFalse(result.output().contains("ERROR"), result.output());
    }

    /** Prints what the probe found, one line. */
    public static final class ProbeMain {
        public static void main(String[] args) {
            System.out.println("probe: " + DockerProbe.engineProblem().orElse("an engine answered"));
        }
    }
}
