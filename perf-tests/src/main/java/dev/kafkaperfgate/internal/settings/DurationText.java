package dev.kafkaperfgate.internal.settings;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as scenario files and {@code -Dperf.*} properties write them: {@code 500ms}, {@code 15s}, {@code 2m}. */
public final class DurationText {

    private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m)");

    private DurationText() {
    }

    /** @throws IllegalArgumentException naming the accepted forms */
    public static Duration parse(String text) {
        Matcher matcher = FORM.matcher(text.trim());
        if (!matcher.matches()) {
            // At most 9 digits: 999999999m is 1900 years, and no arithmetic below can overflow.
            throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 500ms, 15s or 2m (at most 9 digits)");
        }
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMinutes(amount);
        };
    }
}
