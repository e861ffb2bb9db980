package dev.kafkaperfgate.internal.environment;

/**
 * A line a side printed (its build, its worker), made safe to show in a CI log: GitHub's runner
 * acts on workflow commands it finds in a step's output ({@code ::add-mask::}, {@code ::error::},
 * {@code ##[...]}), so a head could blank "REGRESSION" in the log or post annotations of its own.
 * A zero-width space between the two characters of each such marker keeps the text readable and
 * the runner deaf to it; control characters (a carriage return that rewrites the line shown, an
 * escape sequence) become visible escapes.
 */
public final class SideOutput {

    private static final String ZERO_WIDTH_SPACE = "\u200b";

    private SideOutput() {
    }

    /** {@code line} with every workflow-command marker broken and every control character escaped. */
    public static String neutral(String line) {
        StringBuilder out = new StringBuilder(line.length() + 8);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
                continue;
            }
            out.append(c);
            char next = i + 1 < line.length() ? line.charAt(i + 1) : 0;
            if (c == ':' && next == ':' || c == '#' && next == '#') {
                out.append(ZERO_WIDTH_SPACE);
            }
        }
        return out.toString();
    }
}
