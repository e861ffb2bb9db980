package dev.kafkaperfgate.internal.settings;

/** Whether paired mode measures a whole-client scenario when nothing its clients run changed ({@code perf.clients}). */
public enum ClientsMode {
    /** Not measured when unchanged: a PASS that says so. */
    AUTO,
    /** Measured anyway. */
    ALWAYS
}
