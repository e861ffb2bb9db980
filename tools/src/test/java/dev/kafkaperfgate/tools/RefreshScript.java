package dev.kafkaperfgate.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs scripts/refresh-baselines.sh as a user would, with a fixed commit, bounded to a minute. */
public final class RefreshScript {

    /** Exit code and everything the script printed (stdout and stderr together). */
    public record Outcome(int exit, String output) {
    }

    private RefreshScript() {
    }

    public static Outcome run(Path results, Path baselines, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", Path.of("../scripts/refresh-baselines.sh").toAbsolutePath().toString(),
                "--results", results.toString(), "--baselines", baselines.toString(), "--commit", "0123abc"));
        command.addAll(List.of(options));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // The gate's classes as this test JVM has them: no Maven build inside the test.
        builder.environment().put("KPG_GATE_CLASSPATH", System.getProperty("java.class.path"));
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("refresh-baselines.sh did not finish in 60 s");
        }
        return new Outcome(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
