package dev.kafkaperfgate.internal.settings.machine;

import java.util.Arrays;
import java.util.List;

/**
 * A JVM's flags as a launcher takes them, one per element: split once, where the setting is read,
 * never again at launch. {@link #text} is the form a report and a fingerprint show.
 *
 * <pre>{@code
 * JvmFlags.of("-Xms512m -Xmx512m -XX:+UseG1GC").flags();   // [-Xms512m, -Xmx512m, -XX:+UseG1GC]
 * }</pre>
 */
public record JvmFlags(List<String> flags) {

    public JvmFlags {
        flags = List.copyOf(flags);
        if (flags.stream().anyMatch(flag -> flag.isBlank() || flag.chars().anyMatch(Character::isWhitespace))) {
            throw new IllegalArgumentException("a JVM flag holds no space: " + flags);
        }
    }

    /** The flags {@code text} holds, split at whitespace; none when it is blank. */
    public static JvmFlags of(String text) {
        return new JvmFlags(text == null || text.isBlank() ? List.of() : Arrays.asList(text.strip().split("\\p{javaWhitespace}+")));
    }

    /** The flags joined by one space, as a command line shows them. */
    public String text() {
        return String.join(" ", flags);
    }

    @Override
    public String toString() {
        return text();
    }
}
