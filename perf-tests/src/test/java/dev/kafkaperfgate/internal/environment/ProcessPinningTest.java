package dev.kafkaperfgate.internal.environment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessPinningTest {

    @Test
    @Timeout(60)
    void aJvmThatPinsItselfRunsEveryThreadOnItsCpuSet() throws Exception {
        // In a JVM of its own: pinning the test JVM would slow every other test.
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SelfPinningMain.class.getName(), "0")
                .redirectErrorStream(true).start();
        assertTrue(jvm.waitFor(50, TimeUnit.SECONDS), "the pinned JVM hung");
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, jvm.exitValue(), output);
        // Every thread, including one started after pinning, runs on CPU 0 only.
        assertEquals(List.of("0"), output.lines().map(line -> line.substring(line.lastIndexOf(':') + 1).trim()).distinct().toList(),
                output);
    }
}
