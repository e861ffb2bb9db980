package dev.kafkaperfgate.internal.settings;

/** How paired mode measures the whole client ({@code perf.paired.design}). */
public enum ClientDesign {
    /** Warm windows wherever the scenario allows them; whole trials elsewhere. */
    WINDOWS,
    /** Whole trials, each on a new client and a new topic: the design before warm windows. */
    TRIALS
}
