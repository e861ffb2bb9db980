package dev.kafkaperfgate.internal.broker;

/** Exits 0: tells a test whether a command prefix can run a JVM at all. */
public final class TrueMain {

    private TrueMain() {
    }

    public static void main(String[] args) {
        System.exit(0);
    }
}
