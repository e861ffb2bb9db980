package dev.kafkaperfgate.tools.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs a producer in a JVM of its own, bounded, and reads the records/sec of its final line. */
final class ChildJvm {

    /** Both tools' final lines: "N records sent, X records/sec (..." with more after it. */
    private static final Pattern FINAL = Pattern.compile("(\\d+) records sent, ([0-9.]+) records/sec \\(.*(50th|99\\.9th).*");

    private ChildJvm() {
    }

    static double recordsPerSecond(List<String> command, Duration timeout) {
        List<String> full = new ArrayList<>(command);
        Process process;
        try {
            process = new ProcessBuilder(full).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + command.get(0) + ": " + e.getMessage(), e);
        }
        List<String> lines = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
        reader.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("a producer run took longer than " + timeout + ": " + command);
            }
            reader.join(5_000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        synchronized (lines) {
            for (int i = lines.size() - 1; i >= 0; i--) {
                Matcher matcher = FINAL.matcher(lines.get(i));
                if (matcher.find()) {
                    return Double.parseDouble(matcher.group(2));
                }
            }
            throw new IllegalStateException("no final records/sec line (exit " + process.exitValue() + ") from " + command
                    + ":\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
        }
    }
}
