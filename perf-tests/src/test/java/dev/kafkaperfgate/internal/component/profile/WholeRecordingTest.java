package dev.kafkaperfgate.internal.component.profile;

import jdk.jfr.Recording;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A worker's recording is read whole: every sample of the JVM, named as a reader names frames. */
@Tag("unit")
class WholeRecordingTest {

    @Test
    void aMethodThatBurnsLeadsTheCpuSamplesOfThisJvmsOwnRecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("worker.base.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(java.time.Duration.ofMillis(2));
            recording.enable("jdk.ObjectAllocationSample").with("throttle", "5000/s");
            recording.start();
            burnFor(400_000_000L, 3);
            recording.stop();
            recording.dump(file);
        }
        SideProfile profile = DuelProfile.readWhole(file);
        String burner = WholeRecordingTest.class.getName() + ".burnFor(long, int)";
        assertTrue(profile.samples() >= 20, "CPU samples of 400 ms at 2 ms: " + profile.samples());
        assertTrue(profile.totalShare(burner) > 0.5, burner + " on " + profile.totalShare(burner) + " of the samples; frames: "
                + profile.frames());
        assertTrue(Files.size(file) > 0);
    }

    /** Spins this thread for {@code nanos} of its CPU time; {@code seed} keeps the JIT from folding the loop. */
    private static long burnFor(long nanos, int seed) {
        long start = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        long spin = seed;
        while (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - start < nanos) {
            for (int i = 0; i < 1000; i++) {
                spin = spin * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return spin;
    }
}
