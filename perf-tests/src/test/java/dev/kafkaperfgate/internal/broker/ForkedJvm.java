package dev.kafkaperfgate.internal.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a main class of the test classpath in a fresh JVM, bounded, for tests that must kill or reconfigure a JVM. */
public final class ForkedJvm {

    public record Result(int exitCode, String output) {
    }

    private ForkedJvm() {
    }

    public static Process start(Class<?> main, Map<String, String> environment, Path output, String... args) {
        return start(List.of(), main, environment, output, args);
    }

    /** @param prefix a command the JVM runs under (e.g. unshare), empty for none */
    public static Process start(List<String> prefix, Class<?> main, Map<String, String> environment, Path output, String... args) {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path")));
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith("perf.") || name.startsWith("org.slf4j."))
                .forEach(name -> command.add("-D" + name + "=" + System.getProperty(name)));
        command.add(main.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(environment);
        try {
            return builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start a JVM for " + main.getName(), e);
        }
    }

    public static Result run(List<String> prefix, Class<?> main, Duration timeout, Map<String, String> environment, String... args) {
        try {
            Path output = Files.createTempFile("kpg-forked-", ".log");
            Process process = start(prefix, main, environment, output, args);
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeout + ":\n" + Files.readString(output, StandardCharsets.UTF_8));
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            Files.deleteIfExists(output);
            return new Result(process.exitValue(), text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
