package dev.kafkaperfgate.internal.settings;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/** "Did you mean": the allowed name nearest to a typo, within two edits. */
public final class Spelling {

    private static final int MAX_EDITS = 2;

    private Spelling() {
    }

    public static Optional<String> nearest(String typo, Collection<String> allowed) {
        return allowed.stream()
                .filter(candidate -> distance(typo, candidate) <= MAX_EDITS)
                .min(Comparator.comparingInt(candidate -> distance(typo, candidate)));
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
