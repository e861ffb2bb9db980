package dev.kafkaperfgate.internal.workload;

import dev.kafkaperfgate.internal.broker.ForkedJvm;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodecCheckTest {

    @Test
    void everyCodecKafkaShipsPassesWhereItsNativeLibraryLoads() {
        for (String codec : List.of("none", "gzip", "snappy", "lz4", "zstd")) {
            CodecCheck.verify("codec-" + codec, Map.of("compression.type", codec));
        }
    }

    /**
     * The real failure: java.io.tmpdir on a noexec mount, where snappy-java and zstd-jni unpack
     * their native libraries. The mount is private to a mount namespace of the forked JVM alone.
     */
    @Test
    @Timeout(120)
    void aCodecWhoseNativeLibraryCannotLoadFailsTheScenarioAtOnceNamingIt() throws IOException {
        Assumptions.assumeTrue(canMountNoexec(), "needs root and unshare to mount a noexec tmpfs");
        Path mountPoint = Files.createTempDirectory("kpg-noexec-");
        try {
            for (String codec : List.of("snappy", "zstd")) {
                ForkedJvm.Result result = ForkedJvm.run(noexecTmp(mountPoint), CodecCheckMain.class, Duration.ofSeconds(60),
                        tmpdir(mountPoint), codec);
                assertEquals(3, result.exitCode(), result.output());
                assertTrue(result.output().contains("scenario codec-noexec: compression.type=" + codec + " cannot be used in this JVM"),
                        result.output());
                assertTrue(result.output().contains("is it mounted noexec?"), result.output());
            }
            ForkedJvm.Result gzip = ForkedJvm.run(noexecTmp(mountPoint), CodecCheckMain.class, Duration.ofSeconds(60),
                    tmpdir(mountPoint), "gzip");
            assertEquals(0, gzip.exitCode(), "gzip is in the JDK and needs no native library: " + gzip.output());
        } finally {
            Files.deleteIfExists(mountPoint);
        }
    }

    /** Runs the JVM in a mount namespace of its own with a noexec tmpfs over {@code mountPoint}. */
    private static List<String> noexecTmp(Path mountPoint) {
        return List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
                "mount -t tmpfs -o noexec tmpfs \"$0\" && exec \"$@\"",
                mountPoint.toString());
    }

    private static Map<String, String> tmpdir(Path directory) {
        return Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + directory);
    }

    private static boolean canMountNoexec() {
        try {
            Process probe = new ProcessBuilder("unshare", "--mount", "--propagation", "private", "sh", "-c",
                    "mount -t tmpfs -o noexec tmpfs /mnt").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
