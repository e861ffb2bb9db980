package dev.kafkaperfgate.internal.settings;

/** Paired mode's component stage ({@code perf.components}): whether the team's components are measured alone. */
public enum ComponentsMode {
    /** Measured unless both sides' classpaths are the same by content. */
    AUTO,
    /** Measured anyway. */
    ALWAYS,
    /** The stage is skipped. */
    OFF
}
