package dev.kafkaperfgate.internal.engine;

/** The two sides of a paired run: A, the base commit, and B, the pull request's head. */
public enum Side {
    BASE("base", 'A'),
    HEAD("head", 'B');

    private final String key;
    private final char letter;

    Side(String key, char letter) {
        this.key = key;
        this.letter = letter;
    }

    public String key() {
        return key;
    }

    /** The side whose turn it is not. */
    public Side other() {
        return this == BASE ? HEAD : BASE;
    }

    /** A or B, as the run order is written: ABBABAAB. */
    public char letter() {
        return letter;
    }
}
