package dev.kafkaperfgate.internal.verdict;

/** The gate's word on one metric of one scenario. */
public enum Verdict {
    /** Worse beyond the scenario's threshold, and beyond the baseline's run-to-run noise. Fails the build once confirmed. */
    REGRESSION,
    /**
     * Worse beyond the noise in both measurements, but not beyond the threshold in both: a real cost
     * too small to fail the build. Shown in the summary, the comment and the report; never fails.
     */
    WARNING,
    /** Better beyond the threshold and beyond the noise, in both measurements: an improvement is claimed only when confirmed. */
    IMPROVEMENT,
    /**
     * Better beyond the threshold and beyond the noise in one measurement, which no second measured
     * again (a run does not measure again for good news): "better, not confirmed". The gate can
     * tell, so it is not INCONCLUSIVE; it is not claimed, so it is not an IMPROVEMENT (issue 82).
     */
    BETTER,
    /** No change the comparison could resolve, and it could have resolved one of the threshold's size. */
    OK,
    /** The noise is too large to tell a threshold-sized change from chance; the minimum detectable effect says how large. */
    INCONCLUSIVE,
    /** No baseline for this scenario in this profile. */
    NEW,
    /** The baseline was measured with another definition of the scenario or on another environment. */
    MISMATCH;

    /**
     * Whether a metric with this verdict is listed under "needs attention" (the comment's first
     * table, the report's top rows): every verdict but OK, NEW and BETTER. Decided here once; the comment
     * prints summary.json's {@code attention} field.
     */
    public boolean needsAttention() {
        return this != OK && this != NEW && this != BETTER;
    }

    /** How the headline counts it: the name, but BETTER's, which says it was measured once. */
    public String headlineWord() {
        return this == BETTER ? "BETTER (not confirmed)" : name();
    }

    /**
     * Whether this verdict names a change beyond the noise and the threshold, either way
     * (REGRESSION, IMPROVEMENT): the comment's chart draws these metrics. Decided here once; the
     * comment prints summary.json's {@code flagged} field.
     */
    public boolean flagsChange() {
        return this == REGRESSION || this == IMPROVEMENT;
    }
}
