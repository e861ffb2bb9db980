package dev.kafkaperfgate.internal.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The last lines of a broker's log, for error messages that say why it died. */
public final class LogTail {

    private LogTail() {
    }

    public static String of(Path log, int lines) {
        try {
            if (!Files.exists(log)) {
                return "(no log at " + log + ")";
            }
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(log " + log + " unreadable: " + e.getMessage() + ")";
        }
    }
}
