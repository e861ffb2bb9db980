package dev.kafkaperfgate.internal.engine;

/**
 * How a mode measures one scenario: stored mode runs the head once on this machine's broker;
 * paired mode runs base and head in interleaved blocks on two worker JVMs.
 *
 * @param <M> what one measurement holds (result files, trials), for the mode to record
 */
public interface Measurer<M> {

    /** Measures the scenario; {@code confirmation} is true for the second measurement of a flagged regression. */
    M measure(boolean confirmation);

    /** What the {@link Referee} judges of a measurement. */
    Evidence evidence(M measurement);

    /**
     * Makes the next measurement independent of the first before a confirmation: a fresh broker,
     * or fresh worker JVMs, so that one bad JIT or broker state cannot fail the build twice.
     */
    void freshen();

    /** How the confirmation measures, for the reader: e.g. "a re-run on a fresh broker". */
    String confirmationWay();

    /**
     * How many times a measurement may be judged as it grows: 1 for a measurement that cannot grow.
     * The engine judges each look at α / looks.
     */
    default int maxLooks() {
        return 1;
    }

    /**
     * Whether a metric worse beyond the noise but within its threshold is measured again, as a
     * regression is, so that it ends a WARNING only when both measurements show it: for a stage
     * whose second measurement is cheap (a component's duels). Otherwise one measurement speaks,
     * at the stricter α of {@link dev.kafkaperfgate.internal.verdict.GatePolicy#unconfirmedAlpha}.
     */
    default boolean confirmsWorse() {
        return false;
    }

    /** {@code measurement} with more blocks appended, measured now; only called when {@link #maxLooks} is above 1. */
    default M extend(M measurement) {
        throw new UnsupportedOperationException("this measurement cannot grow");
    }
}
