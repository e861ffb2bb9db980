package dev.kafkaperfgate.internal.paired;

/**
 * The base cannot be measured on this runner (no gate, an older gate, or scenario files that do
 * not parse); nothing was measured. The caller says so in one line and falls back to stored
 * baselines.
 */
public final class PairedUnavailableException extends RuntimeException {

    private final boolean baseWithoutGate;

    public PairedUnavailableException(String message) {
        this(message, null, false);
    }

    public PairedUnavailableException(String message, Throwable cause) {
        this(message, cause, false);
    }

    public PairedUnavailableException(String message, Throwable cause, boolean baseWithoutGate) {
        super(message, cause);
        this.baseWithoutGate = baseWithoutGate;
    }

    /**
     * The base has no gate at all: the pull request adopts it. Then there is nothing to judge
     * against on this runner, and a run without stored baselines may pass, saying so.
     */
    public boolean baseWithoutGate() {
        return baseWithoutGate;
    }
}
