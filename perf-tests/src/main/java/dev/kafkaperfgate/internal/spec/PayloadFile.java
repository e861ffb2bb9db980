package dev.kafkaperfgate.internal.spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's {@code payload.file}: one record value per non-empty line (UTF-8, the newline not
 * included), as kafka-producer-perf-test's {@code --payload-file} with its default delimiter.
 */
public final class PayloadFile {

    private PayloadFile() {
    }

    /** @throws IllegalArgumentException when the file cannot be read or has no non-empty line */
    public static List<byte[]> values(Path file) {
        List<byte[]> lines = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isEmpty()) {
                    lines.add(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("payload file " + file + " does not exist", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("payload file " + file + " cannot be read: " + e, e);
        }
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("payload file " + file + " has no non-empty line");
        }
        return lines;
    }
}
