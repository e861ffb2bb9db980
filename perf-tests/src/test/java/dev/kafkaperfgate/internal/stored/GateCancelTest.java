package dev.kafkaperfgate.internal.stored;

import dev.kafkaperfgate.internal.broker.CommandLines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate action's step cancelled the way a GitHub runner cancels it: the action's own {@code run:}
 * block (read from action.yml) runs in a non-exec {@code bash -eo pipefail}, as the runner runs a
 * step, and that shell, not gate.sh, gets SIGINT, SIGTERM 7.5 s later and SIGKILL 2.5 s after
 * that. Nothing the run started may survive it, and the broker's data directory must be gone. Maven
 * is stood in for by a script that runs the gate's JVM as Surefire would (one JVM under a parent
 * process), so the test takes seconds, not a build; the gate's own install (a team's module in
 * stored mode) is a no-op there.
 */
class GateCancelTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void theRunnersCancelSequenceLeavesNothingRunning() throws Exception {
        Path module = Files.createDirectories(dir.resolve("module"));
        Files.writeString(module.resolve("pom.xml"), "<project/>\n");
        Files.createDirectories(module.resolve("perf"));
        Files.writeString(module.resolve("perf/long.yaml"), """
                name: long
                tags: [smoke]
                workload: produce
                duration: 60s
                record.size: 200
                rate: 2000
                producer: {acks: all, linger.ms: 0, batch.size: 16384, compression.type: none}
                warmup: none
                trials: 3
                """);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), """
                #!/usr/bin/env bash
                # Stands in for Maven: the gate's JVM under a parent process, with the -D arguments.
                # The gate's own build and install, before a team's module runs, has nothing to do here.
                case " $* " in *" install "*) exit 0 ;; esac
                props=()
                for arg in "$@"; do case "$arg" in -D*) props+=("$arg") ;; esac; done
                java -cp "$KPG_TEST_CLASSPATH" "${props[@]}" dev.kafkaperfgate.PerfGate
                """);
        assertTrue(mvn.toFile().setExecutable(true));

        // The step as the runner runs it: the action's run block in a script file, under bash -eo pipefail, with the
        // inputs as environment variables; the team's args choose the process broker over the action's container default.
        Path step = Files.writeString(dir.resolve("step.sh"), runBlock());
        ProcessBuilder builder = new ProcessBuilder("bash", "--noprofile", "--norc", "-eo", "pipefail", step.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("gate.log").toFile());
        java.util.Map<String, String> env = builder.environment();
        env.put("GITHUB_ACTION_PATH", Path.of("../.github/actions/gate").toAbsolutePath().normalize().toString());
        env.put("GITHUB_OUTPUT", dir.resolve("github-output").toString());
        env.put("GITHUB_RUN_ID", "1");
        env.put("WORKDIR", module.toString());
        env.put("SUITE", "smoke");
        env.put("ARGS", "-Dperf.scenarios.dir=perf -Dperf.broker=process -Dperf.broker.warmup=0 -Dperf.baselines.dir=" + dir.resolve("baselines"));
        env.put("IMAGE", "kafka-perf-gate/kafka:unused");
        env.put("COMMIT", "0123abc");
        env.put("BASE", "");
        env.put("PROFILE", "");
        env.put("TARGET_BRANCH", "");
        // A push's facts: stored mode (EventMode decides; without an event's name it refuses).
        env.put("EVENT", "push");
        env.put("REFRESH", "false");
        env.put("DEFAULT_BRANCH", "main");
        env.put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("KPG_TEST_CLASSPATH", System.getProperty("java.class.path"));
        Process shell = builder.start();
        try {
            ProcessHandle broker = awaitBroker(shell, Duration.ofSeconds(150));
            Path dataDir = dataDir(broker);
            List<ProcessHandle> started = shell.descendants().toList();
            assertTrue(started.size() >= 4, "gate.sh, mvn, the gate's JVM and the broker: " + started);

            signal("INT", shell.pid());
            Thread.sleep(7_500);
            signal("TERM", shell.pid());
            Thread.sleep(2_500);
            signal("KILL", shell.pid());

            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (started.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(List.of(), started.stream().filter(ProcessHandle::isAlive)
                    .map(process -> process.pid() + " " + CommandLines.of(process).substring(0, Math.min(200, CommandLines.of(process).length()))).toList(),
                    "processes the cancelled run left behind; log:\n" + Files.readString(dir.resolve("gate.log")));
            assertFalse(Files.exists(dataDir), dataDir + ": the broker's data directory was left behind");
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly();
        }
    }

    /** The "Run the gate" step's run block, as action.yml has it. */
    @SuppressWarnings("unchecked")
    private static String runBlock() throws IOException {
        Map<String, Object> action = new org.yaml.snakeyaml.Yaml().load(Files.readString(Path.of("../.github/actions/gate/action.yml")));
        List<Map<String, Object>> steps = (List<Map<String, Object>>) ((Map<String, Object>) action.get("runs")).get("steps");
        return steps.stream().filter(step -> "gate".equals(step.get("id"))).map(step -> (String) step.get("run")).findFirst()
                .orElseThrow(() -> new AssertionError("action.yml has no step with id gate"));
    }

    private static ProcessHandle awaitBroker(Process shell, Duration bound) throws Exception {
        long deadline = System.nanoTime() + bound.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> broker = shell.descendants()
                    .filter(process -> CommandLines.of(process).contains(" kafka.Kafka "))
                    .findFirst();
            if (broker.isPresent()) {
                Thread.sleep(3_000);   // into the trial: the gate's JVM is measuring, as in a real cancel
                return broker.get();
            }
            if (!shell.isAlive()) {
                throw new AssertionError("gate.sh ended before the broker started (exit " + shell.exitValue() + ")");
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no broker process within " + bound.toSeconds() + " s");
    }

    /** The broker's command line ends with its server.properties, inside its data directory. */
    private static Path dataDir(ProcessHandle broker) {
        String line = CommandLines.of(broker).trim();
        return Path.of(line.substring(line.lastIndexOf(' ') + 1)).getParent();
    }

    private static void signal(String name, long pid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor(5, TimeUnit.SECONDS);
    }
}
