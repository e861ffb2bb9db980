package dev.kafkaperfgate.internal.paired;

/** The two sides of a paired run: A, the base commit, and B, the pull request's head. */
enum Side {
    BASE("base", 'A'),
    HEAD("head", 'B');

    private final String key;
    private final char letter;

    Side(String key, char letter) {
        this.key = key;
        this.letter = letter;
    }

    String key() {
        return key;
    }

    /** A or B, as the run order is written: ABBABAAB. */
    char letter() {
        return letter;
    }
}
